import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { LIVE_NOTIFY_SQL } from '../../platform/live.js';

/** The auction_activity SQL: events stored with their NOTIFY in one statement, and the live feed's figures. */

/**
 * Stores `rows` (a JSON array of {id, type, data}) as events of `auctionId` at `at`, and NOTIFYs `notices` (a JSON
 * array of texts) on `channel`, delivered when the caller's transaction commits: one statement.
 */
export async function storeActivity(
  em: SqlExecutor,
  auctionId: string,
  at: string,
  activity: { rows: string; channel: string; notices: string },
): Promise<void> {
  await em.execute(
    `with stored as (
       insert into auction_activity (id, auction_id, type, data, created_at)
       select (e->>'id')::uuid, ?, e->>'type', (e->'data')::jsonb, ? from json_array_elements(?::json) e
     )
     ${LIVE_NOTIFY_SQL}`,
    [auctionId, at, activity.rows, activity.channel, activity.notices],
  );
}

/** An auction's live figures: bids since `since`, watchers, extensions and stored events; null when it does not exist. */
export async function activityFigures(
  em: SqlExecutor,
  auctionId: string,
  since: Date,
): Promise<{ recentBids: number; activeWatchers: number; extensions: number; totalEvents: number } | null> {
  const [row] = await em.execute<{ recent_bids: number; active_watchers: number; extensions: number; total_events: number }[]>(
    `select (select count(*)::int from bids where auction_id = a.id and created_at >= ?) as recent_bids,
            a.watchers as active_watchers, a.current_extensions as extensions,
            (select count(*)::int from auction_activity where auction_id = a.id) as total_events
     from auctions a where a.id = ?`,
    [since.toISOString(), auctionId],
  );
  if (!row) return null;
  return { recentBids: row.recent_bids, activeWatchers: row.active_watchers, extensions: row.extensions, totalEvents: row.total_events };
}
