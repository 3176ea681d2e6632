import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/uuid.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { CatalogApi, FIXED_PRICE_MESSAGES } from '../catalog/index.js';
import type { OfferDto, OfferSide, OfferStepDto } from './offer.dto.js';
import { Offer } from './offer.entity.js';
import { cents, money, offerState, sideOf } from './offer.mapper.js';
import { OfferOrders } from './offer.orders.js';
import { lockPart } from './offer.repository.js';
import {
  autoAnswer,
  cancelReasonOf,
  checkAction,
  checkCounterAmount,
  MAX_OPEN_OFFERS,
  nextExpiry,
  OFFER_MESSAGES,
  OFFER_TTL_MS,
  ORDER_CANCELLED_NOTES,
  otherSide,
} from './offer.rules.js';
import type { OfferInput } from './offer.schemas.js';
import { OfferPricesService } from './offer-prices.service.js';
import { OfferStep } from './offer-step.entity.js';
import { OfferViewService } from './offer-view.service.js';
import { OFFERS_EVENTS, type OfferEventPayload } from './offers.events.js';
import { CREATE_ORDER_TASK, createOrderJobKey, EXPIRE_TASK, expireJobKey } from './offers.tasks.js';

/** Make an Offer, counter-offers, acceptance, declines and expiry. Every change holds the part's offer lock. */
@injectable()
export class OfferService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OfferOrders) private readonly orders: OfferOrders,
    @inject(OfferPricesService) private readonly prices: OfferPricesService,
    @inject(OfferViewService) private readonly views: OfferViewService,
  ) {}

  /** POST /api/parts/{id}/offers: a buyer's offer on a live, unsold part (answered at once by the seller's auto prices). */
  async make(partId: string, input: OfferInput, actor: Actor): Promise<OfferDto> {
    const [part] = await this.catalog.findParts([partId]);
    if (!part) throw Errors.notFound('Part');
    if (part.sellerId === actor.id) throw Errors.forbidden(OFFER_MESSAGES.ownPart);
    const availability = await this.catalog.fixedPriceAvailability(partId);
    if (!availability?.available) {
      const reason = availability?.reason ?? 'not_listed';
      throw Errors.conflict(`part_${reason}`, FIXED_PRICE_MESSAGES[reason]);
    }
    if (input.amount > storedCents(part.price)) throw Errors.invalid('offer_above_asking', OFFER_MESSAGES.aboveAsking, { amount: OFFER_MESSAGES.aboveAsking });
    const id = await this.db.transaction(async (em) => {
      await lockPart(em, partId);
      const open = await em.count(Offer, { partId, buyerId: actor.id, kind: 'offer', status: 'open' });
      if (open >= MAX_OPEN_OFFERS) throw Errors.conflict('too_many_offers', OFFER_MESSAGES.tooMany);
      // An accepted offer whose order is still to be created holds the part.
      if (await em.count(Offer, { partId, status: 'accepted', orderId: null })) throw Errors.conflict('part_sold', FIXED_PRICE_MESSAGES.sold);
      // An unpaid order holds the part: an offer now could only fail at acceptance.
      const reserving = await this.orders.openOrderOfPart(em, partId);
      if (reserving?.buyerId === actor.id) throw Errors.conflict('part_in_your_checkout', OFFER_MESSAGES.ownCheckout);
      if (reserving) throw Errors.conflict('part_reserved', reserving.state === 'pending_payment' ? OFFER_MESSAGES.reserved : FIXED_PRICE_MESSAGES.sold);
      const now = this.clock.now();
      const o = em.create(Offer, {
        kind: 'offer',
        partId,
        sellerId: part.sellerId,
        buyerId: actor.id,
        status: 'open',
        amount: formatCents(input.amount),
        turn: 'seller',
        rounds: 1,
        message: input.message ?? null,
        expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      this.addStep(em, o.id, 'buyer', 'offer', input.amount, input.message ?? null, now);
      const prices = await this.prices.autoPrices(partId);
      const auto = prices ? autoAnswer(input.amount, prices) : null;
      await this.bus.publish(em, { name: OFFERS_EVENTS.offerMade, payload: this.payload(o, 'buyer') });
      if (auto === 'accept') await this.acceptLocked(em, o, 'system');
      else if (auto === 'decline') await this.declineLocked(em, o, 'system', OFFER_MESSAGES.autoDeclined);
      else await this.scheduleExpiry(em, o.id, o.expiresAt);
      return o.id;
    });
    return this.views.get(id, actor);
  }

  /** POST /api/offers/{id}/accept: the side whose turn it is accepts the amount on the table; the order is created. */
  async accept(id: string, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (em, o, side) => {
      checkAction(offerState(o), side, 'accept', this.clock.now());
      await this.acceptLocked(em, o, side!);
    });
    return this.views.get(id, actor);
  }

  /** POST /api/offers/{id}/decline: the side whose turn it is declines, with an optional reason. */
  async decline(id: string, reason: string | undefined, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (em, o, side) => {
      checkAction(offerState(o), side, 'decline', this.clock.now());
      await this.declineLocked(em, o, side!, reason ?? null);
    });
    return this.views.get(id, actor);
  }

  /** POST /api/offers/{id}/counter: the side whose turn it is proposes another amount (at most MAX_ROUNDS rounds). */
  async counter(id: string, input: OfferInput, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (em, o, side) => {
      const now = this.clock.now();
      checkAction(offerState(o), side, 'counter', now);
      checkCounterAmount(offerState(o), input.amount);
      const expiresAt = nextExpiry(o, now);
      Object.assign(o, {
        amount: formatCents(input.amount),
        turn: otherSide(side!),
        rounds: o.rounds + 1,
        message: input.message ?? null,
        expiresAt,
        updatedAt: now,
      } satisfies Partial<Offer>);
      this.addStep(em, o.id, side!, 'counter', input.amount, input.message ?? null, now);
      await this.bus.publish(em, { name: OFFERS_EVENTS.offerCountered, payload: this.payload(o, side!) });
      await this.scheduleExpiry(em, o.id, expiresAt);
    });
    return this.views.get(id, actor);
  }

  /** Job `offers/expire`: closes an open offer whose answer is overdue by the Clock. Idempotent. Returns whether it expired. */
  async expire(id: string): Promise<boolean> {
    const first = await this.db.em.findOne(Offer, { id });
    if (!first) return false;
    return this.db.transaction(async (em) => {
      const o = await this.lockOffer(em, first);
      const now = this.clock.now();
      if (!o || o.status !== 'open') return false;
      if (now.getTime() < o.expiresAt.getTime()) {
        // Early (a replaced job, or a clock moved back): come back at the expiry.
        await this.scheduleExpiry(em, id, o.expiresAt);
        return false;
      }
      Object.assign(o, { status: 'expired', closedAt: now, updatedAt: now } satisfies Partial<Offer>);
      this.addStep(em, id, 'system', 'expire', null, null, now);
      await this.bus.publish(em, { name: OFFERS_EVENTS.offerExpired, payload: this.payload(o, 'system') });
      return true;
    });
  }

  /** Catch-up (at worker start and every few minutes): expires every open offer that is overdue. */
  async expireDue(): Promise<number> {
    const due = await this.db.em.find(
      Offer,
      { status: 'open', expiresAt: { $lte: this.clock.now() } },
      { fields: ['id'], orderBy: { expiresAt: 'asc' }, limit: 500 },
    );
    let n = 0;
    for (const { id } of due) if (await this.expire(id)) n++;
    return n;
  }

  /** Job `offers/create-order`: the order of an offer accepted while no payments module was bound. Idempotent. */
  async createPendingOrder(id: string): Promise<string | null> {
    if (!this.orders.ready) throw new Error('no payments module bound yet: the order of the accepted offer waits');
    const first = await this.db.em.findOne(Offer, { id });
    if (!first) return null;
    return this.db.transaction(async (em) => {
      const o = await this.lockOffer(em, first);
      if (!o || o.status !== 'accepted' || o.orderId) return o?.orderId ?? null;
      const orderId = await this.orders.create(em, { buyerId: o.buyerId, partId: o.partId, priceCents: cents(o.amount)!, kind: o.kind, offerId: id });
      Object.assign(o, { orderId, updatedAt: this.clock.now() } satisfies Partial<Offer>);
      return orderId;
    });
  }

  /**
   * Job `offers/offer-order-cancelled` (event payments.order.cancelled): the accepted offer whose order this was
   * becomes `cancelled` with the order's reason, so both sides see it and the part takes offers again. Idempotent:
   * an offer already cancelled, or not accepted with that order, is left alone. Returns whether it changed.
   */
  async cancelForOrder(e: { orderId: string; source: string; sourceId: string | null; reason?: string | null }): Promise<boolean> {
    if (!e.sourceId || !isUuid(e.sourceId) || !(e.source === 'offer' || e.source === 'reserve_offer' || e.source === 'second_chance')) return false;
    const first = await this.db.em.findOne(Offer, { id: e.sourceId });
    if (!first || first.orderId !== e.orderId) return false;
    return this.db.transaction(async (em) => {
      const o = await this.lockOffer(em, first);
      if (!o || o.status !== 'accepted' || o.orderId !== e.orderId) return false;
      const now = this.clock.now();
      const reason = cancelReasonOf(e.reason);
      Object.assign(o, { status: 'cancelled', cancelReason: reason, updatedAt: now } satisfies Partial<Offer>);
      this.addStep(em, o.id, 'system', 'cancel', null, ORDER_CANCELLED_NOTES[reason ?? 'admin'], now);
      await this.bus.publish(em, { name: OFFERS_EVENTS.offerCancelled, payload: { ...this.payload(o, 'system'), orderId: e.orderId, reason } });
      return true;
    });
  }

  /** Accepts `o` (locked with its part): the order at the agreed amount, and every other open offer on the part declined. */
  async acceptLocked(em: EntityManager, o: Offer, by: OfferSide | 'system'): Promise<void> {
    const now = this.clock.now();
    const orderId = await this.orders.create(em, { buyerId: o.buyerId, partId: o.partId, priceCents: cents(o.amount)!, kind: o.kind, offerId: o.id });
    Object.assign(o, { status: 'accepted', orderId, closedAt: now, updatedAt: now } satisfies Partial<Offer>);
    this.addStep(em, o.id, by, 'accept', cents(o.amount), null, now);
    await this.bus.publish(em, { name: OFFERS_EVENTS.offerAccepted, payload: { ...this.payload(o, by), orderId } });
    if (o.kind === 'reserve_offer' && o.auctionId) {
      await this.bus.publish(em, { name: OFFERS_EVENTS.reserveAgreed, payload: { auctionId: o.auctionId, offerId: o.id } });
    }
    if (!orderId) await this.jobs.add(em, CREATE_ORDER_TASK, { offerId: o.id }, { jobKey: createOrderJobKey(o.id) });
    const others = await em.find(
      Offer,
      { partId: o.partId, status: 'open', id: { $ne: o.id } },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    for (const other of others) await this.declineLocked(em, other, 'system', OFFER_MESSAGES.soldToOther);
  }

  /** Declines `o` (locked with its part). */
  async declineLocked(em: EntityManager, o: Offer, by: OfferSide | 'system', reason: string | null): Promise<void> {
    const now = this.clock.now();
    Object.assign(o, { status: 'declined', declineReason: reason, closedAt: now, updatedAt: now } satisfies Partial<Offer>);
    this.addStep(em, o.id, by, 'decline', null, reason, now);
    await this.bus.publish(em, { name: OFFERS_EVENTS.offerDeclined, payload: { ...this.payload(o, by), reason } });
  }

  /** The expiry job of an offer, at its expiry (one pending job per offer). */
  async scheduleExpiry(em: EntityManager, id: string, at: Date): Promise<void> {
    await this.jobs.add(em, EXPIRE_TASK, { offerId: id }, { runAt: at, jobKey: expireJobKey(id), jobKeyMode: 'replace' });
  }

  /** Records one step of a negotiation (written with the transaction's flush). */
  addStep(em: EntityManager, offerId: string, actor: OfferStepDto['actor'], action: OfferStepDto['action'], amountCents: number | null, message: string | null, at: Date): void {
    em.create(OfferStep, { offerId, actor, action, amount: money(amountCents), message, createdAt: at });
  }

  /** The payload of the module's events about `o`. */
  payload(o: Offer, by: OfferSide | 'system'): OfferEventPayload {
    return { offerId: o.id, kind: o.kind, partId: o.partId, buyerId: o.buyerId, sellerId: o.sellerId, auctionId: o.auctionId ?? null, amount: money(cents(o.amount)), by };
  }

  /** Runs `work` on the locked offer with the actor's side (null for a stranger: 404; an admin who is neither: null). */
  private async act(id: string, actor: Actor, work: (em: EntityManager, o: Offer, side: OfferSide | null) => Promise<void>): Promise<void> {
    const first = await this.db.em.findOne(Offer, { id });
    if (!first || (first.buyerId !== actor.id && first.sellerId !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Offer');
    await this.db.transaction(async (em) => {
      const o = (await this.lockOffer(em, first))!;
      await work(em, o, sideOf(o, actor.id));
    });
  }

  /** The offer under its part's lock and its row lock, read fresh. */
  private async lockOffer(em: EntityManager, o: Offer): Promise<Offer | null> {
    await lockPart(em, o.partId);
    return em.findOne(Offer, { id: o.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }
}
