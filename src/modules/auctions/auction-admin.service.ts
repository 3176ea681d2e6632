import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { AccountsApi } from '../accounts/index.js';
import { ActivityService } from './activity.service.js';
import { listAdminAuctions, readAdminAuction } from './auction-admin.repository.js';
import type { AdminAuctionFilter } from './auction-admin.schemas.js';
import type { AdminAuctionDetailDto, AdminAuctionDto, AdminAuctionStatus, AdminBidDto, AdminRelistDto } from './auction-admin.dto.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionRelistService } from './auction-relist.service.js';
import { Auction } from './auction.entity.js';
import { readAuction } from './auction.repository.js';
import { centsOf, money, type RawRow } from './auction.row.js';
import { CLOSED_TASK, closedJobKey, removeStartAndEndJobs } from './auctions.tasks.js';
import { BiddingPattern } from './bidding-pattern.entity.js';
import { Bid } from './bid.entity.js';

export { ADMIN_AUCTION_SORT, type AdminAuctionSort } from './auction-admin.repository.js';

export const ADMIN_AUCTION_MESSAGES = {
  notActive: 'Only an active auction can be ended early',
  notOpen: 'Only a scheduled or active auction can be cancelled',
  relisted: 'Auction relisted',
  relistSkipped: 'The part is no longer listed, so the auction was not relisted',
} as const;

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
    @inject(AuctionRelistService) private readonly relists: AuctionRelistService,
  ) {}

  /** A page of auctions in any state, filtered, and the count of all that match. */
  async list(filter: AdminAuctionFilter, page: ConsolePage): Promise<ListPage<AdminAuctionDto>> {
    const { rows, total } = await listAdminAuctions(this.db.em, filter, page.orderBy, page);
    return { rows: await this.toDtos(rows), total };
  }

  /** One auction with its bids (newest first, bidders named), its activity feed and its bidding-pattern flags. */
  async get(id: string): Promise<AdminAuctionDetailDto> {
    const em = this.db.em;
    const row = await readAdminAuction(em, id);
    if (!row) throw Errors.notFound('Auction');
    const bids = await em.find(
      Bid,
      { auctionId: id },
      {
        orderBy: { seq: 'desc' },
        limit: 200,
        fields: ['bidderId', 'bidAmount', 'maxBidAmount', 'bidType', 'isWinning', 'suspiciousFlag', 'createdAt'],
        refresh: true,
      },
    );
    const flags = await em.find(BiddingPattern, { auctionId: id }, { orderBy: { flaggedAt: 'desc' }, limit: 100, refresh: true });
    const names = await this.names([...bids.map((b) => b.bidderId), ...flags.map((f) => f.userId)]);
    const [dto] = await this.toDtos([row]);
    return {
      ...dto!,
      description: String(row.description),
      bidIncrement: money(centsOf(row.bid_increment as string))!,
      bids: bids.map(
        (b): AdminBidDto => ({
          id: b.id,
          bidderId: b.bidderId,
          bidderName: names.get(b.bidderId) ?? 'Unknown user',
          bidAmount: money(centsOf(b.bidAmount))!,
          maxBidAmount: b.maxBidAmount == null ? null : money(centsOf(b.maxBidAmount)),
          bidType: b.bidType,
          isWinning: b.isWinning,
          suspicious: b.suspiciousFlag,
          createdAt: b.createdAt.toISOString(),
        }),
      ),
      activity: (await this.activity.history(id, 100)).reverse().map((e) => ({ ...e, data: { ...e.data } })),
      flags: flags.map((f) => ({
        id: f.id,
        userId: f.userId,
        username: names.get(f.userId) ?? 'Unknown user',
        patternType: f.patternType,
        description: f.description,
        riskScore: f.riskScore,
        status: f.status,
        flaggedAt: f.flaggedAt.toISOString(),
      })),
    };
  }

  /**
   * Ends an active auction now, as its end time would (the top bid wins if the reserve is met, the result is
   * mailed, an unsold one is relisted by its settings); the reason goes to every bidder and the seller.
   */
  async endEarly(id: string, reason: string, admin: Actor): Promise<AdminAuctionDetailDto> {
    const ended = await this.lifecycle.end(id, async (tx, a) => {
      await tx.nativeUpdate(Auction, { id: a.id }, { closedBy: admin.id, closeReason: reason });
      await this.jobs.add(tx, CLOSED_TASK, { auctionId: a.id }, { jobKey: closedJobKey(a.id) });
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
    await this.db.transaction(async (tx) => {
      const a = await readAuction(tx, id, true);
      if (!a) throw Errors.notFound('Auction');
      if (a.status !== 'scheduled' && a.status !== 'active') throw Errors.conflict('auction_not_open', ADMIN_AUCTION_MESSAGES.notOpen);
      const now = this.clock.now();
      await tx.nativeUpdate(
        Auction,
        { id },
        { status: 'cancelled', winnerId: null, endedAt: now, updatedAt: now, closedBy: admin.id, closeReason: reason },
      );
      await tx.nativeUpdate(Bid, { auctionId: id, isWinning: true }, { isWinning: false });
      // The start and end jobs find the auction cancelled and do nothing; removing them keeps the queue tidy.
      await removeStartAndEndJobs(this.jobs, tx, id);
      await this.activity.record(tx, id, 'end', { currentBid: money(a.currentBid)! });
      await this.jobs.add(tx, CLOSED_TASK, { auctionId: id }, { jobKey: closedJobKey(id) });
    });
    return this.get(id);
  }

  /** Relists an ended, unsold auction now (the console's Relist button). */
  async relist(id: string): Promise<AdminRelistDto> {
    const newAuctionId = await this.relists.relist(id, true);
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
