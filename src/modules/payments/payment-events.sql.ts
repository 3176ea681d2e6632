import type { PgTransaction, SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The payment webhook's own statements, on its plain-pg transaction (the hot path measured in
 * docs/performance.md, payments): the event stored by id first, and last its result with the jobs the event's
 * effects gathered and the COMMIT, in one round trip.
 */

/** Stores a provider event by its id; false when it was stored before (a replay: nothing is applied). */
export async function claimEvent(tx: PgTransaction, event: { id: string; type: string }, at: Date): Promise<boolean> {
  const inserted = await tx.execute<{ id: string }[]>(
    `insert into payment_events (id, type, payload, received_at) values (?, ?, ?::jsonb, ?) on conflict (id) do nothing returning id`,
    [event.id, event.type, JSON.stringify(event), at.toISOString()],
  );
  return inserted.length > 0;
}

/** Records what applying the event did, adds the gathered jobs (`jobs`: JobQueue's statement) and commits. */
export async function finishEvent(tx: PgTransaction, eventId: string, result: string, jobs: { sql: string; params: unknown[] } | null): Promise<void> {
  await tx.executeMany([{ sql: `update payment_events set result = ? where id = ?`, params: [result.slice(0, 200), eventId] }, ...(jobs ? [jobs] : [])], true);
}

/** The provider's word on a connected account (`account.updated`); the seller it belongs to, or null when the account is not ours. */
export async function updateConnectAccount(
  tx: SqlExecutor,
  accountId: string,
  flags: { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean },
  at: Date,
): Promise<{ sellerId: string; chargesEnabled: boolean } | null> {
  const [row] = await tx.execute<{ seller_id: string; charges_enabled: boolean }[]>(
    `update connect_accounts set charges_enabled = ?, payouts_enabled = ?, details_submitted = ?, updated_at = ?
      where account_id = ? returning seller_id, charges_enabled`,
    [flags.chargesEnabled, flags.payoutsEnabled, flags.detailsSubmitted, at.toISOString(), accountId],
  );
  return row ? { sellerId: row.seller_id, chargesEnabled: row.charges_enabled } : null;
}
