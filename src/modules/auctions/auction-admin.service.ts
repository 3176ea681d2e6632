import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { containsPattern } from '../../platform/db/like.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { AccountsApi } from '../accounts/index.js';
import { ActivityService } from './activity.service.js';
import type {
  AdminAuctionDetailDto,
  AdminAuctionDto,
  AdminAuctionStatus,
  AdminBidDto,
  AdminRelistDto,
} from './auction-admin.dto.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { CLOSED_TASK } from './auction-notification.service.js';
import { centsOf, money, readAuction, type RawRow } from './auction.repository.js';
import { endJobKey, startJobKey } from './auction.service.js';
import { Database } from '../../platform/db/database.js';

export const ADMIN_AUCTION_STATUSES = ['scheduled', 'active', 'ended', 'pending', 'cancelled'] as const;

/** The console's sort fields and their columns (`id` is always allowed by the shared helper). */
export const ADMIN_AUCTION_SORT = {
  id: 'a.id',
  title: 'a.title',
  status: 'a.status',
  startTime: 'a.start_time',
  endTime: 'a.end_time',
  createdAt: 'a.created_at',
  currentBid: 'a.current_bid',
  totalBids: 'a.total_bids',
  watchers: 'a.watchers',
} as const;
export type AdminAuctionSort = keyof typeof ADMIN_AUCTION_SORT;

export interface AdminAuctionFilter {
  q?: string;
  status?: AdminAuctionStatus[];
  sellerId?: string;
  partId?: string;
  /** Only auctions whose bids raised a bidding-pattern flag. */
  flagged?: boolean;
  ids?: string[];
}

export const ADMIN_AUCTION_MESSAGES = {
  notActive: 'Only an active auction can be ended early',
  notOpen: 'Only a scheduled or active auction can be cancelled',
  relisted: 'Auction relisted',
  relistSkipped: 'The part is no longer listed, so the auction was not relisted',
} as const;

