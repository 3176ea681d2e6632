import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { formatCents } from '../../platform/money.js';
import { TOKENS } from '../../platform/tokens.js';
import { UnpaidStrikes } from '../../platform/unpaid-strikes.js';
import { AccountsApi } from '../accounts/index.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi } from '../catalog/index.js';
import type { OfferDto, SecondChanceDto, UnpaidWinDto } from './offer.dto.js';
import { Offer } from './offer.entity.js';
import { cents } from './offer.mapper.js';
import { lockPart } from './offer.repository.js';
import { DAY, OFFER_MESSAGES, SECOND_CHANCE_DAYS } from './offer.rules.js';
import type { SecondChanceInput } from './offer.schemas.js';
import { OfferService } from './offer.service.js';
import { OfferViewService } from './offer-view.service.js';
import { UnpaidAuctionOrder } from './unpaid-auction-order.entity.js';
import { OFFERS_EVENTS } from './offers.events.js';
import { Database } from '../../platform/db/database.js';

/** Facts of an auction that ended below its reserve (event auctions.auction.reserve_not_met). */
export interface ReserveNotMet {
  auctionId: string;
  partId: string;
  sellerId: string;
  highBidderId: string;
  highBid: string;
  windowEndsAt: string;
}

/** Facts of a cancelled order (event payments.order.cancelled). */
export interface CancelledOrder {
  orderId: string;
  buyerId: string;
  sellerId: string;
  partId: string | null;
  source: string;
  sourceId: string | null;
  reason?: string | null;
}

/**
 * When an auction does not settle: the reserve-not-met window (24 hours for the seller and the high bidder to
 * agree) and Second Chance offers after a winner did not pay, with the non-paying winner's strikes.
 */
