import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { PartDto } from '../catalog/index.js';
import type { PriceEventType, PricePointDto, SoldPriceHistoryDto, WatchType } from './garage.dto.js';
import type { HistoryQuery } from './garage.schemas.js';
import { NotificationService } from './notification.service.js';
import { Database } from '../../platform/db/database.js';

/** One price event to record. */
export interface PriceEvent {
  kind: WatchType | 'order';
  /** The part, auction or request id (an order records its part, or its request). */
  partId?: string | null;
  auctionId?: string | null;
  reverseAuctionId?: string | null;
  priceCents: number;
  eventType: PriceEventType;
  /** The part's facts, for sold-price history by part number, make, model and category. */
  part?: PartDto | null;
  /** Stores the event once per key (an auction's final price, an order). */
  sourceKey?: string | null;
  /** Only records when the item's last recorded price differs (edits that left the price alone, sweeps). */
  onlyIfChanged?: boolean;
}

/** Letters and digits of a part number, upper case (as the catalog's part_number_norm). */
export const normalisePartNumber = (n: string | null | undefined) => (n ? n.replace(/[^A-Za-z0-9]/g, '').toUpperCase() || null : null);

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The id column of an item kind in price_history and market_watch. */
const itemColumn = (e: PriceEvent) => (e.auctionId ? 'auction_id' : e.reverseAuctionId ? 'reverse_auction_id' : 'part_id');
const itemId = (e: PriceEvent) => e.auctionId ?? e.reverseAuctionId ?? e.partId ?? null;

/**
 * price_history: every price event (listing, price edit, bid level, lowest quote, auction final, sale), and the
 * market watch rows it moves, with a notification when a watched price crosses its threshold.
 */
@injectable()
export class PriceHistoryService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(NotificationService) private readonly notifications: NotificationService,
  ) {}

  /** Records `event` and moves the watches of its item, in one transaction. Returns whether a point was stored. */
  async record(event: PriceEvent): Promise<boolean> {
    return (this.db.em).transactional((em) => this.recordIn(em, event));
  }

  /** As record, in the caller's transaction. */
  async recordIn(em: SqlExecutor, event: PriceEvent): Promise<boolean> {
    const id = itemId(event);
    const column = itemColumn(event);
    if (event.onlyIfChanged && id) {
      const [last] = await em.execute<{ price: string }[]>(
        `select price from price_history where ${column} = ? order by recorded_at desc, id desc limit 1`,
        [id],
      );
      if (last && storedCents(last.price) === event.priceCents) return false;
    }
    const now = this.clock.now();
    const p = event.part;
    const inserted = await em.execute<{ id: string }[]>(
      `insert into price_history (part_id, auction_id, reverse_auction_id, record_type, price, event_type, make, model, category,
                                  condition, part_number_norm, source_key, recorded_at)
       values (?, ?, ?, ?, ?::numeric / 100, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (source_key) where source_key is not null do nothing returning id`,
      [
        event.partId ?? null,
        event.auctionId ?? null,
        event.reverseAuctionId ?? null,
        event.kind,
        event.priceCents,
        event.eventType,
        p?.make ?? null,
        p?.model ?? null,
        p?.category ?? null,
        p?.condition ?? null,
        normalisePartNumber(p?.partNumber),
        event.sourceKey ?? null,
        now,
      ],
    );
    if (!inserted.length) return false;
    if (id && event.kind !== 'order') await this.moveWatches(em, column, id, event.priceCents);
    return true;
  }

  /**
   * Sets the watches of one item to `priceCents` (change from the original price, direction) and notifies each
   * watcher whose threshold the move from the last notified price (or the original) reaches.
   */
  async moveWatches(em: SqlExecutor, column: string, id: string, priceCents: number): Promise<number> {
    const now = this.clock.now();
    const moved = await em.execute<{ id: string; user_id: string; watch_type: string; base: string | null; crossed: boolean }[]>(
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
    for (const w of moved.filter((m) => m.crossed && m.base !== null)) {
      const base = storedCents(w.base!);
      const percent = Math.round(((priceCents - base) * 10000) / base) / 100;
      const link = w.watch_type === 'auction' ? `/auctions/${id}` : w.watch_type === 'reverse_auction' ? `/reverse-auctions/${id}` : `/parts/${id}`;
      await this.notifications.record(em, {
        userId: w.user_id,
        marketWatchId: w.id,
        notificationType: 'price_change',
        title: `Price ${priceCents > base ? 'up' : 'down'} ${Math.abs(percent)}% on an item you watch`,
        message: `Now ${dollars(priceCents)} (was ${dollars(base)}).`,
        link,
        relatedItemId: id,
        relatedItemType: w.watch_type as 'part' | 'auction' | 'reverse_auction',
      });
    }
    return moved.length;
  }

  /** An item's recorded prices, oldest first (at most 500: the newest). */
  async line(column: 'part_id' | 'auction_id' | 'reverse_auction_id', id: string): Promise<PricePointDto[]> {
    const rows = await this.db.em.execute<{ price: string; event_type: PriceEventType; recorded_at: Date }[]>(
      `select * from (select price, event_type, recorded_at, id from price_history where ${column} = ?
         order by recorded_at desc, id desc limit 500) x order by recorded_at, id`,
      [id],
    );
    return rows.map((r) => ({ recordedAt: new Date(r.recorded_at).toISOString(), price: formatCents(storedCents(r.price)), eventType: r.event_type }));
  }

  /** Sold prices (auction finals and sales) by part number, or by make, model and category, over `days`: points, count, median, range. */
  async soldHistory(query: HistoryQuery): Promise<SoldPriceHistoryDto> {
    const where: string[] = [`event_type in ('auction_final', 'sold')`, 'recorded_at >= ?'];
    const since = new Date(this.clock.now().getTime() - query.days * 86_400_000);
    const params: unknown[] = [since];
    const number = normalisePartNumber(query.partNumber);
    if (query.partNumber) {
      where.push('part_number_norm = ?');
      params.push(number ?? '');
    }
    if (query.make) {
      where.push('lower(make) = lower(?)');
      params.push(query.make);
    }
    if (query.model) {
      where.push('lower(model) = lower(?)');
      params.push(query.model);
    }
    if (query.category) {
      where.push('category = ?');
      params.push(query.category.toLowerCase());
    }
    const rows = await this.db.em.execute<{ price: string; event_type: PriceEventType; recorded_at: Date }[]>(
      `select price, event_type, recorded_at from price_history where ${where.join(' and ')} order by recorded_at, id limit 1000`,
      params,
    );
    const cents = rows.map((r) => storedCents(r.price)).sort((a, b) => a - b);
    const n = cents.length;
    // The median of an even count is the mean of the middle two, rounded half up to the cent.
    const median = n === 0 ? null : n % 2 ? cents[(n - 1) / 2]! : Math.round((cents[n / 2 - 1]! + cents[n / 2]!) / 2);
    return {
      count: n,
      median: median === null ? null : formatCents(median),
      min: n ? formatCents(cents[0]!) : null,
      max: n ? formatCents(cents[n - 1]!) : null,
      points: rows.map((r) => ({ recordedAt: new Date(r.recorded_at).toISOString(), price: formatCents(storedCents(r.price)), eventType: r.event_type })),
    };
  }
}
