import { inject, injectable } from 'inversify';
import { Errors } from '../errors.js';
import { JobQueue } from '../jobs.js';
import { HOUSE_ACCOUNT } from './demo.js';
import type { DemoProgress } from './demo.runner.js';
import type { DemoRunDto, DemoStatusDto } from './demo.dto.js';
import { Database } from '../db/database.js';
import {
  DEMO_RECORD_COUNTS_SQL,
  FAIL_STALE_RUNS_SQL,
  FIND_RUN_SQL,
  INSERT_RUN_SQL,
  LATEST_RUN_SQL,
  RUN_FAILED_SQL,
  RUN_PROGRESS_SQL,
  RUN_SUCCEEDED_SQL,
  START_RUN_SQL,
} from './demo.sql.js';

/** The graphile-worker task that runs a console's seed or clear request. */
export const DEMO_TASK = 'platform/demo-data';
/** A run still queued or running after this long was interrupted (its worker stopped); a new one may start. */
export const STALE_RUN_MS = 30 * 60 * 1000;
export const DEMO_BUSY_MESSAGE = 'Demo data is already being changed. Wait until that finishes, then try again.';

interface RunRow {
  id: string;
  action: 'seed' | 'clear';
  status: DemoRunDto['status'];
  parts: number | null;
  step: string | null;
  done: number;
  total: number;
  percent: number;
  summary: string[];
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const toDto = (r: RunRow): DemoRunDto => ({
  id: r.id,
  action: r.action,
  status: r.status,
  parts: r.parts,
  step: r.step,
  done: r.done,
  total: r.total,
  percent: r.percent,
  summary: r.summary,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  startedAt: r.started_at?.toISOString() ?? null,
  finishedAt: r.finished_at?.toISOString() ?? null,
});

/** The console's demo runs: requested by the HTTP calls, run by DEMO_TASK, polled by the Demo Data tab. */
@injectable()
export class DemoRuns {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  /** The console's reads and the run's own writes: beside the run's transaction, so the console sees them at once. */
  private get sql() {
    return this.db.runner('write');
  }

  /** Queues a seed or clear as a job; 409 while another run is queued or running. */
  async request(action: 'seed' | 'clear', parts: number | null, userId: string | null, now: Date): Promise<DemoRunDto> {
    return this.db.sqlTransaction('write', async (tx) => {
      await tx.execute(FAIL_STALE_RUNS_SQL, [now.toISOString(), new Date(now.getTime() - STALE_RUN_MS).toISOString()]);
      const [row] = await tx.execute<RunRow[]>(INSERT_RUN_SQL, [action, parts, userId, now.toISOString()]);
      if (!row) throw Errors.conflict('demo_busy', DEMO_BUSY_MESSAGE);
      await this.jobs.add(tx, DEMO_TASK, { runId: row.id }, { maxAttempts: 1, jobKey: `demo-run:${row.id}` });
      return toDto(row);
    });
  }

  /** The run, or null. */
  async find(id: string): Promise<DemoRunDto | null> {
    const rows = await this.sql.run<RunRow>(FIND_RUN_SQL, [id]);
    return rows[0] ? toDto(rows[0]) : null;
  }

  /** Marks the run started; false when it is not queued (already run or interrupted). */
  async start(id: string, now: Date): Promise<boolean> {
    const rows = await this.sql.run(START_RUN_SQL, [now, id]);
    return rows.length === 1;
  }

  /** Records where the run stands (outside its transaction, so the console sees it at once). */
  async progress(id: string, p: DemoProgress): Promise<void> {
    await this.sql.run(RUN_PROGRESS_SQL, [`${p.step}: ${p.label}`.slice(0, 200), p.done, p.total, p.percent, id]);
  }

  /** Ends the run with its summary, or with the reason it failed. */
  async finish(id: string, now: Date, outcome: { summary: string[] } | { error: string }): Promise<void> {
    if ('summary' in outcome) {
      await this.sql.run(RUN_SUCCEEDED_SQL, [JSON.stringify(outcome.summary), now, id]);
    } else {
      await this.sql.run(RUN_FAILED_SQL, [outcome.error, now, id]);
    }
  }

  /** The Demo Data tab's view: the latest run and the demo's records by kind. */
  async status(): Promise<DemoStatusDto> {
    const [runs, kinds] = await Promise.all([
      this.sql.run<RunRow>(LATEST_RUN_SQL),
      this.sql.run<{ kind: string; n: number }>(DEMO_RECORD_COUNTS_SQL),
    ]);
    return {
      run: runs[0] ? toDto(runs[0]) : null,
      records: Object.fromEntries(kinds.map((k) => [k.kind, k.n])),
      house: {
        sellerId: HOUSE_ACCOUNT.id,
        alias: HOUSE_ACCOUNT.alias,
        storefrontPath: `/storefront/${HOUSE_ACCOUNT.storefrontSlug}`,
        searchPath: `/search?sellerId=${HOUSE_ACCOUNT.alias}`,
      },
    };
  }
}
