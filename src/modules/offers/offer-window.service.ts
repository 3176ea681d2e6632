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
import type { OfferDto, OfferStatus, SecondChanceDto, UnpaidWinDto } from './offer.dto.js';
import { addStep, lockPart, OFFER_COLUMNS, toOfferRow } from './offer.repository.js';
import { DAY, OFFER_MESSAGES, SECOND_CHANCE_DAYS } from './offer.rules.js';
import { OfferService } from './offer.service.js';
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
  ) {}

  /** Opens the reserve-not-met window: an open negotiation with no amount yet, either side may propose. Idempotent. */
  async openReserveWindow(e: ReserveNotMet): Promise<string | null> {
    return this.db.em.transactional(async (tx) => {
      await lockPart(tx, e.partId);
      const now = this.clock.now();
      const [row] = await tx.execute<Record<string, unknown>[]>(
        `insert into offers (kind, part_id, seller_id, buyer_id, auction_id, status, amount, floor_amount, turn, rounds, expires_at, created_at, updated_at)
         values ('reserve_offer', ?, ?, ?, ?, 'open', null, ?, 'either', 0, ?, ?, ?)
         on conflict (auction_id) where kind = 'reserve_offer' do nothing returning ${OFFER_COLUMNS}`,
        [e.partId, e.sellerId, e.highBidderId, e.auctionId, e.highBid, e.windowEndsAt, now.toISOString(), now.toISOString()],
      );
      if (!row) return null;
      const o = toOfferRow(row);
      await addStep(tx, o.id, 'system', 'open', o.floorCents, null, now);
      await this.bus.publish(tx, { name: OFFERS_EVENTS.reserveOpened, payload: { ...this.offers.payload(o, 'system'), amount: e.highBid } });
      await this.offers.scheduleExpiry(tx, o.id, o.expiresAt);
      return o.id;
    });
  }

  /** Records an auction win cancelled for non-payment: a strike for the buyer, and Second Chance offers for the seller. Idempotent. */
  async recordCancelledOrder(e: CancelledOrder): Promise<boolean> {
    if (e.reason !== 'unpaid' || e.source !== 'auction_won' || !e.sourceId || !e.partId) return false;
    const [[part], [seller]] = await Promise.all([this.catalog.findParts([e.partId]), this.accounts.findUsers([e.sellerId])]);
    return this.db.em.transactional(async (tx) => {
      const rows = await tx.execute<{ order_id: string }[]>(
        `insert into unpaid_auction_orders (order_id, auction_id, part_id, seller_id, buyer_id, cancelled_at) values (?, ?, ?, ?, ?, ?)
         on conflict (order_id) do nothing returning order_id`,
        [e.orderId, e.sourceId, e.partId, e.sellerId, e.buyerId, this.clock.now().toISOString()],
      );
      if (!rows.length) return false;
      if (seller?.email) {
        const title = part?.title ?? 'your part';
        await this.mail.queue(tx, {
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
    const rows = await this.db.em.execute<{ auction_id: string; part_id: string; buyer_id: string; cancelled_at: Date; sent: number }[]>(
      `select u.auction_id, u.part_id, u.buyer_id, u.cancelled_at,
              (select count(*)::int from offers o where o.auction_id = u.auction_id and o.kind = 'second_chance') as sent
         from unpaid_auction_orders u where u.seller_id = ? order by u.cancelled_at desc limit 50`,
      [actor.id],
    );
    if (!rows.length) return [];
    const [parts, users] = await Promise.all([
      this.catalog.findParts([...new Set(rows.map((r) => r.part_id))]),
      this.accounts.findUsers([...new Set(rows.map((r) => r.buyer_id))]),
    ]);
    const title = new Map(parts.map((p) => [p.id, p.title]));
    const name = new Map(users.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      auctionId: r.auction_id,
      partId: r.part_id,
      partTitle: title.get(r.part_id) ?? 'Part',
      buyerName: name.get(r.buyer_id) ?? 'buyer',
      cancelledAt: new Date(r.cancelled_at).toISOString(),
      offersSent: r.sent,
    }));
  }

  /** The unpaid win of an auction, when there is one and `actor` is its seller or an admin; else 404. */
  private async unpaidWin(auctionId: string, actor: Actor) {
    const [win] = await this.db.em.execute<{ part_id: string; seller_id: string; buyer_id: string }[]>(
      'select part_id, seller_id, buyer_id from unpaid_auction_orders where auction_id = ? order by cancelled_at desc limit 1',
      [auctionId],
    );
    if (!win || (win.seller_id !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Second Chance');
    return win;
  }

  /** GET /api/auctions/{id}/second-chance: the other bidders at their highest bids, and what was sent to them. */
  async secondChance(auctionId: string, actor: Actor): Promise<SecondChanceDto> {
    const win = await this.unpaidWin(auctionId, actor);
    const [bids, [part], availability, sent] = await Promise.all([
      this.auctions.highestBids(auctionId),
      this.catalog.findParts([win.part_id]),
      this.catalog.fixedPriceAvailability(win.part_id),
      this.db.em.execute<{ id: string; buyer_id: string; status: OfferStatus }[]>(
        `select id, buyer_id, status from offers where auction_id = ? and kind = 'second_chance'`,
        [auctionId],
      ),
    ]);
    const strikers = new Set(
      (await this.db.em.execute<{ buyer_id: string }[]>('select buyer_id from unpaid_auction_orders where auction_id = ?', [auctionId])).map((r) => r.buyer_id),
    );
    const candidates = bids.filter((b) => !strikers.has(b.bidderId));
    const names = new Map((await this.accounts.findUsers(candidates.map((c) => c.bidderId))).map((u) => [u.id, u.username]));
    const sentTo = new Map(sent.map((s) => [s.buyer_id, s]));
    return {
      auctionId,
      partId: win.part_id,
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
  async sendSecondChance(auctionId: string, input: { bidderId: string; days: number }, actor: Actor): Promise<OfferDto> {
    const win = await this.unpaidWin(auctionId, actor);
    const bid = (await this.auctions.highestBids(auctionId)).find((b) => b.bidderId === input.bidderId);
    const [striker] = await this.db.em.execute<{ n: number }[]>(
      'select count(*)::int as n from unpaid_auction_orders where auction_id = ? and buyer_id = ?',
      [auctionId, input.bidderId],
    );
    if (!bid || striker!.n > 0) throw Errors.invalid('not_a_bidder', OFFER_MESSAGES.notCandidate, { bidderId: OFFER_MESSAGES.notCandidate });
    const availability = await this.catalog.fixedPriceAvailability(win.part_id);
    if (!availability?.available) throw Errors.conflict('part_unavailable', OFFER_MESSAGES.partUnavailable);
    const id = await this.db.em.transactional(async (tx) => {
      await lockPart(tx, win.part_id);
      const now = this.clock.now();
      const [row] = await tx.execute<Record<string, unknown>[]>(
        `insert into offers (kind, part_id, seller_id, buyer_id, auction_id, status, amount, turn, rounds, expires_at, created_at, updated_at)
         values ('second_chance', ?, ?, ?, ?, 'open', ?, 'buyer', 1, ?, ?, ?)
         on conflict (auction_id, buyer_id) where kind = 'second_chance' do nothing returning ${OFFER_COLUMNS}`,
        [win.part_id, win.seller_id, input.bidderId, auctionId, formatCents(bid.amountCents), new Date(now.getTime() + input.days * DAY).toISOString(), now.toISOString(), now.toISOString()],
      );
      if (!row) throw Errors.conflict('second_chance_sent', OFFER_MESSAGES.alreadySent);
      const o = toOfferRow(row);
      await addStep(tx, o.id, 'seller', 'offer', o.amountCents, null, now);
      await this.bus.publish(tx, { name: OFFERS_EVENTS.secondChanceSent, payload: this.offers.payload(o, 'seller') });
      await this.offers.scheduleExpiry(tx, o.id, o.expiresAt);
      return o.id;
    });
    return this.offers.get(id, actor);
  }
}

/** The strikes of the bidder rules: auction wins cancelled for non-payment, as recorded from payments' events. */
@injectable()
export class OfferStrikes extends UnpaidStrikes {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from unpaid_auction_orders where buyer_id = ?', [userId]);
    return row?.n ?? 0;
  }
}

