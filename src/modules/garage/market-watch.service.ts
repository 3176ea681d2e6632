import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { formatCents, parseMoney, storedCents } from '../../platform/money.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi, CatalogReference } from '../catalog/index.js';
import { ReverseApi } from '../reverse/index.js';
import type { MarketWatchItemDto, PricePointDto, PriceEventType, WatchCandidateDto, WatchType } from './garage.dto.js';
import type { ListQuery, WatchCreate } from './garage.schemas.js';
import { PriceHistoryService } from './price-history.service.js';
import { mayChange, ownerOf } from './vehicle.service.js';
import { Database } from '../../platform/db/database.js';

/** A row of `market_watch`. */
interface WatchRow {
  id: string;
  user_id: string;
  watch_type: WatchType;
  part_id: string | null;
  auction_id: string | null;
  reverse_auction_id: string | null;
  title: string | null;
  current_price: string | null;
  original_price: string | null;
  price_change_percent: string;
  price_direction: MarketWatchItemDto['priceDirection'];
  last_price_check: Date | null;
  price_alert_threshold: string | null;
  is_active: boolean;
  created_at: Date;
}

const WATCH_COLUMNS =
  'id, user_id, watch_type, part_id, auction_id, reverse_auction_id, title, current_price, original_price, price_change_percent, price_direction, last_price_check, price_alert_threshold, is_active, created_at';

const COLUMN_OF: Record<WatchType, 'part_id' | 'auction_id' | 'reverse_auction_id'> = {
  part: 'part_id',
  auction: 'auction_id',
  reverse_auction: 'reverse_auction_id',
};
const PATH_OF: Record<WatchType, string> = { part: '/parts', auction: '/auctions', reverse_auction: '/reverse-auctions' };
const money = (v: string | null) => (v === null ? null : formatCents(storedCents(v)));

/** The price an item shows now, with its title; null when the item is unknown or not visible to the viewer. */
interface ItemPrice {
  title: string;
  priceCents: number;
  eventType: PriceEventType;
}

