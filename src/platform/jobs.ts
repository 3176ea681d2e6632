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

/**
 * A statement adding the jobs of `specs` (a SQL expression giving a JSON array of graphile-worker job specs:
 * identifier, payload, run_at, max_attempts, job_key), for a caller that folds its jobs into a statement of
 * its own instead of sending another one (the bid batch, whose jobs need the ids of rows it inserts). A keyed
 * job whose pending payload and new payload are both arrays gets them joined (a graphile-worker batch job).
 */
export const addJobsSql = (specs: string) =>
  `select count(*) from graphile_worker.add_jobs(array(
     select json_populate_record(null::graphile_worker.job_spec, spec) from json_array_elements(${specs}) spec))`;

/** Adds graphile-worker jobs inside the caller's transaction, so a job is never seen before its commit. */
@injectable()
export class JobQueue {
  /** Enqueues `task` with `payload` on the entity manager's connection (and transaction, if any). */
  async add(em: SqlExecutor, task: string, payload: unknown, options: JobOptions = {}): Promise<void> {
    await em.execute(
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
}
