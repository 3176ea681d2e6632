import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import type { SqlExecutor } from './pg-transaction.js';

/** A stored answer, replayed to a request that repeats an Idempotency-Key. */
export type StoredAnswer = { status: number; body: unknown };

/**
 * Idempotency-Keys claimed and answered inside the request's transaction, in a module's own table of
 * (user_id, key) unique, endpoint, status, response jsonb, created_at. Modules bind a subclass naming their table.
 */
export abstract class IdempotencyKeys {
  protected constructor(
    private readonly table: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Claims `key` for `endpoint` in the transaction. Returns the stored answer of an earlier request with the
   * same key (a concurrent one waits on the unique key until the first commits), or null to go ahead.
   */
  async claim(tx: SqlExecutor, userId: string, key: string | undefined, endpoint: string): Promise<StoredAnswer | null> {
    if (!key) return null;
    const claimed = await tx.execute<{ key: string }[]>(
      `insert into ${this.table} (user_id, key, endpoint, status, response, created_at)
       values (?, ?, ?, 0, 'null'::jsonb, ?) on conflict (user_id, key) do nothing returning key`,
      [userId, key, endpoint, this.clock.now().toISOString()],
    );
    if (claimed.length) return null;
    const [stored] = await tx.execute<{ endpoint: string; status: number; response: unknown }[]>(
      `select endpoint, status, response from ${this.table} where user_id = ? and key = ?`,
      [userId, key],
    );
    if (!stored || stored.endpoint !== endpoint) {
      throw Errors.conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
    }
    return { status: stored.status, body: stored.response };
  }

  /** Stores the answer of a claimed key, in the same transaction. */
  async store(tx: SqlExecutor, userId: string, key: string | undefined, status: number, body: unknown): Promise<void> {
    if (!key) return;
    await tx.execute(`update ${this.table} set status = ?, response = ?::jsonb where user_id = ? and key = ?`, [
      status,
      JSON.stringify(body),
      userId,
      key,
    ]);
  }
}
