import type { Database } from './db/database.js';
import { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';

/**
 * Asks for a sweep job after hot transactions stored work for it (rows in a table the job empties), instead of
 * adding a job inside each of them: graphile-worker's add_job NOTIFYs, and a transaction that NOTIFYs holds the
 * notify-queue lock through its commit's WAL flush, so every such commit waits for the one before it (issue 26).
 * At most one request is in flight, one every `delayMs` in this process, outside the callers' transactions and
 * with asynchronous commit; the job key keeps one sweep waiting (preserve_run_at). A crontab sweep every minute
 * and one at start handle what a lost request leaves.
 */
export class SweepRequest {
  private again = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly connection: 'lock' | 'system',
    private readonly logger: Logger,
    private readonly task: string,
    private readonly jobKey: string,
    private readonly delayMs = 50,
  ) {}

  /** Asks for a sweep soon; returns at once. */
  ask(): void {
    this.again = true;
    this.running ??= (async () => {
      while (this.again) {
        this.again = false;
        await new Promise((resolve) => setTimeout(resolve, this.delayMs));
        await this.queue().catch((err: unknown) => this.logger.warn({ err, task: this.task }, 'sweep not queued; the crontab sweeps within a minute'));
      }
      this.running = null;
    })();
  }

  /** Resolves once every sweep asked for so far is queued (tests). */
  async queued(): Promise<void> {
    await this.running;
  }

  private async queue(): Promise<void> {
    const client = await this.db.pool(this.connection).connect();
    try {
      await client.query(
        `begin; set local synchronous_commit = off; ${JobQueue.sweepSql(this.task, this.jobKey, (v) => client.escapeLiteral(v))}; commit`,
      );
      client.release();
    } catch (err) {
      await client.query('rollback').catch(() => {});
      client.release(err instanceof Error ? err : true);
      throw err;
    }
  }
}