const COLUMNS = `a.id, a.title, a.description, a.part_id, a.seller_id, a.status, a.starting_bid, a.current_bid, a.reserve_price,
  a.buy_it_now_price, a.bid_increment, a.total_bids, a.watchers, a.start_time, a.end_time, a.ended_at, a.winner_id,
  a.closed_by, a.close_reason, a.relist_count, a.relisted_from, a.created_at,
  (select r.new_auction_id from auction_relists r where r.original_id = a.id and r.status = 'processed') as relisted_as,
  exists (select 1 from auction_relists r where r.original_id = a.id and r.status <> 'pending') as relist_done,
  (select count(*)::int from bidding_patterns p where p.auction_id = a.id) as flag_count`;

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The console's auctions: the list with filters, one auction with its bids, activity and flags; end early, cancel, relist. */
@injectable()
export class AuctionAdminService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
  ) {}

  /** A page of auctions in any state, filtered, and the count of all that match. */
  async list(filter: AdminAuctionFilter, page: ConsolePage): Promise<ListPage<AdminAuctionDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status?.length) {
      where.push('a.status = any(?::text[])');
      params.push(`{${filter.status.join(',')}}`);
    }
    if (filter.sellerId) {
      where.push('a.seller_id = ?');
      params.push(filter.sellerId);
    }
    if (filter.partId) {
      where.push('a.part_id = ?');
      params.push(filter.partId);
    }
    if (filter.ids) {
      where.push('a.id = any(?::uuid[])');
      params.push(uuidArray(filter.ids));
    }
    if (filter.q) {
      where.push('a.title ilike ?');
      params.push(containsPattern(filter.q));
    }
    if (filter.flagged !== undefined) {
      where.push(`${filter.flagged ? '' : 'not '}exists (select 1 from bidding_patterns p where p.auction_id = a.id)`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const order = Object.entries(page.orderBy)
      .filter(([field]) => field in ADMIN_AUCTION_SORT)
      .map(([field, dir]) => `${ADMIN_AUCTION_SORT[field as AdminAuctionSort]} ${dir === 'desc' ? 'desc' : 'asc'}`);
    if (!('id' in page.orderBy)) order.push('a.id asc');
    const em = this.db.em;
    const rows = await em.execute<RawRow[]>(
      `select ${COLUMNS} from auctions a ${clause} order by ${order.join(', ')} limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from auctions a ${clause}`, params);
    return { rows: await this.toDtos(rows), total: count!.n };
  }

  /** One auction with its bids (newest first, bidders named), its activity feed and its bidding-pattern flags. */
  async get(id: string): Promise<AdminAuctionDetailDto> {
    const em = this.db.em;
    const [row] = await em.execute<RawRow[]>(`select ${COLUMNS} from auctions a where a.id = ?`, [id]);
    if (!row) throw Errors.notFound('Auction');
    const bids = await em.execute<RawRow[]>(
      `select id, bidder_id, bid_amount, max_bid_amount, bid_type, is_winning, suspicious_flag, created_at
       from bids where auction_id = ? order by seq desc limit 200`,
      [id],
    );
    const flags = await em.execute<RawRow[]>(
      `select id, user_id, pattern_type, description, risk_score, status, flagged_at
       from bidding_patterns where auction_id = ? order by flagged_at desc limit 100`,
      [id],
    );
    const names = await this.names([...bids.map((b) => String(b.bidder_id)), ...flags.map((f) => String(f.user_id))]);
    const [dto] = await this.toDtos([row]);
    return {
      ...dto!,
      description: String(row.description),
      bidIncrement: money(centsOf(row.bid_increment as string))!,
      bids: bids.map(
        (b): AdminBidDto => ({
          id: String(b.id),
          bidderId: String(b.bidder_id),
          bidderName: names.get(String(b.bidder_id)) ?? 'Unknown user',
          bidAmount: money(centsOf(b.bid_amount as string))!,
          maxBidAmount: b.max_bid_amount === null ? null : money(centsOf(b.max_bid_amount as string)),
          bidType: b.bid_type as AdminBidDto['bidType'],
          isWinning: Boolean(b.is_winning),
          suspicious: Boolean(b.suspicious_flag),
          createdAt: iso(b.created_at),
        }),
      ),
      activity: (await this.activity.history(id, 100)).reverse().map((e) => ({ ...e, data: { ...e.data } })),
      flags: flags.map((f) => ({
        id: String(f.id),
        userId: String(f.user_id),
        username: names.get(String(f.user_id)) ?? 'Unknown user',
        patternType: String(f.pattern_type),
        description: String(f.description),
        riskScore: Number(f.risk_score),
        status: String(f.status),
        flaggedAt: iso(f.flagged_at),
      })),
    };
  }

  /**
   * Ends an active auction now, as its end time would (the top bid wins if the reserve is met, the result is
   * mailed, an unsold one is relisted by its settings); the reason goes to every bidder and the seller.
   */
  async endEarly(id: string, reason: string, admin: Actor): Promise<AdminAuctionDetailDto> {
    const ended = await this.lifecycle.end(id, async (tx, a) => {
      await tx.execute('update auctions set closed_by = ?, close_reason = ? where id = ?', [admin.id, reason, a.id]);
      await this.jobs.add(tx, CLOSED_TASK, { auctionId: a.id }, { jobKey: `auction-closed:${a.id}` });
    });
    if (!ended) {
      const a = await readAuction(this.db.em, id);
      if (!a) throw Errors.notFound('Auction');
      throw Errors.conflict('auction_not_active', ADMIN_AUCTION_MESSAGES.notActive);
    }
    return this.get(id);
  }

  /** Voids a scheduled or active auction: no winner, no relist; the reason goes to every bidder and the seller. */
  async cancel(id: string, reason: string, admin: Actor): Promise<AdminAuctionDetailDto> {
    await this.db.em.transactional(async (tx) => {
      const a = await readAuction(tx, id, true);
      if (!a) throw Errors.notFound('Auction');
      if (a.status !== 'scheduled' && a.status !== 'active') throw Errors.conflict('auction_not_open', ADMIN_AUCTION_MESSAGES.notOpen);
      const now = this.clock.now().toISOString();
      await tx.execute(
        `update auctions set status = 'cancelled', winner_id = null, ended_at = ?, updated_at = ?, closed_by = ?, close_reason = ?
         where id = ?`,
        [now, now, admin.id, reason, id],
      );
      await tx.execute('update bids set is_winning = false where auction_id = ? and is_winning', [id]);
      // The start and end jobs find the auction cancelled and do nothing; removing them keeps the queue tidy.
      await this.jobs.remove(tx, startJobKey(id), endJobKey(id));
      await this.activity.record(tx, id, 'end', { currentBid: money(a.currentBid)! });
      await this.jobs.add(tx, CLOSED_TASK, { auctionId: id }, { jobKey: `auction-closed:${id}` });
    });
    return this.get(id);
  }

  /** Relists an ended, unsold auction now (the console's Relist button). */
  async relist(id: string): Promise<AdminRelistDto> {
    const newAuctionId = await this.lifecycle.relist(id, true);
    return {
      originalId: id,
      newAuctionId,
      message: newAuctionId ? ADMIN_AUCTION_MESSAGES.relisted : ADMIN_AUCTION_MESSAGES.relistSkipped,
    };
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    return new Map((await this.accounts.findUsers(unique)).map((u) => [u.id, u.username]));
  }

  private async toDtos(rows: RawRow[]): Promise<AdminAuctionDto[]> {
    const names = await this.names(rows.flatMap((r) => [String(r.seller_id), ...(r.winner_id ? [String(r.winner_id)] : [])]));
    return rows.map((r) => {
      const current = centsOf(r.current_bid as string);
      const reserve = r.reserve_price === null ? null : centsOf(r.reserve_price as string);
      const totalBids = Number(r.total_bids);
      const status = r.status as AdminAuctionStatus;
      return {
        id: String(r.id),
        title: String(r.title),
        partId: String(r.part_id),
        sellerId: String(r.seller_id),
        sellerName: names.get(String(r.seller_id)) ?? 'Unknown seller',
        status,
        startingBid: money(centsOf(r.starting_bid as string))!,
        currentBid: money(current)!,
        reservePrice: money(reserve),
        reserveMet: totalBids > 0 && (reserve === null || current >= reserve),
        buyItNowPrice: r.buy_it_now_price === null ? null : money(centsOf(r.buy_it_now_price as string)),
        totalBids,
        watchers: Number(r.watchers),
        startTime: iso(r.start_time),
        endTime: iso(r.end_time),
        endedAt: r.ended_at ? iso(r.ended_at) : null,
        winnerId: (r.winner_id as string | null) ?? null,
        winnerName: r.winner_id ? (names.get(String(r.winner_id)) ?? 'Unknown user') : null,
        closedBy: (r.closed_by as string | null) ?? null,
        closeReason: (r.close_reason as string | null) ?? null,
        relistCount: Number(r.relist_count),
        relistedFrom: (r.relisted_from as string | null) ?? null,
        relistedAs: (r.relisted_as as string | null) ?? null,
        canRelist: status === 'ended' && !r.winner_id && !r.relist_done,
        flagCount: Number(r.flag_count),
        createdAt: iso(r.created_at),
      };
    });
  }
}
