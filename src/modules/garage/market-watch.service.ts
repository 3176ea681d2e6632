import { inject, injectable } from 'inversify';
import { LockMode } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { formatCents, parseMoney, storedCents } from '../../platform/money.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi, CatalogReference } from '../catalog/index.js';
import { ReverseApi } from '../reverse/index.js';
import type { MarketWatchItemDto, PricePointDto, PriceEventType, WatchCandidateDto, WatchType } from './garage.dto.js';
import { mayChange, ownerOf, pageTotal } from './garage.rules.js';
import type { ListQuery, WatchCreate } from './garage.schemas.js';
import { MarketWatch } from './market-watch.entity.js';
import { upsertWatch, watchedAuctionsAndRequests } from './market-watch.repository.js';
import { PriceHistoryService } from './price-history.service.js';

const COLUMN_OF: Record<WatchType, 'part_id' | 'auction_id' | 'reverse_auction_id'> = {
  part: 'part_id',
  auction: 'auction_id',
  reverse_auction: 'reverse_auction_id',
};
const PATH_OF: Record<WatchType, string> = { part: '/parts', auction: '/auctions', reverse_auction: '/reverse-auctions' };
const money = (v: string | null | undefined) => (v == null ? null : formatCents(storedCents(v)));

/** A watch as the API answers it. */
export function toWatchDto(w: MarketWatch): MarketWatchItemDto {
  const itemId = w.partId ?? w.auctionId ?? w.reverseAuctionId!;
  return {
    id: w.id,
    userId: w.userId,
    watchType: w.watchType,
    partId: w.partId ?? null,
    auctionId: w.auctionId ?? null,
    reverseAuctionId: w.reverseAuctionId ?? null,
    title: w.title ?? null,
    itemPath: `${PATH_OF[w.watchType as WatchType]}/${itemId}`,
    originalPrice: money(w.originalPrice),
    currentPrice: money(w.currentPrice),
    priceChangePercent: Number(w.priceChangePercent),
    priceDirection: w.priceDirection,
    priceAlertThreshold: w.priceAlertThreshold == null ? null : Number(w.priceAlertThreshold),
    isActive: w.isActive,
    lastPriceCheck: w.lastPriceCheck ? w.lastPriceCheck.toISOString() : null,
    createdAt: w.createdAt.toISOString(),
  };
}

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
    const rows = await this.db.em.find(MarketWatch, { userId: owner }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset });
    const total = await pageTotal(rows.length, page, () => this.db.em.count(MarketWatch, { userId: owner }));
    return { rows: rows.map(toWatchDto), total };
  }

  /**
   * Starts watching an item at its current price (the actor is the owner). Watching an item already watched
   * answers the existing watch (its threshold updated when one is given).
   */
  async create(actor: Actor, input: WatchCreate): Promise<MarketWatchItemDto> {
    const item = await this.priceOf(input.watchType, input.itemId, actor);
    if (!item) throw Errors.notFound(input.watchType === 'part' ? 'Part' : input.watchType === 'auction' ? 'Auction' : 'Reverse auction');
    return this.db.transaction(async (em) => {
      const id = await upsertWatch(em, {
        userId: actor.id,
        watchType: input.watchType,
        itemId: input.itemId,
        title: item.title,
        priceCents: item.priceCents,
        priceAlertThreshold: input.priceAlertThreshold,
        now: this.clock.now(),
      });
      // The price line starts when the first watcher does, if nothing was recorded before.
      await this.prices.record({
        kind: input.watchType,
        partId: input.watchType === 'part' ? input.itemId : null,
        auctionId: input.watchType === 'auction' ? input.itemId : null,
        reverseAuctionId: input.watchType === 'reverse_auction' ? input.itemId : null,
        priceCents: item.priceCents,
        eventType: item.eventType,
        onlyIfChanged: true,
      });
      return toWatchDto(await em.findOneOrFail(MarketWatch, { id }));
    });
  }

  /** The watch `id`, locked, if `actor` may change it; 404 when unknown, 403 when someone else's. */
  private async owned(actor: Actor, id: string): Promise<MarketWatch> {
    const watch = await this.db.em.findOne(MarketWatch, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!watch) throw Errors.notFound('Watch item');
    if (!mayChange(actor, watch.userId)) throw Errors.forbidden();
    return watch;
  }

  /** Changes a watch's threshold or pauses it. */
  async update(actor: Actor, id: string, input: { priceAlertThreshold?: number | null; isActive?: boolean }): Promise<MarketWatchItemDto> {
    return this.db.transaction(async (em) => {
      const watch = await this.owned(actor, id);
      if (input.priceAlertThreshold !== undefined) watch.priceAlertThreshold = input.priceAlertThreshold === null ? null : String(input.priceAlertThreshold);
      if (input.isActive !== undefined) watch.isActive = input.isActive;
      await em.flush();
      return toWatchDto(watch);
    });
  }

  /** Stops watching (the row is deleted). */
  async remove(actor: Actor, id: string): Promise<MarketWatchItemDto> {
    return this.db.transaction(async (em) => {
      const watch = await this.owned(actor, id);
      const dto = toWatchDto(watch);
      await em.remove(watch).flush();
      return dto;
    });
  }

  /** The price line of a watched item, oldest first. */
  async history(actor: Actor, id: string): Promise<PricePointDto[]> {
    const watch = await this.db.em.findOne(MarketWatch, { id });
    if (!watch) throw Errors.notFound('Watch item');
    if (!mayChange(actor, watch.userId)) throw Errors.forbidden();
    return this.prices.line(COLUMN_OF[watch.watchType as WatchType], watch.partId ?? watch.auctionId ?? watch.reverseAuctionId!);
  }

  /**
   * Items the watch form can pick, by text: public parts by title; open auctions of the parts found so (by their
   * part's title); active wanted requests by title or description. At most 10.
   */
  async search(q: string, watchType: WatchType): Promise<WatchCandidateDto[]> {
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
    const rows = await watchedAuctionsAndRequests(this.db.em);
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
