import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { SellersApi, type SellerQuoteProfile } from '../sellers/index.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import type { LiveNotices } from '../../platform/live.js';
import { QuoteNoticeQueue } from './quote-notice.queue.js';
import { ReverseIdempotencyStore } from './reverse-idempotency.store.js';
import type { QuoteResultDto, ReverseAuctionDto, ReverseBidDto } from './reverse.dto.js';
import { REVERSE_EVENTS } from './reverse.events.js';
import { RESULT_TASK } from './reverse.jobs.js';
import { money, QUOTE_COLUMNS, readReverse, toQuoteRow, type QuoteRow } from './reverse.repository.js';
import { awardDeadline, maskName, maximumQuote } from './reverse.rules.js';
import type { QuoteInput } from './reverse.schemas.js';
import { ReverseService } from './reverse.service.js';
import { Database } from '../../platform/db/database.js';

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
    const answer = await this.db.em.transactional(async (tx): Promise<QuoteAnswer> => {
      const replay = await this.keys.claim(tx, actor.id, idempotencyKey, `POST /reverse-auctions/${id}/bids`);
      if (replay) return replay;
      const r = await readReverse(tx, id, true);
      if (!r) throw Errors.notFound('Reverse auction');
      if (r.buyerId === actor.id) throw Errors.forbidden(QUOTE_ERRORS.ownRequest);
      const now = this.clock.now();
      if (r.status === 'scheduled' || r.status === 'pending') throw Errors.conflict('reverse_auction_not_started', QUOTE_ERRORS.scheduled);
      if (r.status !== 'active') throw Errors.conflict('reverse_auction_closed', QUOTE_ERRORS.notOpen);
      if (now.getTime() >= r.endTime.getTime()) throw Errors.conflict('reverse_auction_ended', QUOTE_ERRORS.ended);
      const ceiling = maximumQuote(r);
      if (ceiling === null || input.bidAmount > ceiling) {
        const message = `Maximum quote is ${money(Math.max(0, ceiling ?? 0))}`;
        throw Errors.invalid('quote_too_high', message, { bidAmount: message });
      }
      const [previous] = await tx.execute<{ seller_id: string }[]>(
        'select seller_id from reverse_auction_bids where reverse_auction_id = ? order by bid_amount, seq limit 1',
        [id],
      );
      const [inserted] = await tx.execute<Record<string, unknown>[]>(
        `insert into reverse_auction_bids (reverse_auction_id, seller_id, bid_amount, part_condition, part_location,
           estimated_shipping, availability_date, notes, images, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning ${QUOTE_COLUMNS}`,
        [
          id,
          actor.id,
          money(input.bidAmount),
          input.partCondition ?? null,
          input.partLocation ?? null,
          money(input.estimatedShipping ?? null),
          input.availabilityDate ?? null,
          input.notes ?? null,
          JSON.stringify(input.images),
          now.toISOString(),
        ],
      );
      const quote = toQuoteRow(inserted!);
      const [updated] = await tx.execute<{ total_bids: number }[]>(
        `update reverse_auctions set current_lowest_bid = least(coalesce(current_lowest_bid, ?), ?), total_bids = total_bids + 1,
           updated_at = ? where id = ? returning total_bids`,
        [money(input.bidAmount), money(input.bidAmount), now.toISOString(), id],
      );
      const events: Parameters<ReverseActivityService['record']>[2] = [
        {
          type: 'quote',
          data: {
            username: maskName(user?.username ?? 'seller'),
            amount: money(input.bidAmount)!,
            ...(r.currentLowestBid !== null ? { previousLowBid: money(r.currentLowestBid)! } : {}),
            currentLowBid: money(input.bidAmount),
            totalBids: updated!.total_bids,
          },
        },
      ];
      const outquoted = previous && previous.seller_id !== actor.id ? previous.seller_id : null;
      if (outquoted) {
        events.push({ type: 'outquoted', data: { amount: money(input.bidAmount)!, previousLowBid: money(r.currentLowestBid) ?? undefined } });
      }
      // The live events go after the commit, the mails through the notices sweep: nothing here NOTIFYs.
      notices = await this.activity.store(tx, id, events);
      await this.notices.store(tx, id, outquoted, quote.seq);
      const after = await readReverse(tx, id);
      const body: QuoteResultDto = {
        bid: this.bidDto(quote, 'full', actor.id, undefined),
        reverseAuction: this.requests.toDto(after!, false),
      };
      await this.keys.store(tx, actor.id, idempotencyKey, 201, body);
      return { status: 201, body };
    });
    if (notices) this.notices.committed(notices);
    return answer;
  }

  private bidDto(q: QuoteRow, view: 'full' | 'public', viewerId: string | undefined, profile: SellerQuoteProfile | undefined, name?: string): ReverseBidDto {
    const base: ReverseBidDto = {
      id: q.id,
      bidAmount: money(q.bidAmount)!,
      createdAt: q.createdAt.toISOString(),
      isWinning: q.isWinning,
      isMine: viewerId === q.sellerId,
    };
    if (view === 'public') return base;
    return {
      ...base,
      sellerId: q.sellerId,
      sellerName: profile?.businessName ?? name ?? 'Seller',
      storefrontSlug: profile?.storefrontSlug ?? null,
      sellerRating: profile?.rating ?? 0,
      sellerReviews: profile?.totalReviews ?? 0,
      partCondition: q.partCondition,
      partLocation: q.partLocation,
      estimatedShipping: money(q.estimatedShipping),
      availabilityDate: q.availabilityDate,
      notes: q.notes,
      images: q.images,
    };
  }

  /**
   * The quotes of a request, lowest first. The buyer and admins see every field with the seller's name,
   * storefront and rating; a seller sees their own quotes in full; everyone else amounts and times only.
   */
  async bids(id: string, viewer: Actor | null, page: { limit: number; offset: number }): Promise<ListPage<ReverseBidDto>> {
    const em = this.db.em;
    const r = await this.requests.row(id, em);
    const privileged = !!viewer && (viewer.id === r.buyerId || hasRole(viewer.role, 'admin'));
    const [count] = await em.execute<{ n: number }[]>('select count(*)::int as n from reverse_auction_bids where reverse_auction_id = ?', [id]);
    const rows = (
      await em.execute<Record<string, unknown>[]>(
        `select ${QUOTE_COLUMNS} from reverse_auction_bids where reverse_auction_id = ? order by bid_amount, seq limit ? offset ?`,
        [id, page.limit, page.offset],
      )
    ).map(toQuoteRow);
    const visible = rows.filter((q) => privileged || q.sellerId === viewer?.id).map((q) => q.sellerId);
    const profiles = await this.sellers.quoteProfiles(visible);
    const missing = visible.filter((s) => !profiles.has(s));
    const names = new Map((missing.length ? await this.accounts.findUsers(missing) : []).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.username]));
    return {
      rows: rows.map((q) =>
        this.bidDto(q, privileged || q.sellerId === viewer?.id ? 'full' : 'public', viewer?.id, profiles.get(q.sellerId), names.get(q.sellerId)),
      ),
      total: count!.n,
    };
  }

  /**
   * Awards the request to one of its quotes: the buyer, while it is active (ending it at once) or within 7 days
   * of its end. Publishes `reverse.quote.accepted` and mails the winning seller and the others.
   */
  async award(id: string, bidId: string, actor: Actor): Promise<ReverseAuctionDto> {
    await this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, id, true);
      if (!r) throw Errors.notFound('Reverse auction');
      if (r.buyerId !== actor.id) throw Errors.forbidden(QUOTE_ERRORS.notBuyer);
      if (r.awardStatus === 'awarded') throw Errors.conflict('reverse_auction_awarded', QUOTE_ERRORS.alreadyAwarded);
      if (r.awardStatus === 'unawarded') throw Errors.conflict('award_window_closed', QUOTE_ERRORS.windowClosed);
      if (r.status !== 'active' && r.status !== 'ended') throw Errors.conflict('reverse_auction_not_awardable', QUOTE_ERRORS.notAwardable);
      const now = this.clock.now();
      const endedAt = r.endedAt ?? (now.getTime() >= r.endTime.getTime() ? r.endTime : now);
      if (now.getTime() > awardDeadline(endedAt)!.getTime()) throw Errors.conflict('award_window_closed', QUOTE_ERRORS.windowClosed);
      const [row] = await tx.execute<Record<string, unknown>[]>(
        `select ${QUOTE_COLUMNS} from reverse_auction_bids where id = ? and reverse_auction_id = ?`,
        [bidId, id],
      );
      if (!row) throw Errors.invalid('bid_not_found', QUOTE_ERRORS.bidNotFound, { bidId: QUOTE_ERRORS.bidNotFound });
      const quote = toQuoteRow(row);
      await tx.execute('update reverse_auction_bids set is_winning = true where id = ?', [bidId]);
      await tx.execute(
        `update reverse_auctions set status = 'ended', award_status = 'awarded', winning_bidder_id = ?, winning_bid_id = ?,
           ended_at = ?, closed_at = ?, updated_at = ? where id = ?`,
        [quote.sellerId, bidId, endedAt.toISOString(), now.toISOString(), now.toISOString(), id],
      );
      await this.activity.record(tx, id, [
        ...(r.status === 'active' ? [{ type: 'end' as const, data: { totalBids: r.totalBids, currentLowBid: money(r.currentLowestBid) } }] : []),
        { type: 'award', data: { amount: money(quote.bidAmount)! } },
      ]);
      await this.bus.publish(tx, {
        name: REVERSE_EVENTS.quoteAccepted,
        payload: { reverseAuctionId: id, bidId, buyerId: r.buyerId, sellerId: quote.sellerId, amount: money(quote.bidAmount), title: r.title },
      });
      if (r.status === 'active') await this.bus.publish(tx, { name: REVERSE_EVENTS.requestEnded, payload: { reverseAuctionId: id, totalBids: r.totalBids } });
      await this.jobs.add(tx, RESULT_TASK, { reverseAuctionId: id }, { jobKey: `reverse-result:${id}` });
    });
    return this.requests.get(id, actor);
  }
}
