import { inject, injectable } from 'inversify';
import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { StorefrontNames } from '../sellers/index.js';
import { ActivityService } from './activity.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionWatcher } from './auction-watcher.entity.js';
import type { AuctionDto, BidDto } from './auction.dto.js';
import { Auction } from './auction.entity.js';
import { toAuctionDto } from './auction.mapper.js';
import { addToWatcherCount, deleteWatcher, insertWatcher, readAuction, readStandings } from './auction.repository.js';
import { auctionRowOf, centsOf, money, type AuctionRow, type Standing } from './auction.row.js';
import { AUCTION_MESSAGES, maskName } from './auction.rules.js';
import type { AuctionListQuery } from './auction.schemas.js';
import { Bid } from './bid.entity.js';

/** The list's sort keys, properties of Auction. */
const SORT_PROPERTIES = {
  endTime: 'endTime',
  currentBid: 'currentBid',
  totalBids: 'totalBids',
  watchers: 'watchers',
  createdAt: 'createdAt',
} as const;

const LIVE = `status = 'active' and end_time > ?`;
const UPCOMING = `status in ('scheduled', 'pending') and end_time > ?`;

/**
 * "Ending soonest" (sort endTime, ascending, the list's default) across statuses (issue 34): running auctions
 * first, ending soonest; then upcoming ones by start; then the finished (and cancelled), the latest ended first.
 * A plain end-time order put long-ended auctions at the top of All Auctions.
 */
function endingSoonestOrder(now: Date): QueryOrderMap<Auction>[] {
  return [
    { [raw(`(case when ${LIVE} then 0 when ${UPCOMING} then 1 else 2 end)`, [now, now])]: 'asc' },
    { [raw(`(case when ${LIVE} then end_time when ${UPCOMING} then start_time end)`, [now, now])]: 'asc' },
    { [raw(`(case when ${LIVE} or ${UPCOMING} then null else end_time end)`, [now, now])]: 'desc' },
    { endTime: 'asc' },
    { id: 'asc' },
  ];
}

