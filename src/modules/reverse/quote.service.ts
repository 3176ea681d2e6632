import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import type { LiveNotices } from '../../platform/live.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { SellersApi } from '../sellers/index.js';
import { ReverseQuote } from './quote.entity.js';
import { QuoteNoticeQueue } from './quote-notice.queue.js';
import { countQuote, insertQuote, lockRequest, lowestQuoteSeller, readRequest } from './quote.repository.js';
import { ReverseActivityService, type ActivityItem } from './reverse-activity.service.js';
import type { ReverseAuction } from './reverse-auction.entity.js';
import { ReverseIdempotencyStore } from './reverse-idempotency.store.js';
import type { QuoteResultDto, ReverseAuctionDto, ReverseBidDto } from './reverse.dto.js';
import { REVERSE_EVENTS } from './reverse.events.js';
import { amount, budgetOf, money, toReverseBidDto } from './reverse.mapper.js';
import { awardDeadline, maskName, maximumQuote } from './reverse.rules.js';
import type { QuoteInput } from './reverse.schemas.js';
import { ReverseService } from './reverse.service.js';
import { RESULT_TASK, resultJobKey } from './reverse.tasks.js';

export const QUOTE_ERRORS = {
  notSeller: 'Only approved sellers can submit quotes',
  ownRequest: 'You cannot quote on your own request',
  notOpen: 'This request is not open for quotes',
  ended: 'This request has ended',
  notBuyer: 'Only the buyer who posted this request can award it',
  notAwardable: 'This request can no longer be awarded',
  windowClosed: 'The award window of this request has closed',
  alreadyAwarded: 'This request has already been awarded',
  bidNotFound: 'Quote not found',
  scheduled: 'This request has not started yet',
} as const;

/** The answer of a quote request, replayed for a repeated Idempotency-Key. */
export interface QuoteAnswer {
  status: number;
  body: unknown;
}

