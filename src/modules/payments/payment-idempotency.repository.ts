import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { IdempotencyKeys, type StoredAnswer } from '../../platform/db/idempotency-keys.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * Idempotency-Keys of console refunds. Unlike a bid's, a refund's key outlives its first transaction: it is
 * claimed with the refund's reservation (status 0, `payment_id` naming the refund), the provider is asked outside
 * any transaction, and the answer is stored once the refund is made. A repeat meanwhile waits; a refusal frees it.
 */
@injectable()
export class PaymentIdempotencyStore extends IdempotencyKeys {
  constructor(@inject(Clock) clock: Clock) {
    super('payment_idempotency_keys', clock);
  }

  /** Names the refund a key claimed in this transaction stands for. */
  async attach(tx: SqlExecutor, userId: string, key: string, paymentId: string): Promise<void> {
    await tx.execute(`update payment_idempotency_keys set payment_id = ? where user_id = ? and key = ?`, [paymentId, userId, key]);
  }

  /** The key as stored now (no lock): what it stands for, its answer (status 0 while none), its refund and that refund's status; null when free. */
  async peek(em: SqlExecutor, userId: string, key: string): Promise<(StoredAnswer & { endpoint: string; paymentId: string | null; paymentStatus: string | null }) | null> {
    const [row] = await em.execute<{ endpoint: string; status: number; response: unknown; payment_id: string | null; payment_status: string | null }[]>(
      `select k.endpoint, k.status, k.response, k.payment_id, p.status as payment_status
         from payment_idempotency_keys k left join order_payments p on p.id = k.payment_id
        where k.user_id = ? and k.key = ?`,
      [userId, key],
    );
    return row ? { endpoint: row.endpoint, status: row.status, body: row.response, paymentId: row.payment_id, paymentStatus: row.payment_status } : null;
  }

  /**
   * Stores the answer unless one is stored already, and answers the stored one: every repeat gets the first. Two
   * statements (not one transaction): the second reads what a concurrent first writer committed.
   */
  async answerOnce(em: SqlExecutor, userId: string, key: string, status: number, body: unknown): Promise<StoredAnswer> {
    const [mine] = await em.execute<{ status: number; response: unknown }[]>(
      `update payment_idempotency_keys set status = ?, response = ?::jsonb where user_id = ? and key = ? and status = 0 returning status, response`,
      [status, JSON.stringify(body), userId, key],
    );
    if (mine) return { status: mine.status, body: mine.response };
    const [stored] = await em.execute<{ status: number; response: unknown }[]>(`select status, response from payment_idempotency_keys where user_id = ? and key = ?`, [userId, key]);
    return stored && stored.status !== 0 ? { status: stored.status, body: stored.response } : { status, body };
  }

  /** Frees the unanswered keys of a refund that was not made (refused), so the same request may be tried again. */
  async release(tx: SqlExecutor, paymentId: string): Promise<void> {
    await tx.execute(`delete from payment_idempotency_keys where payment_id = ? and status = 0`, [paymentId]);
  }
}