/** Reading forward auctions (one, a page, their bids) as a viewer may see them, and watching them. */
@injectable()
export class AuctionService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(StorefrontNames) private readonly storefrontNames: StorefrontNames,
  ) {}

  private async names(ids: string[]): Promise<Map<string, { username: string; name: string }>> {
    const result = new Map<string, { username: string; name: string }>();
    for (const id of new Set(ids)) {
      const user = await this.accounts.findUser(id);
      if (user) {
        result.set(id, { username: user.username, name: `${user.firstName} ${user.lastName}`.trim() || user.username });
      }
    }
    return result;
  }

  private async dtos(rows: AuctionRow[], viewer: Actor | null): Promise<AuctionDto[]> {
    const em = this.db.em;
    const { pricing } = await this.settings.all();
    // Buyers know a seller by the storefront; the personal name only for a seller without one (an admin's listing).
    const storefronts = await this.storefrontNames.displayNames(rows.map((r) => r.sellerId));
    const names = await this.names(rows.map((r) => r.sellerId).filter((id) => !storefronts.has(id)));
    const watched = new Set<string>();
    if (viewer && rows.length) {
      const watching = await em.find(AuctionWatcher, { userId: viewer.id, auctionId: { $in: rows.map((r) => r.id) } }, { fields: ['auctionId'] });
      for (const w of watching) watched.add(w.auctionId!);
    }
    // Only the viewer's own maximum is read, so no one else's can reach the answer.
    const standings = viewer && rows.length ? await readStandings(em, viewer.id, rows.map((r) => r.id)) : new Map<string, Standing>();
    const partIds = [...new Set(rows.map((r) => r.partId))];
    const parts = new Map((partIds.length ? await this.catalog.findParts(partIds) : []).map((p) => [p.id, p]));
    const now = this.clock.now();
    return rows.map((r) =>
      toAuctionDto(r, {
        viewer,
        pricing,
        now,
        sellerName: storefronts.get(r.sellerId) ?? names.get(r.sellerId)?.name ?? 'Unknown seller',
        watching: watched.has(r.id),
        part: parts.get(r.partId),
        standing: standings.get(r.id),
      }),
    );
  }

  /** One auction as `viewer` may see it; 404 when there is none. */
  async get(id: string, viewer: Actor | null): Promise<AuctionDto> {
    const row = await readAuction(this.db.em, id);
    if (!row) throw Errors.notFound('Auction');
    return (await this.dtos([row], viewer))[0]!;
  }

  /** A page of auctions and the count of all that match. */
  async list(query: AuctionListQuery, viewer: Actor | null): Promise<ListPage<AuctionDto>> {
    const where: FilterQuery<Auction> = {};
    if (query.status) where.status = query.status;
    if (query.sellerId) where.sellerId = query.sellerId;
    // A cancelled auction is only listed to its seller and to admins, or when asked for by status.
    if (!query.status && !(viewer && (viewer.id === query.sellerId || hasRole(viewer.role, 'admin')))) {
      where.status = { $ne: 'cancelled' };
    }
    const order = query.order ?? (query.sort === 'endTime' ? 'asc' : 'desc');
    const orderBy: QueryOrderMap<Auction>[] =
      query.sort === 'endTime' && order === 'asc'
        ? endingSoonestOrder(this.clock.now())
        : [{ [SORT_PROPERTIES[query.sort]]: order }, { id: 'asc' }];
    const [rows, total] = await this.db.em.findAndCount(Auction, where, {
      orderBy,
      limit: query.limit,
      offset: query.offset,
      refresh: true,
    });
    return { rows: await this.dtos(rows.map(auctionRowOf), viewer), total };
  }

  /** Bids, newest first; the current top bid is marked `isWinning`; bidders are shown masked. */
  async bids(id: string, page: { limit: number; offset: number }): Promise<ListPage<BidDto>> {
    const em = this.db.em;
    const auction = await readAuction(em, id);
    if (!auction) throw Errors.notFound('Auction');
    const rows = await em.find(
      Bid,
      { auctionId: id },
      { orderBy: { seq: 'desc' }, limit: page.limit, offset: page.offset, fields: ['bidderId', 'bidAmount', 'bidType', 'isWinning', 'createdAt'], refresh: true },
    );
    const names = await this.names(rows.map((r) => r.bidderId));
    return {
      total: auction.totalBids,
      rows: rows.map((r) => ({
        id: r.id,
        auctionId: id,
        bidderName: maskName(names.get(r.bidderId)?.username ?? 'bidder'),
        bidAmount: money(centsOf(r.bidAmount))!,
        bidType: r.bidType,
        isWinning: r.isWinning,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Watches an auction; watching it again changes nothing. */
  async watch(id: string, actor: Actor): Promise<{ auctionId: string; watching: boolean; watchers: number }> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.transaction(async (tx) => {
      const auction = await readAuction(tx, id);
      if (!auction) throw Errors.notFound('Auction');
      if (auction.status === 'ended') throw Errors.conflict('auction_ended', AUCTION_MESSAGES.ended);
      const added = await insertWatcher(tx, id, actor.id, this.clock.now());
      return { auctionId: id, watching: true, watchers: await this.watchers(tx, id, added ? 1 : 0, user?.username) };
    });
  }

  /** Stops watching; unwatching an auction one does not watch changes nothing. */
  async unwatch(id: string, actor: Actor): Promise<{ auctionId: string; watching: boolean; watchers: number }> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.transaction(async (tx) => {
      const auction = await readAuction(tx, id);
      if (!auction) throw Errors.notFound('Auction');
      const removed = await deleteWatcher(tx, id, actor.id);
      return { auctionId: id, watching: false, watchers: await this.watchers(tx, id, removed ? -1 : 0, user?.username) };
    });
  }

  private async watchers(tx: EntityManager, id: string, delta: number, username: string | undefined) {
    const watchers = await addToWatcherCount(tx, id, delta);
    if (delta !== 0) {
      await this.activity.record(tx, id, 'watcher', { username: maskName(username ?? 'someone'), totalWatchers: watchers });
    }
    return watchers;
  }
}