/** Sellers' quotes, their list and the buyer's award. Every write holds the request's row lock. */
@injectable()
export class QuoteService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellersApi) private readonly sellers: SellersApi,
    @inject(ReverseService) private readonly requests: ReverseService,
    @inject(ReverseActivityService) private readonly activity: ReverseActivityService,
    @inject(ReverseIdempotencyStore) private readonly keys: ReverseIdempotencyStore,
    @inject(QuoteNoticeQueue) private readonly notices: QuoteNoticeQueue,
  ) {}

  /**
   * Records a seller's quote: at most the maximum budget and, once there is a lowest quote, at most that quote
   * minus the minimum decrement. The request's row lock serialises quotes, so currentLowestBid and totalBids
   * always equal the quotes table.
   */
  async quote(id: string, input: QuoteInput, actor: Actor, idempotencyKey?: string): Promise<QuoteAnswer> {
    const seller = await this.sellers.findByUser(actor.id);
    if (seller?.status !== 'approved') throw Errors.forbidden(QUOTE_ERRORS.notSeller);
    const user = await this.accounts.findUser(actor.id);
    let notices: LiveNotices | null = null;
    // The measured path (docs/performance.md, "Reverse auctions"): one statement per step, in quote.repository.ts.
    const answer = await this.db.transaction(async (em): Promise<QuoteAnswer> => {
      const replay = await this.keys.claim(em, actor.id, idempotencyKey, `POST /reverse-auctions/${id}/bids`);
      if (replay) return replay;
      const r = await lockRequest(em, id);
      if (!r) throw Errors.notFound('Reverse auction');
      if (r.buyerId === actor.id) throw Errors.forbidden(QUOTE_ERRORS.ownRequest);
      const now = this.clock.now();
      if (r.status === 'scheduled' || r.status === 'pending') throw Errors.conflict('reverse_auction_not_started', QUOTE_ERRORS.scheduled);
      if (r.status !== 'active') throw Errors.conflict('reverse_auction_closed', QUOTE_ERRORS.notOpen);
      if (now.getTime() >= r.endTime.getTime()) throw Errors.conflict('reverse_auction_ended', QUOTE_ERRORS.ended);
      const ceiling = maximumQuote(budgetOf(r));
      if (ceiling === null || input.bidAmount > ceiling) {
        const message = `Maximum quote is ${money(Math.max(0, ceiling ?? 0))}`;
        throw Errors.invalid('quote_too_high', message, { bidAmount: message });
      }
      const previousLow = amount(r.currentLowestBid);
      const previousSeller = await lowestQuoteSeller(em, id);
      const bid = money(input.bidAmount)!;
      const quote = await insertQuote(em, {
        reverseAuctionId: id,
        sellerId: actor.id,
        bidAmount: bid,
        partCondition: input.partCondition ?? null,
        partLocation: input.partLocation ?? null,
        estimatedShipping: money(input.estimatedShipping ?? null),
        availabilityDate: input.availabilityDate ?? null,
        notes: input.notes ?? null,
        images: input.images,
        createdAt: now,
      });
      const totalBids = await countQuote(em, id, bid, now);
      const events: ActivityItem[] = [
        {
          type: 'quote',
          data: {
            username: maskName(user?.username ?? 'seller'),
            amount: bid,
            ...(previousLow !== null ? { previousLowBid: previousLow } : {}),
            currentLowBid: bid,
            totalBids,
          },
        },
      ];
      const outquoted = previousSeller && previousSeller !== actor.id ? previousSeller : null;
      if (outquoted) events.push({ type: 'outquoted', data: { amount: bid, previousLowBid: previousLow ?? undefined } });
      // The live events go after the commit, the mails through the notices sweep: nothing here NOTIFYs.
      notices = await this.activity.store(em, id, events);
      await this.notices.store(em, id, outquoted, quote.seq);
      const body: QuoteResultDto = {
        bid: toReverseBidDto(quote, 'full', actor.id),
        reverseAuction: this.requests.toDto(await readRequest(em, id), false),
      };
      await this.keys.store(em, actor.id, idempotencyKey, 201, body);
      return { status: 201, body };
    });
    if (notices) this.notices.committed(notices);
    return answer;
  }

  /**
   * The quotes of a request, lowest first. The buyer and admins see every field with the seller's name,
   * storefront and rating; a seller sees their own quotes in full; everyone else amounts and times only.
   */
  async bids(id: string, viewer: Actor | null, page: { limit: number; offset: number }): Promise<ListPage<ReverseBidDto>> {
    const r = await this.requests.row(id);
    const privileged = !!viewer && (viewer.id === r.buyerId || hasRole(viewer.role, 'admin'));
    const [rows, total] = await this.db.em.findAndCount(
      ReverseQuote,
      { reverseAuctionId: id },
      { orderBy: { bidAmount: 'asc', seq: 'asc' }, limit: page.limit, offset: page.offset },
    );
    const visible = rows.filter((q) => privileged || q.sellerId === viewer?.id).map((q) => q.sellerId);
    const profiles = await this.sellers.quoteProfiles(visible);
    const missing = visible.filter((s) => !profiles.has(s));
    const names = new Map((missing.length ? await this.accounts.findUsers(missing) : []).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.username]));
    return {
      rows: rows.map((q) =>
        toReverseBidDto(q, privileged || q.sellerId === viewer?.id ? 'full' : 'public', viewer?.id, profiles.get(q.sellerId), names.get(q.sellerId)),
      ),
      total,
    };
  }

  /**
   * Awards the request to one of its quotes: the buyer, while it is active (ending it at once) or within 7 days
   * of its end. Publishes `reverse.quote.accepted` and mails the winning seller and the others.
   */
  async award(id: string, bidId: string, actor: Actor): Promise<ReverseAuctionDto> {
    await this.db.transaction(async (em) => {
      const r = await this.requests.lock(em, id);
      if (r.buyerId !== actor.id) throw Errors.forbidden(QUOTE_ERRORS.notBuyer);
      if (r.awardStatus === 'awarded') throw Errors.conflict('reverse_auction_awarded', QUOTE_ERRORS.alreadyAwarded);
      if (r.awardStatus === 'unawarded') throw Errors.conflict('award_window_closed', QUOTE_ERRORS.windowClosed);
      if (r.status !== 'active' && r.status !== 'ended') throw Errors.conflict('reverse_auction_not_awardable', QUOTE_ERRORS.notAwardable);
      const now = this.clock.now();
      const endedAt = r.endedAt ?? (now.getTime() >= r.endTime.getTime() ? r.endTime : now);
      if (now.getTime() > awardDeadline(endedAt)!.getTime()) throw Errors.conflict('award_window_closed', QUOTE_ERRORS.windowClosed);
      const quote = await em.findOne(ReverseQuote, { id: bidId, reverseAuctionId: id }, { refresh: true });
      if (!quote) throw Errors.invalid('bid_not_found', QUOTE_ERRORS.bidNotFound, { bidId: QUOTE_ERRORS.bidNotFound });
      const wasActive = r.status === 'active';
      quote.isWinning = true;
      Object.assign(r, {
        status: 'ended',
        awardStatus: 'awarded',
        winningBidderId: quote.sellerId,
        winningBidId: bidId,
        endedAt,
        closedAt: now,
        updatedAt: now,
      } satisfies Partial<ReverseAuction>);
      await this.activity.record(em, id, [
        ...(wasActive ? [{ type: 'end' as const, data: { totalBids: r.totalBids, currentLowBid: amount(r.currentLowestBid) } }] : []),
        { type: 'award', data: { amount: amount(quote.bidAmount)! } },
      ]);
      await this.bus.publish(em, {
        name: REVERSE_EVENTS.quoteAccepted,
        payload: { reverseAuctionId: id, bidId, buyerId: r.buyerId, sellerId: quote.sellerId, amount: amount(quote.bidAmount), title: r.title },
      });
      if (wasActive) await this.bus.publish(em, { name: REVERSE_EVENTS.requestEnded, payload: { reverseAuctionId: id, totalBids: r.totalBids } });
      await this.jobs.add(em, RESULT_TASK, { reverseAuctionId: id }, { jobKey: resultJobKey(id) });
    });
    return this.requests.get(id, actor);
  }
}