@injectable()
export class OfferWindowService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OfferService) private readonly offers: OfferService,
    @inject(OfferViewService) private readonly views: OfferViewService,
  ) {}

  /** Opens the reserve-not-met window: an open negotiation with no amount yet, either side may propose. Idempotent. */
  async openReserveWindow(e: ReserveNotMet): Promise<string | null> {
    return this.db.transaction(async (em) => {
      // One window per auction: the part's lock makes the look and the insert one step.
      await lockPart(em, e.partId);
      if (await em.count(Offer, { auctionId: e.auctionId, kind: 'reserve_offer' })) return null;
      const now = this.clock.now();
      const o = em.create(Offer, {
        kind: 'reserve_offer',
        partId: e.partId,
        sellerId: e.sellerId,
        buyerId: e.highBidderId,
        auctionId: e.auctionId,
        status: 'open',
        amount: null,
        floorAmount: e.highBid,
        turn: 'either',
        rounds: 0,
        expiresAt: new Date(e.windowEndsAt),
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      this.offers.addStep(em, o.id, 'system', 'open', cents(o.floorAmount), null, now);
      await this.bus.publish(em, { name: OFFERS_EVENTS.reserveOpened, payload: { ...this.offers.payload(o, 'system'), amount: e.highBid } });
      await this.offers.scheduleExpiry(em, o.id, o.expiresAt);
      return o.id;
    });
  }

  /** Records an auction win cancelled for non-payment: a strike for the buyer, and Second Chance offers for the seller. Idempotent. */
  async recordCancelledOrder(e: CancelledOrder): Promise<boolean> {
    if (e.reason !== 'unpaid' || e.source !== 'auction_won' || !e.sourceId || !e.partId) return false;
    const [[part], [seller]] = await Promise.all([this.catalog.findParts([e.partId]), this.accounts.findUsers([e.sellerId])]);
    return this.db.transaction(async (em) => {
      // A second delivery of the event finds the row (two at once: the unique order id fails one, which is retried).
      if (await em.count(UnpaidAuctionOrder, { orderId: e.orderId })) return false;
      em.create(UnpaidAuctionOrder, { orderId: e.orderId, auctionId: e.sourceId!, partId: e.partId!, sellerId: e.sellerId, buyerId: e.buyerId, cancelledAt: this.clock.now() });
      if (seller?.email) {
        const title = part?.title ?? 'your part';
        await this.mail.queue(em, {
          to: seller.email,
          subject: `Winner did not pay: ${title}`,
          text: `The winner of your auction of ${title} did not pay, and the order was cancelled. You may offer the part to another bidder at their highest bid: ${this.config.publicUrl.replace(/\/$/, '')}/auctions/${e.sourceId}/second-chance`,
        });
      }
      return true;
    });
  }

  /** GET /api/offers/second-chances: the seller's auctions whose winner did not pay, newest first (at most 50). */
  async unpaidWins(actor: Actor): Promise<UnpaidWinDto[]> {
    const em = this.db.em;
    const wins = await em.find(UnpaidAuctionOrder, { sellerId: actor.id }, { orderBy: { cancelledAt: 'desc' }, limit: 50 });
    if (!wins.length) return [];
    const [parts, users, sent] = await Promise.all([
      this.catalog.findParts([...new Set(wins.map((r) => r.partId))]),
      this.accounts.findUsers([...new Set(wins.map((r) => r.buyerId))]),
      em.find(Offer, { auctionId: { $in: [...new Set(wins.map((r) => r.auctionId))] }, kind: 'second_chance' }, { fields: ['auctionId'] }),
    ]);
    const title = new Map(parts.map((p) => [p.id, p.title]));
    const name = new Map(users.map((u) => [u.id, u.username]));
    const sentFor = (auctionId: string) => sent.filter((o) => o.auctionId === auctionId).length;
    return wins.map((r) => ({
      auctionId: r.auctionId,
      partId: r.partId,
      partTitle: title.get(r.partId) ?? 'Part',
      buyerName: name.get(r.buyerId) ?? 'buyer',
      cancelledAt: r.cancelledAt.toISOString(),
      offersSent: sentFor(r.auctionId),
    }));
  }

  /** The unpaid win of an auction, when there is one and `actor` is its seller or an admin; else 404. */
  private async unpaidWin(auctionId: string, actor: Actor): Promise<UnpaidAuctionOrder> {
    const win = await this.db.em.findOne(UnpaidAuctionOrder, { auctionId }, { orderBy: { cancelledAt: 'desc' } });
    if (!win || (win.sellerId !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Second Chance');
    return win;
  }

  /** GET /api/auctions/{id}/second-chance: the other bidders at their highest bids, and what was sent to them. */
  async secondChance(auctionId: string, actor: Actor): Promise<SecondChanceDto> {
    const win = await this.unpaidWin(auctionId, actor);
    const em = this.db.em;
    const [bids, [part], availability, sent, strikes] = await Promise.all([
      this.auctions.highestBids(auctionId),
      this.catalog.findParts([win.partId]),
      this.catalog.fixedPriceAvailability(win.partId),
      em.find(Offer, { auctionId, kind: 'second_chance' }, { refresh: true }),
      em.find(UnpaidAuctionOrder, { auctionId }),
    ]);
    const strikers = new Set(strikes.map((r) => r.buyerId));
    const candidates = bids.filter((b) => !strikers.has(b.bidderId));
    const names = new Map((await this.accounts.findUsers(candidates.map((c) => c.bidderId))).map((u) => [u.id, u.username]));
    const sentTo = new Map(sent.map((s) => [s.buyerId, s]));
    return {
      auctionId,
      partId: win.partId,
      partTitle: part?.title ?? 'Part',
      available: availability?.available === true,
      validityDays: [...SECOND_CHANCE_DAYS],
      candidates: candidates.map((c) => ({
        bidderId: c.bidderId,
        username: names.get(c.bidderId) ?? 'bidder',
        amount: formatCents(c.amountCents),
        offerId: sentTo.get(c.bidderId)?.id ?? null,
        offerStatus: sentTo.get(c.bidderId)?.status ?? null,
      })),
    };
  }

  /** POST /api/auctions/{id}/second-chance: offers the part to another bidder at their highest bid, valid `days` days. */
  async sendSecondChance(auctionId: string, input: SecondChanceInput, actor: Actor): Promise<OfferDto> {
    const win = await this.unpaidWin(auctionId, actor);
    const bid = (await this.auctions.highestBids(auctionId)).find((b) => b.bidderId === input.bidderId);
    const struck = await this.db.em.count(UnpaidAuctionOrder, { auctionId, buyerId: input.bidderId });
    if (!bid || struck > 0) throw Errors.invalid('not_a_bidder', OFFER_MESSAGES.notCandidate, { bidderId: OFFER_MESSAGES.notCandidate });
    const availability = await this.catalog.fixedPriceAvailability(win.partId);
    if (!availability?.available) throw Errors.conflict('part_unavailable', OFFER_MESSAGES.partUnavailable);
    const id = await this.db.transaction(async (em) => {
      // One Second Chance offer per bidder and auction: the part's lock makes the look and the insert one step.
      await lockPart(em, win.partId);
      if (await em.count(Offer, { auctionId, buyerId: input.bidderId, kind: 'second_chance' })) {
        throw Errors.conflict('second_chance_sent', OFFER_MESSAGES.alreadySent);
      }
      const now = this.clock.now();
      const o = em.create(Offer, {
        kind: 'second_chance',
        partId: win.partId,
        sellerId: win.sellerId,
        buyerId: input.bidderId,
        auctionId,
        status: 'open',
        amount: formatCents(bid.amountCents),
        turn: 'buyer',
        rounds: 1,
        expiresAt: new Date(now.getTime() + input.days * DAY),
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      this.offers.addStep(em, o.id, 'seller', 'offer', bid.amountCents, null, now);
      await this.bus.publish(em, { name: OFFERS_EVENTS.secondChanceSent, payload: this.offers.payload(o, 'seller') });
      await this.offers.scheduleExpiry(em, o.id, o.expiresAt);
      return o.id;
    });
    return this.views.get(id, actor);
  }
}

/** The strikes of the bidder rules: auction wins cancelled for non-payment, as recorded from payments' events. */
@injectable()
export class OfferStrikes extends UnpaidStrikes {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  count(userId: string): Promise<number> {
    return this.db.em.count(UnpaidAuctionOrder, { buyerId: userId });
  }
}

