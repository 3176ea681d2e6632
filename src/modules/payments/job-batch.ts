import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { addJobsSql } from '../../platform/jobs.js';

/**
 * A transaction's executor that gathers the jobs JobQueue.add would add one statement each (event subscribers,
 * timers, mail) and adds them in one `add_jobs` statement at `flush()`, before the commit: the webhook's hot path
 * queues about seven jobs per payment, and each `add_job` call cost more than the payment's own writes
 * (docs/performance.md, payments). Every other statement goes straight through.
 */
export class JobBatch implements SqlExecutor {
  private specs: Record<string, unknown>[] = [];
  constructor(private readonly inner: SqlExecutor) {}

  // biome-ignore lint: rows of any shape, as EntityManager.execute
  async execute<T = any>(sql: string, params: readonly unknown[] = []): Promise<T> {
    if (sql.includes('graphile_worker.add_job(') && params.length === 6) {
      const [identifier, payload, runAt, maxAttempts, jobKey, jobKeyMode] = params as [string, string, string | null, number, string | null, string | null];
      // Only the "replace" mode batches (add_jobs' default); anything else keeps its own statement.
      if (jobKeyMode !== 'preserve_run_at') {
        this.specs.push({ identifier, payload: JSON.parse(payload) as unknown, run_at: runAt, max_attempts: maxAttempts, job_key: jobKey });
        return [] as T;
      }
    }
    return this.inner.execute<T>(sql, params);
  }

  /**
   * Runs `sql`, adds the gathered jobs and commits, in one round trip (PgTransaction.executeAndCommit); nothing
   * may run in the transaction after it.
   */
  async commitWith(sql: string, params: readonly unknown[]): Promise<void> {
    const inner = this.inner as SqlExecutor & { executeAndCommit?: (sql: string, params: readonly unknown[]) => Promise<unknown> };
    if (!inner.executeAndCommit) throw new Error('commitWith needs a PgTransaction');
    const specs = this.specs;
    this.specs = [];
    if (!specs.length) return void (await inner.executeAndCommit(sql, params));
    await inner.executeAndCommit(`${sql}; ${addJobsSql('?::json')}`, [...params, JSON.stringify(specs)]);
  }

  /** Adds the gathered jobs in one statement (call before the commit). */
  async flush(): Promise<void> {
    if (!this.specs.length) return;
    const specs = this.specs;
    this.specs = [];
    await this.inner.execute(addJobsSql('?::json'), [JSON.stringify(specs)]);
  }
}
