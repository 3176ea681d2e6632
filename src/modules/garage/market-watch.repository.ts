import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { WatchType } from './garage.dto.js';

const COLUMN_OF: Record<WatchType, 'part_id' | 'auction_id' | 'reverse_auction_id'> = {
  part: 'part_id',
  auction: 'auction_id',
  reverse_auction: 'reverse_auction_id',
};

/** A new watch at the item's current price (money in cents). */
export interface WatchRecord {
  userId: string;
  watchType: WatchType;
  itemId: string;
  title: string;
  priceCents: number;
  priceAlertThreshold: number | null;
  now: Date;
}

/**
 * Starts a watch, or answers the user's active watch of the item (its threshold updated when one is given): one
 * statement on the unique index of active watches per user and item (an expression index, which the ORM's upsert
 * cannot name). Answers the watch's id.
 */
export async function upsertWatch(em: SqlExecutor, w: WatchRecord): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into market_watch (user_id, watch_type, ${COLUMN_OF[w.watchType]}, title, current_price, original_price, last_price_check,
                               price_alert_threshold, created_at)
     values (?, ?, ?, ?, ?::numeric / 100, ?::numeric / 100, ?, ?, ?)
     on conflict (user_id, coalesce(part_id, auction_id, reverse_auction_id)) where is_active
     do update set price_alert_threshold = coalesce(excluded.price_alert_threshold, market_watch.price_alert_threshold)
     returning id`,
    [w.userId, w.watchType, w.itemId, w.title.slice(0, 200), w.priceCents, w.priceCents, w.now, w.priceAlertThreshold, w.now],
  );
  return row!.id;
}

/** The watched open items the minute sweep prices: each active auction and request watch's item once (at most 5,000). */
export function watchedAuctionsAndRequests(em: SqlExecutor): Promise<{ auction_id: string | null; reverse_auction_id: string | null }[]> {
  return em.execute(
    `select distinct auction_id, reverse_auction_id from market_watch
      where is_active and (auction_id is not null or reverse_auction_id is not null) limit 5000`,
  );
}
