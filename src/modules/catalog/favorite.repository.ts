import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/** The watchlist's one query an entity manager cannot say well: the insert whose conflict decides concurrent adds. */

/**
 * Puts the part on the user's watchlist at `at` (ISO) unless it is there already: one statement, so two concurrent
 * adds still leave one row. Whether this call added it.
 */
export async function addFavoriteOnce(em: SqlExecutor, userId: string, partId: string, at: string): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into favorites (user_id, part_id, created_at) values (?, ?, ?)
       on conflict (user_id, part_id) do nothing returning id`,
    [userId, partId, at],
  );
  return inserted.length > 0;
}
