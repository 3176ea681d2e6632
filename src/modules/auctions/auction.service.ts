import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi, SellerPolicy, type PartDto } from '../catalog/index.js';
import { ActivityService } from './activity.service.js';
import type { ListPage } from '../../platform/http/validate.js';
import { AUCTION_COLUMNS, centsOf, money, readAuction, readStandings, toAuctionRow, type AuctionRow, type Standing } from './auction.repository.js';
import { maskName } from './auction.rules.js';
import type { AuctionDto, BidDto } from './auction.dto.js';
import { toAuctionDto } from './auction.mapper.js';
import type { AuctionCreateInput, AuctionListQuery } from './auction.schemas.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { Database } from '../../platform/db/database.js';

export const AUCTION_MESSAGES = {
  notSeller: 'Only approved sellers can schedule auctions',
  partNotFound: 'Part not found',
  notOwnPart: 'You can only auction your own parts',
  partInactive: 'This part is no longer listed',
  partPending: 'This part is still waiting for review: it can be auctioned once it is approved',
  partRejected: 'This part was not approved, so it cannot be auctioned',
  partSold: 'This part has been sold',
  partInAuction: 'This part already has a scheduled or active auction',
  startFuture: 'Start time must be in the future',
  endAfterStart: 'End time must be after start time',
  reserveNotAllowed: 'Reserve prices are not allowed',
  reserveRequired: 'Reserve price is required for a reserve auction',
  reserveBelowStart: 'Reserve price must be at least the starting bid',
  binNotAllowed: 'Buy It Now is not allowed',
  binBelowReserve: 'Buy It Now price must be at least the reserve price',
  ended: 'This auction has ended',
} as const;

export const START_TASK = 'auctions/start';
export const END_TASK = 'auctions/end';
export const startJobKey = (id: string) => `auction-start:${id}`;
export const endJobKey = (id: string) => `auction-end:${id}`;

const SORT_COLUMNS = {
  endTime: 'end_time',
  currentBid: 'current_bid',
  totalBids: 'total_bids',
  watchers: 'watchers',
  createdAt: 'created_at',
} as const;

function humanDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The clash of a second open auction of one part with `auctions_one_open_per_part`. */
export function isOpenAuctionClash(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException && error.message.includes('auctions_one_open_per_part');
}

const partInAuction = () =>
  Errors.conflict('part_in_auction', AUCTION_MESSAGES.partInAuction, { partId: AUCTION_MESSAGES.partInAuction });

/**
 * Why `part` cannot go into an auction, or null: it must be approved, live and unsold, and under no other open
 * auction (the database holds the last rule; this names it first). Ownership is the caller's check.
 */
export function auctionRefusal(
  part: Pick<PartDto, 'isActive' | 'isApproved' | 'isSold' | 'rejectionReason' | 'activeAuctionId'>,
): { kind: 'invalid' | 'conflict'; code: string; message: string } | null {
  if (part.isSold) return { kind: 'conflict', code: 'part_sold', message: AUCTION_MESSAGES.partSold };
  if (!part.isActive) return { kind: 'invalid', code: 'part_inactive', message: AUCTION_MESSAGES.partInactive };
  if (!part.isApproved) {
    return part.rejectionReason
      ? { kind: 'invalid', code: 'part_rejected', message: AUCTION_MESSAGES.partRejected }
      : { kind: 'invalid', code: 'part_pending', message: AUCTION_MESSAGES.partPending };
  }
  if (part.activeAuctionId) return { kind: 'conflict', code: 'part_in_auction', message: AUCTION_MESSAGES.partInAuction };
  return null;
}

