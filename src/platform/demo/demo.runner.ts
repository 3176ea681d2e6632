import type { Container } from 'inversify';
import { Clock } from '../clock.js';
import { Database } from '../db/database.js';
import type { SqlExecutor } from '../db/pg-transaction.js';
import type { PitlaneModule } from '../module.js';
import { applyReferenceData } from '../reference-data.js';
import { DEMO_BUYERS, DEMO_SELLERS } from './demo.cast.js';
import { DEMO_RECORD_IDS_SQL, DEMO_RUN_LOCK_SQL, DEMO_RUN_NO_TIMEOUTS_SQL, FORGET_DEMO_RECORDS_SQL, MARK_DEMO_RECORDS_SQL } from './demo.sql.js';
import type { DemoContribution, DemoRecords, DemoSeedContext, DemoWorld } from './demo.js';

/** The default size of the demo (`--parts`). */
export const DEFAULT_DEMO_PARTS = 300;
/** The most parts one run may add. */
export const MAX_DEMO_PARTS = 5000;

/** Where a run stands: the module step (`catalog`), what it does, and the whole run's share done. */
export interface DemoProgress {
  step: string;
  label: string;
  done: number;
  total: number;
  percent: number;
}

export type DemoProgressListener = (progress: DemoProgress) => void;

/** The modules that contribute demo data, in load order. */
function contributions(container: Container, modules: readonly PitlaneModule[]): Array<{ name: string; demo: DemoContribution }> {
  return modules.flatMap((m) => (m.demo ? [{ name: m.name, demo: m.demo(container) }] : []));
}

function demoRecords(tx: SqlExecutor): DemoRecords {
  return {
    ids: async (kind) => {
      const rows = await tx.execute<{ key: string; id: string }[]>(DEMO_RECORD_IDS_SQL, [kind]);
      return new Map(rows.map((r) => [r.key, r.id]));
    },
    mark: async (kind, entries) => {
      if (!entries.length) return;
      await tx.execute(MARK_DEMO_RECORDS_SQL, [kind, JSON.stringify(entries)]);
    },
    forget: async (kind) => {
      await tx.execute(FORGET_DEMO_RECORDS_SQL, [kind]);
    },
  };
}

/**
 * Runs `work` for each module in one transaction, under a lock that keeps two runs (CLI or console) apart, and
 * reports progress as a share of the whole run (each module one equal step).
 */
async function inRun(
  container: Container,
  modules: readonly PitlaneModule[],
  order: 'forward' | 'reverse',
  onProgress: DemoProgressListener,
  work: (demo: DemoContribution, tx: SqlExecutor, records: DemoRecords, report: (done: number, total: number, label: string) => void) => Promise<string[]>,
  hooks: { onRollback: Array<() => Promise<void>>; afterCommit: Array<() => Promise<void>> },
  /** A second pass over the modules once every step has run (seed's `settle`). */
  late?: (demo: DemoContribution, tx: SqlExecutor, records: DemoRecords) => Promise<string[]>,
): Promise<string[]> {
  const db = container.get(Database);
  const steps = contributions(container, modules);
  if (order === 'reverse') steps.reverse();
  const summary: string[] = [];
  try {
    // One ORM transaction: every module's demo code, and whatever it asks of other modules, runs through it.
    await db.withContext(() => db.transaction(async (tx) => {
      // A demo run is long work between statements (photos, thousands of rows): none of the web's timeouts.
      await tx.execute(DEMO_RUN_NO_TIMEOUTS_SQL);
      // One run at a time: a second waits here until the first commits, then finds its records.
      await tx.execute(DEMO_RUN_LOCK_SQL);
      const records = demoRecords(tx);
      for (const [i, step] of steps.entries()) {
        const report = (done: number, total: number, label: string) => {
          const share = total > 0 ? Math.min(done, total) / total : 1;
          onProgress({ step: step.name, label, done, total, percent: Math.floor(((i + share) / steps.length) * 100) });
        };
        report(0, 1, 'starting');
        for (const line of await work(step.demo, tx, records, report)) summary.push(`${step.name}: ${line}`);
        report(1, 1, 'done');
      }
      if (late) for (const step of steps) for (const line of await late(step.demo, tx, records)) summary.push(`${step.name}: ${line}`);
    }));
  } catch (error) {
    for (const undo of hooks.onRollback) await undo().catch(() => {});
    throw error;
  }
  for (const after of hooks.afterCommit) await after();
  onProgress({ step: 'done', label: 'done', done: 1, total: 1, percent: 100 });
  return summary;
}

/**
 * `pitlane seed-demo` and the console's Add Demo Parts: adds what is missing of the demo (a second run with the
 * same size adds nothing) and returns the summary lines.
 */
export async function seedDemo(
  container: Container,
  modules: readonly PitlaneModule[],
  options: { parts: number },
  onProgress: DemoProgressListener = () => {},
): Promise<string[]> {
  // The demo's parts need the categories and makes (a no-op once a start has applied them).
  await applyReferenceData(container, modules);
  const hooks = { onRollback: [] as Array<() => Promise<void>>, afterCommit: [] };
  const now = container.get(Clock).now();
  const world: DemoWorld = { users: new Map(), sellers: DEMO_SELLERS, buyers: DEMO_BUYERS, parts: [] };
  const context = (tx: SqlExecutor, records: DemoRecords, progress: DemoSeedContext['progress']): DemoSeedContext => ({
    tx, now, records, progress, parts: options.parts, world, onRollback: (undo) => hooks.onRollback.push(undo),
  });
  return inRun(
    container, modules, 'forward', onProgress,
    (demo, tx, records, progress) => demo.seed(context(tx, records, progress)),
    hooks,
    async (demo, tx, records) => (demo.settle ? demo.settle(context(tx, records, () => {})) : []),
  );
}

/** `pitlane clear-demo` and the console's Clear Demo Data: removes exactly the demo records and what hangs off them. */
export async function clearDemo(
  container: Container,
  modules: readonly PitlaneModule[],
  onProgress: DemoProgressListener = () => {},
): Promise<string[]> {
  const hooks = { onRollback: [], afterCommit: [] as Array<() => Promise<void>> };
  const now = container.get(Clock).now();
  return inRun(container, modules, 'reverse', onProgress, (demo, tx, records, progress) =>
    demo.clear({ tx, now, records, progress, afterCommit: (work) => hooks.afterCommit.push(work) }),
    hooks,
  );
}
