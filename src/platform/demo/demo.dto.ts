/**
 * The demo-data calls' answers, declared once here: the server builds them (demo-runs.ts) and the console reads
 * them with `import type`. Declarations only.
 */

/** One seed or clear request of the console, run as a job: where it stands and how it ended. */
export interface DemoRunDto {
  id: string;
  action: 'seed' | 'clear';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** The demo size asked for (seed only). */
  parts: number | null;
  /** What the run is doing now: the module and its step ("catalog: part photos"). */
  step: string | null;
  done: number;
  total: number;
  /** The whole run's share done, 0 to 100. */
  percent: number;
  /** The summary lines, once it succeeded. */
  summary: string[];
  /** Why it failed. */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** GET /api/admin/demo: the latest run, what the demo holds now, and where the house account's pages are. */
export interface DemoStatusDto {
  run: DemoRunDto | null;
  /** Demo records by kind (`catalog.part`: 300). */
  records: Record<string, number>;
  house: { sellerId: string; alias: string; storefrontPath: string; searchPath: string };
}
