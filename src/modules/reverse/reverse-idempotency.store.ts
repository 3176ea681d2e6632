import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Errors } from '../../platform/errors.js';

/** A stored answer, replayed to a request that repeats an Idempotency-Key. */
export type StoredAnswer = { status: number; body: unknown };

/** Idempotency-Keys of quotes and awards: claimed and answered inside the request's transaction (as bids do). */
@injectable()
export class ReverseIdempotencyStore {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  /**
   * Claims `key` for `endpoint` in the transaction. Returns the stored answer of an earlier request with the
   * same key (a concurrent one waits on the unique key until the first commits), or null to go ahead.
   */
  async claim(tx: SqlExecutor, userId: string, key: string | undefined, endpoint: string): Promise<StoredAnswer | null> {
    if (!key) return null;
    const claimed = await tx.execute<{ key: string }[]>(
      `insert into reverse_idempotency_keys (user_id, key, endpoint, status, response, created_at)
       values (?, ?, ?, 0, 'null'::jsonb, ?) on conflict (user_id, key) do nothing returning key`,
      [userId, key, endpoint, this.clock.now().toISOString()],
    );
    if (claimed.length) return null;
    const [stored] = await tx.execute<{ endpoint: string; status: number; response: unknown }[]>(
      'select endpoint, status, response from reverse_idempotency_keys where user_id = ? and key = ?',
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
    await tx.execute('update reverse_idempotency_keys set status = ?, response = ?::jsonb where user_id = ? and key = ?', [
      status,
      JSON.stringify(body),
      userId,
      key,
    ]);
  }
}
