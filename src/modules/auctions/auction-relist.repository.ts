import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/** The auction_relists SQL: the one relist row of an original, and the console's status figures. */

/** Adds the pending relist of `originalId` at `scheduledTime` unless it has one; returns whether this one is new. */
export async function insertRelist(em: SqlExecutor, originalId: string, scheduledTime: Date, now: Date): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into auction_relists (original_id, scheduled_time, created_at) values (?, ?, ?)
     on conflict (original_id) do nothing returning id`,
    [originalId, scheduledTime.toISOString(), now.toISOString()],
  );
  return inserted.length > 0;
}

/** How many relists there are, pending and done (GET /api/admin/auto-relist/status). */
export async function relistCounts(em: SqlExecutor): Promise<{ total: number; pending: number; processed: number }> {
  const [counts] = await em.execute<{ total: number; pending: number; processed: number }[]>(
    `select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
            (count(*) filter (where status <> 'pending'))::int as processed from auction_relists`,
  );
  return counts!;
}
