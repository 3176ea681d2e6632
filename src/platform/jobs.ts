import { injectable } from 'inversify';
import type { SqlExecutor } from './db/pg-transaction.js';

export interface JobOptions {
  /** When the job may run; defaults to now. */
  runAt?: Date;
  /** One pending job per key: a later add replaces (or keeps the time of) the earlier one. */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at';
  maxAttempts?: number;
}

/** One job to add: its task (a `<module>/<action>` name from the module's `*.tasks.ts`), payload and options. */
export interface JobSpec {
  task: string;
  payload: unknown;
  options?: JobOptions;
}

/**
 * A statement adding the jobs of `specs` (a SQL expression giving a JSON array of graphile-worker job specs:
 * identifier, payload, run_at, max_attempts, job_key), for a caller that folds its jobs into a statement of
 * its own instead of sending another one (the bid batch, whose jobs need the ids of rows it inserts). A keyed
 * job whose pending payload and new payload are both arrays gets them joined (a graphile-worker batch job).
 */
export const addJobsSql = (specs: string, preserveRunAt = false) =>
  `select count(*) from graphile_worker.add_jobs(array(
     select json_populate_record(null::graphile_worker.job_spec, spec) from json_array_elements(${specs}) spec)${preserveRunAt ? ', true' : ''})`;

/** graphile-worker's job spec of `job` (add_jobs' replace mode for a keyed job). */
const specOf = ({ task, payload, options = {} }: JobSpec) => ({
  identifier: task,
  payload: payload ?? {},
  run_at: options.runAt ? options.runAt.toISOString() : null,
  max_attempts: options.maxAttempts ?? 25,
  job_key: options.jobKey ?? null,
});

/** Jobs a transaction gathers instead of adding one statement each (JobQueue.gather). */
export class GatheredJobs {
  private specs: ReturnType<typeof specOf>[] = [];

  /** @internal JobQueue's: keeps `job` for the gathered statement. */
  push(job: JobSpec): void {
    this.specs.push(specOf(job));
  }

  /** The statement adding every job gathered so far (and forgets them), or null when there are none. */
  take(): { sql: string; params: unknown[] } | null {
    if (!this.specs.length) return null;
    const specs = this.specs;
    this.specs = [];
    return { sql: addJobsSql('?::json'), params: [JSON.stringify(specs)] };
  }
}

/**
 * The one job queue: adds and removes graphile-worker jobs on the caller's connection, so in its transaction (a job
 * is never seen before the commit, and never after a rollback). Nothing else writes graphile-worker SQL.
 */
@injectable()
export class JobQueue {
  private readonly gathering = new WeakMap<SqlExecutor, GatheredJobs>();

  /** Enqueues `task` with `payload` in `tx`'s transaction (gathered when `tx` gathers; see `gather`). */
  async add(tx: SqlExecutor, task: string, payload: unknown, options: JobOptions = {}): Promise<void> {
    const gathered = this.gathering.get(tx);
    // add_jobs knows only the replace mode for keys; a preserve_run_at job keeps its own statement.
    if (gathered && options.jobKeyMode !== 'preserve_run_at') return gathered.push({ task, payload, options });
    await tx.execute(
      `select graphile_worker.add_job(
         identifier => ?, payload => ?::json, run_at => ?::timestamptz,
         max_attempts => ?::int, job_key => ?, job_key_mode => ?)`,
      [
        task,
        JSON.stringify(payload ?? {}),
        options.runAt ? options.runAt.toISOString() : null,
        options.maxAttempts ?? 25,
        options.jobKey ?? null,
        options.jobKey ? (options.jobKeyMode ?? 'replace') : null,
      ],
    );
  }

  /**
   * Enqueues several jobs in one statement. A keyed job replaces its pending one, or with `preserveRunAt` keeps
   * the pending one's time (as `add`'s `preserve_run_at`).
   */
  async addMany(tx: SqlExecutor, jobs: readonly JobSpec[], options: { preserveRunAt?: boolean } = {}): Promise<void> {
    if (!jobs.length) return;
    await tx.execute(addJobsSql('?::json', options.preserveRunAt), [JSON.stringify(jobs.map(specOf))]);
  }

  /** Removes the pending jobs of `jobKeys` (a job already running finishes; an unknown key is nothing). */
  async remove(tx: SqlExecutor, ...jobKeys: string[]): Promise<void> {
    if (!jobKeys.length) return;
    await tx.execute('select graphile_worker.remove_job(k) from unnest(?::text[]) as k', [jobKeys]);
  }

  /**
   * From now on, jobs added on `tx` are gathered instead of sent one statement each: a hot transaction (the
   * payment webhook queues about seven) adds them all in the statement that `take()` answers, before its commit.
   */
  gather(tx: SqlExecutor): GatheredJobs {
    const gathered = new GatheredJobs();
    this.gathering.set(tx, gathered);
    return gathered;
  }

  /** The statement a process's own sweep request sends: one keyed job, keeping its time if one is pending. */
  static sweepSql(task: string, jobKey: string, literal: (value: string) => string): string {
    return `select graphile_worker.add_job(${literal(task)}, '{}'::json,
              job_key => ${literal(jobKey)}, job_key_mode => 'preserve_run_at', max_attempts => 25)`;
  }
}
