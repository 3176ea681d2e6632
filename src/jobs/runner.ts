import { Logger as WorkerLogger, run, runOnce, parseCrontab, type Runner, type TaskList } from 'graphile-worker';
import { RequestContext } from '@mikro-orm/postgresql';
import type { Runtime } from '../platform/runtime.js';
import { LOCKED_JOBS_SQL } from './runner.sql.js';

/** Merges every module's tasks; each runs in its own entity-manager context. */
export function taskList(rt: Runtime): TaskList {
  const list: TaskList = {};
  for (const module of rt.modules) {
    for (const [name, factory] of Object.entries(module.tasks ?? {})) {
      if (list[name]) throw new Error(`Task ${name} is defined twice`);
      const task = factory(rt.container);
      list[name] = (payload, helpers) => RequestContext.create(rt.orm.em, () => task(payload, helpers));
    }
  }
  return list;
}

function crontab(rt: Runtime) {
  return parseCrontab(rt.modules.flatMap((m) => m.crontab ?? []).join('\n'));
}

/** graphile-worker's log lines, as structured pino lines. */
function workerLogger(rt: Runtime): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    rt.logger[method]({ worker: scope, ...meta }, message);
  });
}

/** Starts the graphile-worker runner in this process. */
export async function startWorker(rt: Runtime, concurrency = 4): Promise<Runner> {
  const runner = await run({
    pgPool: rt.pool,
    taskList: taskList(rt),
    parsedCronItems: crontab(rt),
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger(rt),
    preset: {
      worker: {
        // Finished jobs are marked complete together, after at most 20 ms: one query per burst instead of one
        // per job when the queue is busy. (graphile-worker's localQueue, which fetches several jobs per query,
        // logs "Cannot background something when the queue is already released" on every shutdown in 0.18.0.)
        completeJobBatchDelay: 20,
      },
    },
  });
  // Catch up at once on what fell due while no worker ran, rather than at the next cron minute.
  for (const task of rt.modules.flatMap((m) => m.startupTasks ?? [])) {
    await runner.addJob(task, {}, { jobKey: `startup:${task}`, jobKeyMode: 'replace' });
  }
  return runner;
}

/**
 * Runs every job that is due now, then returns (tests and `pitlane worker --once`). runOnce can
 * resolve while a failing job's failure is still being recorded, so wait until no job is locked.
 */
export async function drainJobs(rt: Runtime, timeoutMs = 10_000): Promise<void> {
  await runOnce({ pgPool: rt.pool, taskList: taskList(rt), noHandleSignals: true, logger: workerLogger(rt) });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await rt.pool.query<{ n: number }>(LOCKED_JOBS_SQL);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`jobs were still running after ${timeoutMs} ms`);
}