/** Market watch: items (parts, auctions, wanted requests) whose price a user follows, with a threshold notice. */
@injectable()
export class MarketWatchService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(CatalogReference) private readonly reference: CatalogReference,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(ReverseApi) private readonly reverse: ReverseApi,
    @inject(PriceHistoryService) private readonly prices: PriceHistoryService,
  ) {}

  private toDto(r: WatchRow): MarketWatchItemDto {
    const itemId = r.part_id ?? r.auction_id ?? r.reverse_auction_id!;
    return {
      id: r.id,
      userId: r.user_id,
      watchType: r.watch_type,
      partId: r.part_id,
      auctionId: r.auction_id,
      reverseAuctionId: r.reverse_auction_id,
      title: r.title,
      itemPath: `${PATH_OF[r.watch_type]}/${itemId}`,
      originalPrice: money(r.original_price),
      currentPrice: money(r.current_price),
      priceChangePercent: Number(r.price_change_percent),
      priceDirection: r.price_direction,
      priceAlertThreshold: r.price_alert_threshold === null ? null : Number(r.price_alert_threshold),
      isActive: r.is_active,
      lastPriceCheck: r.last_price_check ? new Date(r.last_price_check).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  /** The price and title of an item as `actor` may see it, or null. */
  async priceOf(watchType: WatchType, id: string, actor: Actor | null): Promise<ItemPrice | null> {
    const cents = (v: string | null) => {
      const parsed = v === null ? null : parseMoney(v);
      return parsed?.ok ? parsed.cents : null;
    };
    if (watchType === 'part') {
      const [part] = await this.catalog.findParts([id]);
      if (!part || !part.isActive || !part.isApproved) return null;
      const c = cents(part.price);
      return c === null ? null : { title: part.title, priceCents: c, eventType: 'listed' };
    }
    if (watchType === 'auction') {
      const a = await this.auctions.findAuction(id, actor);
      if (!a) return null;
      const c = cents(a.totalBids > 0 ? a.currentBid : a.startingBid);
      return c === null ? null : { title: a.title, priceCents: c, eventType: 'bid' };
    }
    const r = await this.reverse.findRequest(id, actor);
    if (!r) return null;
    const c = cents(r.currentLowestBid ?? r.maxBudget);
    return c === null ? null : { title: r.title, priceCents: c, eventType: 'lowest_quote' };
  }

  /** A page of a user's watches, newest first. */
  async list(actor: Actor, userId: string, page: ListQuery): Promise<ListPage<MarketWatchItemDto>> {
    const owner = ownerOf(actor, userId);
    const rows = await this.db.em.execute<(WatchRow & { total: number })[]>(
      `select ${WATCH_COLUMNS}, count(*) over ()::int as total from market_watch where user_id = ?
        order by created_at desc, id limit ? offset ?`,
      [owner, page.limit, page.offset],
    );
    return { rows: rows.map((r) => this.toDto(r)), total: rows[0]?.total ?? 0 };
  }

  /**
   * Starts watching an item at its current price (the actor is the owner). Watching an item already watched
   * answers the existing watch (its threshold updated when one is given).
   */
  async create(actor: Actor, input: WatchCreate): Promise<MarketWatchItemDto> {
    const item = await this.priceOf(input.watchType, input.itemId, actor);
    if (!item) throw Errors.notFound(input.watchType === 'part' ? 'Part' : input.watchType === 'auction' ? 'Auction' : 'Reverse auction');
    const column = COLUMN_OF[input.watchType];
    return this.db.em.transactional(async (em) => {
      const now = this.clock.now();
      const [row] = await em.execute<WatchRow[]>(
        `insert into market_watch (user_id, watch_type, ${column}, title, current_price, original_price, last_price_check,
                                   price_alert_threshold, created_at)
         values (?, ?, ?, ?, ?::numeric / 100, ?::numeric / 100, ?, ?, ?)
         on conflict (user_id, coalesce(part_id, auction_id, reverse_auction_id)) where is_active
         do update set price_alert_threshold = coalesce(excluded.price_alert_threshold, market_watch.price_alert_threshold)
         returning ${WATCH_COLUMNS}`,
        [actor.id, input.watchType, input.itemId, item.title.slice(0, 200), item.priceCents, item.priceCents, now, input.priceAlertThreshold, now],
      );
      // The price line starts when the first watcher does, if nothing was recorded before.
      await this.prices.recordIn(em, {
        kind: input.watchType,
        partId: input.watchType === 'part' ? input.itemId : null,
        auctionId: input.watchType === 'auction' ? input.itemId : null,
        reverseAuctionId: input.watchType === 'reverse_auction' ? input.itemId : null,
        priceCents: item.priceCents,
        eventType: item.eventType,
        onlyIfChanged: true,
      });
      return this.toDto(row!);
    });
  }

  private async owned(em: EntityManager, actor: Actor, id: string): Promise<WatchRow> {
    const [row] = await em.execute<WatchRow[]>(`select ${WATCH_COLUMNS} from market_watch where id = ? for update`, [id]);
    if (!row) throw Errors.notFound('Watch item');
    if (!mayChange(actor, row.user_id)) throw Errors.forbidden();
    return row;
  }

  /** Changes a watch's threshold or pauses it. */
  async update(actor: Actor, id: string, input: { priceAlertThreshold?: number | null; isActive?: boolean }): Promise<MarketWatchItemDto> {
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id);
      const [updated] = await em.execute<WatchRow[]>(
        `update market_watch set price_alert_threshold = case when ? then ? else price_alert_threshold end,
                is_active = coalesce(?, is_active) where id = ? returning ${WATCH_COLUMNS}`,
        [input.priceAlertThreshold !== undefined, input.priceAlertThreshold ?? null, input.isActive ?? null, row.id],
      );
      return this.toDto(updated!);
    });
  }

  /** Stops watching (the row is deleted). */
  async remove(actor: Actor, id: string): Promise<MarketWatchItemDto> {
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id);
      await em.execute('delete from market_watch where id = ?', [id]);
      return this.toDto(row);
    });
  }

  /** The price line of a watched item, oldest first. */
  async history(actor: Actor, id: string): Promise<PricePointDto[]> {
    const [row] = await this.db.em.execute<WatchRow[]>(`select ${WATCH_COLUMNS} from market_watch where id = ?`, [id]);
    if (!row) throw Errors.notFound('Watch item');
    if (!mayChange(actor, row.user_id)) throw Errors.forbidden();
    return this.prices.line(COLUMN_OF[row.watch_type], row.part_id ?? row.auction_id ?? row.reverse_auction_id!);
  }

  /**
   * Items the watch form can pick, by text: public parts by title; open auctions of the parts found so (by their
   * part's title); active wanted requests by title or description. At most 10.
   */
  async search(q: string, watchType: WatchType): Promise<WatchCandidateDto[]> {
    const money = (v: string | null) => (v === null ? null : formatCents(storedCents(v)));
    if (watchType === 'reverse_auction') {
      return (await this.reverse.searchActive(q, 10)).map((r) => ({
        watchType,
        id: r.id,
        title: r.title,
        price: money(r.currentLowestBid ?? r.maxBudget),
        imageUrl: null,
        itemPath: `/reverse-auctions/${r.id}`,
      }));
    }
    if (watchType === 'auction') {
      const parts = await this.reference.searchParts(q, 200);
      const byPart = new Map(parts.map((p) => [p.id, p]));
      const open = (await this.auctions.openAuctions()).filter((a) => byPart.has(a.partId)).slice(0, 10);
      const found = await Promise.all(open.map((a) => this.auctions.findAuction(a.auctionId, null)));
      return found.flatMap((a) =>
        a ? [{ watchType, id: a.id, title: a.title, price: money(a.totalBids > 0 ? a.currentBid : a.startingBid), imageUrl: byPart.get(a.partId)?.imageUrl ?? null, itemPath: `/auctions/${a.id}` }] : [],
      );
    }
    const rows = await this.reference.searchParts(q);
    return rows.map((r) => ({ watchType: 'part', id: r.id, title: r.title, price: money(r.price), imageUrl: r.imageUrl, itemPath: `/parts/${r.id}` }));
  }

  /**
   * The minute sweep: the current bid of every watched open auction and the lowest quote of every watched request,
   * recorded when it changed since the last point (so bids cost nothing on their own path), moving the watches.
   */
  async sweep(): Promise<number> {
    const rows = await (this.db.em).execute<{ auction_id: string | null; reverse_auction_id: string | null }[]>(
      `select distinct auction_id, reverse_auction_id from market_watch
        where is_active and (auction_id is not null or reverse_auction_id is not null) limit 5000`,
    );
    let recorded = 0;
    for (const r of rows) {
      const type: WatchType = r.auction_id ? 'auction' : 'reverse_auction';
      const id = (r.auction_id ?? r.reverse_auction_id)!;
      const item = await this.priceOf(type, id, null);
      if (!item) continue;
      const stored = await this.prices.record({
        kind: type,
        auctionId: r.auction_id,
        reverseAuctionId: r.reverse_auction_id,
        priceCents: item.priceCents,
        eventType: item.eventType,
        onlyIfChanged: true,
      });
      if (stored) recorded++;
    }
    return recorded;
  }
}