/** Scheduling, reading and watching forward auctions. */
@injectable()
export class AuctionService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(SellerPolicy) private readonly sellers: SellerPolicy,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(ActivityService) private readonly activity: ActivityService,
  ) {}

  /** Schedules an auction of one of the seller's own active parts. */
  async create(input: AuctionCreateInput, actor: Actor, sellerIp: string | undefined): Promise<AuctionDto> {
    if (!(await this.sellers.listingTerms(actor.id, actor.role)).canList) throw Errors.forbidden(AUCTION_MESSAGES.notSeller);
    const bad = (field: string, message: string) => Errors.invalid('validation_failed', message, { [field]: message });
    const [part] = await this.catalog.findParts([input.partId]);
    if (!part) throw bad('partId', AUCTION_MESSAGES.partNotFound);
    if (part.sellerId !== actor.id) throw Errors.forbidden(AUCTION_MESSAGES.notOwnPart);
    const refusal = auctionRefusal(part);
    if (refusal?.kind === 'invalid') throw bad('partId', refusal.message);

    const now = this.clock.now();
    const { auction, pricing } = await this.settings.all();
    if (input.startTime.getTime() <= now.getTime()) throw bad('startTime', AUCTION_MESSAGES.startFuture);
    if (input.endTime.getTime() <= input.startTime.getTime()) throw bad('endTime', AUCTION_MESSAGES.endAfterStart);
    const duration = (input.endTime.getTime() - input.startTime.getTime()) / 1000;
    if (duration < auction.minimumAuctionDuration) {
      throw bad('endTime', `Auctions must run for at least ${humanDuration(auction.minimumAuctionDuration)}`);
    }

    const start = input.startingBid;
    const reserve = input.reservePrice ?? null;
    if (input.auctionType === 'reserve' && reserve === null) throw bad('reservePrice', AUCTION_MESSAGES.reserveRequired);
    if (reserve !== null) {
      if (!pricing.allowReservePrices) throw bad('reservePrice', AUCTION_MESSAGES.reserveNotAllowed);
      if (reserve < start) throw bad('reservePrice', AUCTION_MESSAGES.reserveBelowStart);
      const max = Math.floor((start * (100 * 100 + Math.round(pricing.maxReservePercentage * 100))) / (100 * 100));
      if (reserve > max) {
        throw bad('reservePrice', `Reserve price can be at most ${pricing.maxReservePercentage}% above the starting bid (${money(max)})`);
      }
    }
    const bin = input.buyItNowPrice ?? null;
    if (bin !== null) {
      if (!pricing.allowBuyItNow) throw bad('buyItNowPrice', AUCTION_MESSAGES.binNotAllowed);
      const min = Math.ceil((start * Math.round(pricing.minBuyItNowMultiplier * 100)) / 100);
      if (bin < min) throw bad('buyItNowPrice', `Buy It Now price must be at least ${money(min)}`);
      if (reserve !== null && bin < reserve) throw bad('buyItNowPrice', AUCTION_MESSAGES.binBelowReserve);
    }
    const increment = input.bidIncrement ?? Math.round(auction.defaultBidIncrement * 100);
    // The part's state conflicts (sold, in another auction) come after the form's own mistakes.
    if (refusal) throw Errors.conflict(refusal.code, refusal.message, { partId: refusal.message });

    const em = this.db.em;
    const id = await em.transactional(async (tx) => {
      // An ended auction with a winner sold the part, though the catalog may not have marked it sold yet.
      const [sold] = await tx.execute<{ id: string }[]>('select id from auctions where part_id = ? and winner_id is not null limit 1', [part.id]);
      if (sold) throw Errors.conflict('part_sold', AUCTION_MESSAGES.partSold, { partId: AUCTION_MESSAGES.partSold });
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into auctions (part_id, seller_id, auction_type, title, description, starting_bid, reserve_price,
           buy_it_now_price, bid_increment, start_time, end_time, auto_extend_trigger, auto_extend_time, max_extensions,
           auto_relist, max_relists, relist_price_reduction, relist_delay, allow_proxy, shipping_cost, conditions,
           location, seller_ip, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        [
          part.id,
          actor.id,
          reserve !== null ? 'reserve' : 'standard',
          input.title,
          input.description,
          money(start),
          money(reserve),
          money(bin),
          money(increment),
          input.startTime.toISOString(),
          input.endTime.toISOString(),
          input.autoExtendTrigger,
          input.autoExtendTime,
          input.maxExtensions,
          input.autoRelist,
          input.maxRelists,
          input.relistPriceReduction,
          input.relistDelay,
          auction.allowProxy,
          money(input.shippingCost ?? null),
          input.condition ?? part.condition,
          input.location ?? part.location,
          sellerIp ?? null,
          now.toISOString(),
          now.toISOString(),
        ],
      );
      await this.scheduleJobs(tx, row!.id, input.startTime, input.endTime);
      return row!.id;
    }).catch((error: unknown) => {
      throw isOpenAuctionClash(error) ? partInAuction() : error;
    });
    return this.get(id, actor);
  }

  /** Adds (or moves) the start and end jobs of an auction. */
  async scheduleJobs(em: EntityManager, id: string, startTime: Date, endTime: Date): Promise<void> {
    await this.jobs.add(em, START_TASK, { auctionId: id }, { runAt: startTime, jobKey: startJobKey(id), jobKeyMode: 'replace' });
    await this.jobs.add(em, END_TASK, { auctionId: id }, { runAt: endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
  }

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
    const { pricing } = await this.settings.all();
    const names = await this.names(rows.map((r) => r.sellerId));
    const watched = new Set<string>();
    if (viewer && rows.length) {
      const w = await this.db.em.execute<{ auction_id: string }[]>(
        'select auction_id from auction_watchers where user_id = ? and auction_id = any(?::uuid[])',
        [viewer.id, uuidArray(rows.map((r) => r.id))],
      );
      for (const r of w) watched.add(r.auction_id);
    }
    // Only the viewer's own maximum is read, so no one else's can reach the answer.
    const standings = viewer && rows.length ? await readStandings(this.db.em, viewer.id, rows.map((r) => r.id)) : new Map<string, Standing>();
    const partIds = [...new Set(rows.map((r) => r.partId))];
    const parts = new Map((partIds.length ? await this.catalog.findParts(partIds) : []).map((p) => [p.id, p]));
    const now = this.clock.now();
    return rows.map((r) =>
      toAuctionDto(r, {
        viewer,
        pricing,
        now,
        sellerName: names.get(r.sellerId)?.name ?? 'Unknown seller',
        watching: watched.has(r.id),
        part: parts.get(r.partId),
        standing: standings.get(r.id),
      }),
    );
  }

  async get(id: string, viewer: Actor | null): Promise<AuctionDto> {
    const row = await readAuction(this.db.em, id);
    if (!row) throw Errors.notFound('Auction');
    return (await this.dtos([row], viewer))[0]!;
  }

  /** A page of auctions and the count of all that match. */
  async list(query: AuctionListQuery, viewer: Actor | null): Promise<ListPage<AuctionDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    if (query.sellerId) {
      where.push('seller_id = ?');
      params.push(query.sellerId);
    }
    // A cancelled auction is only listed to its seller and to admins, or when asked for by status.
    if (!query.status && !(viewer && (viewer.id === query.sellerId || hasRole(viewer.role, 'admin')))) {
      where.push(`status <> 'cancelled'`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const order = query.order ?? (query.sort === 'endTime' ? 'asc' : 'desc');
    const em = this.db.em;
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${AUCTION_COLUMNS} from auctions ${clause}
       order by ${SORT_COLUMNS[query.sort]} ${order === 'asc' ? 'asc' : 'desc'}, id asc limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from auctions ${clause}`, params);
    return { rows: await this.dtos(rows.map(toAuctionRow), viewer), total: count!.n };
  }

  /** Bids, newest first; the current top bid is marked `isWinning`; bidders are shown masked. */
  async bids(id: string, page: { limit: number; offset: number }): Promise<ListPage<BidDto>> {
    const em = this.db.em;
    const auction = await readAuction(em, id);
    if (!auction) throw Errors.notFound('Auction');
    const rows = await em.execute<
      { id: string; bidder_id: string; bid_amount: string; bid_type: BidDto['bidType']; is_winning: boolean; created_at: Date }[]
    >(
      `select id, bidder_id, bid_amount, bid_type, is_winning, created_at from bids where auction_id = ?
       order by seq desc limit ? offset ?`,
      [id, page.limit, page.offset],
    );
    const names = await this.names(rows.map((r) => r.bidder_id));
    return {
      total: auction.totalBids,
      rows: rows.map((r) => ({
        id: r.id,
        auctionId: id,
        bidderName: maskName(names.get(r.bidder_id)?.username ?? 'bidder'),
        bidAmount: money(centsOf(r.bid_amount))!,
        bidType: r.bid_type,
        isWinning: r.is_winning,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** Watches an auction; watching it again changes nothing. */
  async watch(id: string, actor: Actor): Promise<{ auctionId: string; watching: boolean; watchers: number }> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.em.transactional(async (tx) => {
      const auction = await readAuction(tx, id);
      if (!auction) throw Errors.notFound('Auction');
      if (auction.status === 'ended') throw Errors.conflict('auction_ended', AUCTION_MESSAGES.ended);
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into auction_watchers (auction_id, user_id, created_at) values (?, ?, ?)
         on conflict (auction_id, user_id) do nothing returning id`,
        [id, actor.id, this.clock.now().toISOString()],
      );
      return { auctionId: id, watching: true, watchers: await this.watchers(tx, id, inserted.length ? 1 : 0, user?.username) };
    });
  }

  /** Stops watching; unwatching an auction one does not watch changes nothing. */
  async unwatch(id: string, actor: Actor): Promise<{ auctionId: string; watching: boolean; watchers: number }> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.em.transactional(async (tx) => {
      const auction = await readAuction(tx, id);
      if (!auction) throw Errors.notFound('Auction');
      const deleted = await tx.execute<{ id: string }[]>(
        'delete from auction_watchers where auction_id = ? and user_id = ? returning id',
        [id, actor.id],
      );
      return { auctionId: id, watching: false, watchers: await this.watchers(tx, id, deleted.length ? -1 : 0, user?.username) };
    });
  }

  private async watchers(tx: EntityManager, id: string, delta: number, username: string | undefined) {
    const [row] = await tx.execute<{ watchers: number }[]>(
      'update auctions set watchers = watchers + ? where id = ? returning watchers',
      [delta, id],
    );
    if (delta !== 0) {
      await this.activity.record(tx, id, 'watcher', { username: maskName(username ?? 'someone'), totalWatchers: row!.watchers });
    }
    return row!.watchers;
  }
}
