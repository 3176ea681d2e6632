import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { PriceEventType } from './garage.dto.js';

/** The id column of an item in price_history and market_watch. */
export type ItemColumn = 'part_id' | 'auction_id' | 'reverse_auction_id';

/** One price point to store (money in cents). */
export interface PricePointRecord {
  partId: string | null;
  auctionId: string | null;
  reverseAuctionId: string | null;
  recordType: string;
  priceCents: number;
  eventType: PriceEventType;
  make: string | null;
  model: string | null;
  category: string | null;
  condition: string | null;
  partNumberNorm: string | null;
  sourceKey: string | null;
  recordedAt: Date;
}

/** Stores a price point, once per `sourceKey` where set (the partial unique index): answers whether it was stored. */
export async function insertPricePoint(em: SqlExecutor, r: PricePointRecord): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into price_history (part_id, auction_id, reverse_auction_id, record_type, price, event_type, make, model, category,
                                condition, part_number_norm, source_key, recorded_at)
     values (?, ?, ?, ?, ?::numeric / 100, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (source_key) where source_key is not null do nothing returning id`,
    [r.partId, r.auctionId, r.reverseAuctionId, r.recordType, r.priceCents, r.eventType, r.make, r.model, r.category, r.condition, r.partNumberNorm, r.sourceKey, r.recordedAt],
  );
  return inserted.length > 0;
}

/** A watch a price move reached, with the base it was compared with and whether its threshold was crossed. */
export interface MovedWatch {
  id: string;
  user_id: string;
  watch_type: string;
  base: string | null;
  crossed: boolean;
}

/**
 * Sets every active watch of one item to `priceCents` in one statement (change from the original price,
 * direction, check time) and moves the notified base of those whose threshold the move from the last notified
 * price (or the original) reaches. The watches are locked first, so two moves of one item apply in turn.
 */
export function moveWatches(em: SqlExecutor, column: ItemColumn, id: string, priceCents: number, now: Date): Promise<MovedWatch[]> {
  return em.execute<MovedWatch[]>(
    `with w as (
       select id, coalesce(last_notified_price, original_price) as base, price_alert_threshold, original_price
         from market_watch where ${column} = ? and is_active for update
     )
     update market_watch m set
       current_price = ?::numeric / 100,
       price_change_percent = case when w.original_price > 0
         then round((?::numeric / 100 - w.original_price) * 100 / w.original_price, 2) else 0 end,
       price_direction = case when w.original_price is null or ?::numeric / 100 = w.original_price then 'stable'
         when ?::numeric / 100 > w.original_price then 'up' else 'down' end,
       last_price_check = ?,
       original_price = coalesce(w.original_price, ?::numeric / 100),
       last_notified_price = case when w.price_alert_threshold is not null and w.base > 0
           and abs(?::numeric / 100 - w.base) * 100 / w.base >= w.price_alert_threshold
         then ?::numeric / 100 else m.last_notified_price end
     from w where m.id = w.id
     returning m.id, m.user_id, m.watch_type, w.base::text as base,
       (w.price_alert_threshold is not null and w.base > 0 and abs(?::numeric / 100 - w.base) * 100 / w.base >= w.price_alert_threshold) as crossed`,
    [id, priceCents, priceCents, priceCents, priceCents, now, priceCents, priceCents, priceCents, priceCents],
  );
}

/** What sold-price history filters on: part number (normalised), or make and model (any case) and category. */
export interface SoldFilter {
  since: Date;
  partNumberNorm?: string;
  make?: string;
  model?: string;
  category?: string;
}

/**
 * Sold prices (auction finals and sales) since `since`, oldest first, at most 1,000: a report over the partial
 * indexes `price_history_sold_number_index` and `price_history_sold_vehicle_index` (lower(make), lower(model)).
 */
export function soldPrices(em: SqlExecutor, f: SoldFilter): Promise<{ price: string; event_type: PriceEventType; recorded_at: Date | string }[]> {
  const where: string[] = [`event_type in ('auction_final', 'sold')`, 'recorded_at >= ?'];
  const params: unknown[] = [f.since];
  if (f.partNumberNorm !== undefined) {
    where.push('part_number_norm = ?');
    params.push(f.partNumberNorm);
  }
  if (f.make) {
    where.push('lower(make) = lower(?)');
    params.push(f.make);
  }
  if (f.model) {
    where.push('lower(model) = lower(?)');
    params.push(f.model);
  }
  if (f.category) {
    where.push('category = ?');
    params.push(f.category);
  }
  return em.execute(`select price, event_type, recorded_at from price_history where ${where.join(' and ')} order by recorded_at, id limit 1000`, params);
}
