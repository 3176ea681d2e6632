import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { PartDto } from '../catalog/index.js';
import { NotificationsApi } from '../notifications/index.js';
import type { PriceEventType, PricePointDto, SoldPriceHistoryDto, WatchType } from './garage.dto.js';
import type { HistoryQuery } from './garage.schemas.js';
import { insertPricePoint, moveWatches, soldPrices, type ItemColumn } from './price-history.repository.js';
import { PriceRecord } from './price-record.entity.js';

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

/** The entity property of an item column. */
const PROPERTY_OF = { part_id: 'partId', auction_id: 'auctionId', reverse_auction_id: 'reverseAuctionId' } as const;

/** The id column of an event's item in price_history and market_watch. */
const itemColumn = (e: PriceEvent): ItemColumn => (e.auctionId ? 'auction_id' : e.reverseAuctionId ? 'reverse_auction_id' : 'part_id');
const itemId = (e: PriceEvent) => e.auctionId ?? e.reverseAuctionId ?? e.partId ?? null;

const toPointDto = (r: { price: string; eventType: PriceEventType; recordedAt: Date }): PricePointDto => ({
  recordedAt: r.recordedAt.toISOString(),
  price: formatCents(storedCents(r.price)),
  eventType: r.eventType,
});

/**
 * price_history: every price event (listing, price edit, bid level, lowest quote, auction final, sale), and the
 * market watch rows it moves, with a notice when a watched price crosses its threshold.
 */
@injectable()
export class PriceHistoryService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(NotificationsApi) private readonly notifications: NotificationsApi,
  ) {}

  /** Records `event` and moves the watches of its item, in one transaction (the caller's, if any). Returns whether a point was stored. */
  async record(event: PriceEvent): Promise<boolean> {
    return this.db.transaction(async () => {
      const id = itemId(event);
      const column = itemColumn(event);
      if (event.onlyIfChanged && id) {
        const last = await this.db.em.findOne(
          PriceRecord,
          { [PROPERTY_OF[column]]: id },
          { orderBy: { recordedAt: 'desc', id: 'desc' }, fields: ['price'] },
        );
        if (last && storedCents(last.price) === event.priceCents) return false;
      }
      const p = event.part;
      const stored = await insertPricePoint(this.db.em, {
        partId: event.partId ?? null,
        auctionId: event.auctionId ?? null,
        reverseAuctionId: event.reverseAuctionId ?? null,
        recordType: event.kind,
        priceCents: event.priceCents,
        eventType: event.eventType,
        make: p?.make ?? null,
        model: p?.model ?? null,
        category: p?.category ?? null,
        condition: p?.condition ?? null,
        partNumberNorm: normalisePartNumber(p?.partNumber),
        sourceKey: event.sourceKey ?? null,
        recordedAt: this.clock.now(),
      });
      if (!stored) return false;
      if (id && event.kind !== 'order') await this.moveWatches(column, id, event.priceCents);
      return true;
    });
  }

  /**
   * Sets the watches of one item to `priceCents` (change from the original price, direction) and notifies each
   * watcher whose threshold the move from the last notified price (or the original) reaches.
   */
  private async moveWatches(column: ItemColumn, id: string, priceCents: number): Promise<number> {
    const moved = await moveWatches(this.db.em, column, id, priceCents, this.clock.now());
    for (const w of moved.filter((m) => m.crossed && m.base !== null)) {
      const base = storedCents(w.base!);
      const percent = Math.round(((priceCents - base) * 10000) / base) / 100;
      const link = w.watch_type === 'auction' ? `/auctions/${id}` : w.watch_type === 'reverse_auction' ? `/reverse-auctions/${id}` : `/parts/${id}`;
      await this.notifications.record({
        userId: w.user_id,
        marketWatchId: w.id,
        notificationType: 'price_change',
        title: `Price ${priceCents > base ? 'up' : 'down'} ${Math.abs(percent)}% on an item you watch`,
        message: `Now ${dollars(priceCents)} (was ${dollars(base)}).`,
        link,
        relatedItemId: id,
        relatedItemType: w.watch_type as WatchType,
      });
    }
    return moved.length;
  }

  /** An item's recorded prices, oldest first (at most 500: the newest). */
  async line(column: ItemColumn, id: string): Promise<PricePointDto[]> {
    const rows = await this.db.em.find(
      PriceRecord,
      { [PROPERTY_OF[column]]: id },
      { orderBy: { recordedAt: 'desc', id: 'desc' }, limit: 500, fields: ['price', 'eventType', 'recordedAt'] },
    );
    return rows.reverse().map(toPointDto);
  }

  /** Sold prices (auction finals and sales) by part number, or by make, model and category, over `days`: points, count, median, range. */
  async soldHistory(query: HistoryQuery): Promise<SoldPriceHistoryDto> {
    const rows = await soldPrices(this.db.em, {
      since: new Date(this.clock.now().getTime() - query.days * 86_400_000),
      partNumberNorm: query.partNumber ? (normalisePartNumber(query.partNumber) ?? '') : undefined,
      make: query.make,
      model: query.model,
      category: query.category?.toLowerCase(),
    });
    const points = rows.map((r) => toPointDto({ price: r.price, eventType: r.event_type, recordedAt: new Date(r.recorded_at) }));
    const cents = rows.map((r) => storedCents(r.price)).sort((a, b) => a - b);
    const n = cents.length;
    // The median of an even count is the mean of the middle two, rounded half up to the cent.
    const median = n === 0 ? null : n % 2 ? cents[(n - 1) / 2]! : Math.round((cents[n / 2 - 1]! + cents[n / 2]!) / 2);
    return {
      count: n,
      median: median === null ? null : formatCents(median),
      min: n ? formatCents(cents[0]!) : null,
      max: n ? formatCents(cents[n - 1]!) : null,
      points,
    };
  }
}
