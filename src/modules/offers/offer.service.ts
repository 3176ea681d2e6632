import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { ListPage } from '../../platform/http/validate.js';
import { isUuid, uuidArray } from '../../platform/db/uuid.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi, FIXED_PRICE_MESSAGES } from '../catalog/index.js';
import type { OfferDto, OfferPricesDto, OfferSide } from './offer.dto.js';
import { OfferOrders } from './offer.orders.js';
import { addStep, lockPart, money, OFFER_COLUMNS, readOffer, readSteps, toOfferRow, type OfferRow } from './offer.repository.js';
import {
  autoAnswer,
  checkAction,
  checkCounterAmount,
  MAX_OPEN_OFFERS,
  MAX_ROUNDS,
  cancelReasonOf,
  mayAct,
  nextExpiry,
  ORDER_CANCELLED_NOTES,
  OFFER_MESSAGES,
  OFFER_TTL_MS,
  otherSide,
} from './offer.rules.js';
import type { AdminOfferFilter, OfferInput, OfferListQuery } from './offer.schemas.js';
import { OFFERS_EVENTS, type OfferEventPayload } from './offers.events.js';
import { Database } from '../../platform/db/database.js';

export const EXPIRE_TASK = 'offers/expire';
export const CREATE_ORDER_TASK = 'offers/create-order';
export const expireJobKey = (id: string) => `offer-expire:${id}`;

/** Make an Offer, counter-offers, acceptance, declines and expiry. Every change holds the part's offer lock. */
@injectable()
export class OfferService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OfferOrders) private readonly orders: OfferOrders,
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
    const id = await this.db.em.transactional(async (tx) => {
      await lockPart(tx, partId);
      const [open] = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from offers where part_id = ? and buyer_id = ? and kind = 'offer' and status = 'open'`,
        [partId, actor.id],
      );
      if (open!.n >= MAX_OPEN_OFFERS) throw Errors.conflict('too_many_offers', OFFER_MESSAGES.tooMany);
      // An accepted offer whose order is still to be created holds the part.
      const [held] = await tx.execute<{ id: string }[]>(`select id from offers where part_id = ? and status = 'accepted' and order_id is null limit 1`, [partId]);
      if (held) throw Errors.conflict('part_sold', FIXED_PRICE_MESSAGES.sold);
      // An unpaid order holds the part: an offer now could only fail at acceptance.
      const reserving = await this.orders.openOrderOfPart(tx, partId);
      if (reserving?.buyerId === actor.id) throw Errors.conflict('part_in_your_checkout', OFFER_MESSAGES.ownCheckout);
      if (reserving) throw Errors.conflict('part_reserved', reserving.state === 'pending_payment' ? OFFER_MESSAGES.reserved : FIXED_PRICE_MESSAGES.sold);
      const now = this.clock.now();
      const [row] = await tx.execute<Record<string, unknown>[]>(
        `insert into offers (kind, part_id, seller_id, buyer_id, status, amount, turn, rounds, message, expires_at, created_at, updated_at)
         values ('offer', ?, ?, ?, 'open', ?, 'seller', 1, ?, ?, ?, ?) returning ${OFFER_COLUMNS}`,
        [partId, part.sellerId, actor.id, formatCents(input.amount), input.message ?? null, new Date(now.getTime() + OFFER_TTL_MS).toISOString(), now.toISOString(), now.toISOString()],
      );
      const o = toOfferRow(row!);
      await addStep(tx, o.id, 'buyer', 'offer', input.amount, input.message ?? null, now);
      const [prices] = await tx.execute<{ auto_accept: string | null; auto_decline: string | null }[]>(
        'select auto_accept::text as auto_accept, auto_decline::text as auto_decline from offer_part_prices where part_id = ?',
        [partId],
      );
      const auto = prices
        ? autoAnswer(input.amount, {
            autoAcceptCents: prices.auto_accept === null ? null : storedCents(prices.auto_accept),
            autoDeclineCents: prices.auto_decline === null ? null : storedCents(prices.auto_decline),
          })
        : null;
      await this.bus.publish(tx, { name: OFFERS_EVENTS.offerMade, payload: this.payload(o, 'buyer') });
      if (auto === 'accept') await this.acceptLocked(tx, o, 'system');
      else if (auto === 'decline') await this.declineLocked(tx, o, 'system', OFFER_MESSAGES.autoDeclined);
      else await this.scheduleExpiry(tx, o.id, o.expiresAt);
      return o.id;
    });
    return this.get(id, actor);
  }

  /** POST /api/offers/{id}/accept: the side whose turn it is accepts the amount on the table; the order is created. */
  async accept(id: string, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (tx, o, side) => {
      checkAction(o, side, 'accept', this.clock.now());
      await this.acceptLocked(tx, o, side!);
    });
    return this.get(id, actor);
  }

  /** POST /api/offers/{id}/decline: the side whose turn it is declines, with an optional reason. */
  async decline(id: string, reason: string | undefined, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (tx, o, side) => {
      checkAction(o, side, 'decline', this.clock.now());
      await this.declineLocked(tx, o, side!, reason ?? null);
    });
    return this.get(id, actor);
  }

  /** POST /api/offers/{id}/counter: the side whose turn it is proposes another amount (at most MAX_ROUNDS rounds). */
  async counter(id: string, input: OfferInput, actor: Actor): Promise<OfferDto> {
    await this.act(id, actor, async (tx, o, side) => {
      const now = this.clock.now();
      checkAction(o, side, 'counter', now);
      checkCounterAmount(o, input.amount);
      const expiresAt = nextExpiry(o, now);
      await tx.execute(
        `update offers set amount = ?, turn = ?, rounds = rounds + 1, message = ?, expires_at = ?, updated_at = ? where id = ?`,
        [formatCents(input.amount), otherSide(side!), input.message ?? null, expiresAt.toISOString(), now.toISOString(), o.id],
      );
      await addStep(tx, o.id, side!, 'counter', input.amount, input.message ?? null, now);
      await this.bus.publish(tx, { name: OFFERS_EVENTS.offerCountered, payload: this.payload({ ...o, amountCents: input.amount }, side!) });
      await this.scheduleExpiry(tx, o.id, expiresAt);
    });
    return this.get(id, actor);
  }

  /** Job `offers/expire`: closes an open offer whose answer is overdue by the Clock. Idempotent. Returns whether it expired. */
  async expire(id: string): Promise<boolean> {
    const o = await readOffer(this.db.em, id);
    if (!o) return false;
    return this.db.em.transactional(async (tx) => {
      await lockPart(tx, o.partId);
      const locked = await readOffer(tx, id, true);
      const now = this.clock.now();
      if (!locked || locked.status !== 'open') return false;
      if (now.getTime() < locked.expiresAt.getTime()) {
        // Early (a replaced job, or a clock moved back): come back at the expiry.
        await this.scheduleExpiry(tx, id, locked.expiresAt);
        return false;
      }
      await tx.execute(`update offers set status = 'expired', closed_at = ?, updated_at = ? where id = ?`, [now.toISOString(), now.toISOString(), id]);
      await addStep(tx, id, 'system', 'expire', null, null, now);
      await this.bus.publish(tx, { name: OFFERS_EVENTS.offerExpired, payload: this.payload(locked, 'system') });
      return true;
    });
  }

  /** Catch-up (at worker start and every few minutes): expires every open offer that is overdue. */
  async expireDue(): Promise<number> {
    const due = await this.db.em.execute<{ id: string }[]>(`select id from offers where status = 'open' and expires_at <= ? order by expires_at limit 500`, [
      this.clock.now().toISOString(),
    ]);
    let n = 0;
    for (const { id } of due) if (await this.expire(id)) n++;
    return n;
  }

  /** Job `offers/create-order`: the order of an offer accepted while no payments module was bound. Idempotent. */
  async createPendingOrder(id: string): Promise<string | null> {
    if (!this.orders.ready) throw new Error('no payments module bound yet: the order of the accepted offer waits');
    const o = await readOffer(this.db.em, id);
    if (!o) return null;
    return this.db.em.transactional(async (tx) => {
      await lockPart(tx, o.partId);
      const locked = await readOffer(tx, id, true);
      if (!locked || locked.status !== 'accepted' || locked.orderId) return locked?.orderId ?? null;
      const orderId = await this.orders.create(tx, { buyerId: locked.buyerId, partId: locked.partId, priceCents: locked.amountCents!, kind: locked.kind, offerId: id });
      await tx.execute('update offers set order_id = ?, updated_at = ? where id = ?', [orderId, this.clock.now().toISOString(), id]);
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
    const o = await readOffer(this.db.em, e.sourceId);
    if (!o || o.orderId !== e.orderId) return false;
    return this.db.em.transactional(async (tx) => {
      await lockPart(tx, o.partId);
      const locked = await readOffer(tx, o.id, true);
      if (!locked || locked.status !== 'accepted' || locked.orderId !== e.orderId) return false;
      const now = this.clock.now();
      const reason = cancelReasonOf(e.reason);
      await tx.execute(`update offers set status = 'cancelled', cancel_reason = ?, updated_at = ? where id = ?`, [reason, now.toISOString(), o.id]);
      await addStep(tx, o.id, 'system', 'cancel', null, ORDER_CANCELLED_NOTES[reason ?? 'admin'], now);
      await this.bus.publish(tx, { name: OFFERS_EVENTS.offerCancelled, payload: { ...this.payload(locked, 'system'), orderId: e.orderId, reason } });
      return true;
    });
  }

  /** GET /api/offers: the caller's offers as buyer (or `as=seller` as seller), newest first. */
  async list(query: OfferListQuery, actor: Actor): Promise<ListPage<OfferDto>> {
    const where = [query.as === 'seller' ? 'seller_id = ?' : 'buyer_id = ?'];
    const params: unknown[] = [actor.id];
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    if (query.partId) {
      where.push('part_id = ?');
      params.push(query.partId);
    }
    const em = this.db.em;
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from offers where ${where.join(' and ')}`, params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${OFFER_COLUMNS} from offers where ${where.join(' and ')} order by created_at desc, id desc limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    return { rows: await this.toDtos(em, rows.map(toOfferRow), actor), total: count!.n };
  }

  /**
   * GET /api/admin/offers: every offer for the console (read-only: an admin is neither side), filtered by status,
   * kind, buyer, seller, part and creation date, sorted by `createdAt` or `amount` (then the id).
   */
  async adminList(actor: Actor, page: ConsolePage, filter: AdminOfferFilter, ids?: string[]): Promise<ListPage<OfferDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (ids) add('id = any(?::uuid[])', uuidArray(ids));
    const status = filter.status ?? filter.state;
    if (status) add('status = ?', status);
    if (filter.kind) add('kind = ?', filter.kind);
    if (filter.buyerId) add('buyer_id = ?', filter.buyerId);
    if (filter.sellerId) add('seller_id = ?', filter.sellerId);
    if (filter.partId) add('part_id = ?', filter.partId);
    if (filter.createdAt_gte) add('created_at >= ?', new Date(filter.createdAt_gte).toISOString());
    if (filter.createdAt_lte) {
      const at = new Date(filter.createdAt_lte);
      // A bare date as the upper bound means the whole day.
      const bound = /^\d{4}-\d{2}-\d{2}$/.test(filter.createdAt_lte) ? new Date(at.getTime() + 86_400_000 - 1) : at;
      add('created_at <= ?', bound.toISOString());
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [field, direction] = Object.entries(page.orderBy)[0] ?? ['createdAt', 'desc'];
    const dir = direction === 'asc' ? 'asc' : 'desc';
    const column = field === 'amount' ? `amount ${dir} nulls last` : field === 'id' ? `id ${dir}` : `created_at ${dir}`;
    const em = this.db.em;
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from offers ${clause}`, params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${OFFER_COLUMNS} from offers ${clause} order by ${column}${field === 'id' ? '' : `, id ${dir}`} limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    return { rows: await this.toDtos(em, rows.map(toOfferRow), actor), total: count!.n };
  }

  /** GET /api/offers/{id}: for its two sides and admins; 404 for anyone else. */
  async get(id: string, actor: Actor): Promise<OfferDto> {
    const em = this.db.em;
    const o = await readOffer(em, id);
    if (!o || (o.buyerId !== actor.id && o.sellerId !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Offer');
    return (await this.toDtos(em, [o], actor))[0]!;
  }

  /** GET /api/parts/{id}/offer-prices (the part's seller and admins). */
  async prices(partId: string, actor: Actor): Promise<OfferPricesDto> {
    await this.ownPart(partId, actor);
    const [row] = await this.db.em.execute<{ auto_accept: string | null; auto_decline: string | null }[]>(
      'select auto_accept::text as auto_accept, auto_decline::text as auto_decline from offer_part_prices where part_id = ?',
      [partId],
    );
    return { partId, autoAcceptPrice: row?.auto_accept ?? null, autoDeclinePrice: row?.auto_decline ?? null };
  }

  /** PUT /api/parts/{id}/offer-prices: sets or clears the part's auto-accept and auto-decline prices. */
  async setPrices(partId: string, input: { autoAcceptPrice?: number; autoDeclinePrice?: number }, actor: Actor): Promise<OfferPricesDto> {
    const part = await this.ownPart(partId, actor);
    const accept = input.autoAcceptPrice ?? null;
    const decline = input.autoDeclinePrice ?? null;
    if (accept !== null && decline !== null && decline >= accept) {
      throw Errors.invalid('validation_failed', OFFER_MESSAGES.pricesOrder, { autoDeclinePrice: OFFER_MESSAGES.pricesOrder });
    }
    await this.db.em.execute(
      `insert into offer_part_prices (part_id, seller_id, auto_accept, auto_decline, updated_at) values (?, ?, ?, ?, ?)
       on conflict (part_id) do update set auto_accept = excluded.auto_accept, auto_decline = excluded.auto_decline, updated_at = excluded.updated_at`,
      [partId, part.sellerId, money(accept), money(decline), this.clock.now().toISOString()],
    );
    return this.prices(partId, actor);
  }

  private async ownPart(partId: string, actor: Actor) {
    const [part] = await this.catalog.findParts([partId]);
    if (!part) throw Errors.notFound('Part');
    if (part.sellerId !== actor.id && actor.role !== 'admin') throw Errors.forbidden();
    return part;
  }

  /** Runs `work` on the locked offer with the actor's side (null for a stranger: 404; an admin who is neither: null). */
  private async act(id: string, actor: Actor, work: (tx: EntityManager, o: OfferRow, side: OfferSide | null) => Promise<void>): Promise<void> {
    const first = await readOffer(this.db.em, id);
    if (!first || (first.buyerId !== actor.id && first.sellerId !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Offer');
    await this.db.em.transactional(async (tx) => {
      await lockPart(tx, first.partId);
      const o = (await readOffer(tx, id, true))!;
      await work(tx, o, sideOf(o, actor.id));
    });
  }

  /** Accepts `o` (locked with its part): the order at the agreed amount, and every other open offer on the part declined. */
  async acceptLocked(tx: EntityManager, o: OfferRow, by: OfferSide | 'system'): Promise<void> {
    const now = this.clock.now();
    const orderId = await this.orders.create(tx, { buyerId: o.buyerId, partId: o.partId, priceCents: o.amountCents!, kind: o.kind, offerId: o.id });
    await tx.execute(`update offers set status = 'accepted', order_id = ?, closed_at = ?, updated_at = ? where id = ?`, [
      orderId,
      now.toISOString(),
      now.toISOString(),
      o.id,
    ]);
    await addStep(tx, o.id, by, 'accept', o.amountCents, null, now);
    await this.bus.publish(tx, { name: OFFERS_EVENTS.offerAccepted, payload: { ...this.payload(o, by), orderId } });
    if (o.kind === 'reserve_offer' && o.auctionId) {
      await this.bus.publish(tx, { name: OFFERS_EVENTS.reserveAgreed, payload: { auctionId: o.auctionId, offerId: o.id } });
    }
    if (!orderId) await this.jobs.add(tx, CREATE_ORDER_TASK, { offerId: o.id }, { jobKey: `offer-order:${o.id}` });
    const others = await tx.execute<Record<string, unknown>[]>(
      `select ${OFFER_COLUMNS} from offers where part_id = ? and status = 'open' and id <> ? order by id for update`,
      [o.partId, o.id],
    );
    for (const other of others.map(toOfferRow)) await this.declineLocked(tx, other, 'system', OFFER_MESSAGES.soldToOther);
  }

  /** Declines `o` (locked with its part). */
  async declineLocked(tx: SqlExecutor, o: OfferRow, by: OfferSide | 'system', reason: string | null): Promise<void> {
    const now = this.clock.now();
    await tx.execute(`update offers set status = 'declined', decline_reason = ?, closed_at = ?, updated_at = ? where id = ?`, [
      reason,
      now.toISOString(),
      now.toISOString(),
      o.id,
    ]);
    await addStep(tx, o.id, by, 'decline', null, reason, now);
    await this.bus.publish(tx, { name: OFFERS_EVENTS.offerDeclined, payload: { ...this.payload(o, by), reason } });
  }

  /** The expiry job of an offer, at its expiry (one pending job per offer). */
  async scheduleExpiry(tx: SqlExecutor, id: string, at: Date): Promise<void> {
    await this.jobs.add(tx, EXPIRE_TASK, { offerId: id }, { runAt: at, jobKey: expireJobKey(id), jobKeyMode: 'replace' });
  }

  payload(o: OfferRow, by: OfferSide | 'system'): OfferEventPayload {
    return { offerId: o.id, kind: o.kind, partId: o.partId, buyerId: o.buyerId, sellerId: o.sellerId, auctionId: o.auctionId, amount: money(o.amountCents), by };
  }

  private async toDtos(em: SqlExecutor, rows: OfferRow[], viewer: Actor): Promise<OfferDto[]> {
    if (!rows.length) return [];
    const [parts, users, steps] = await Promise.all([
      this.catalog.findParts([...new Set(rows.map((r) => r.partId))]),
      this.accounts.findUsers([...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]),
      readSteps(em, rows.map((r) => r.id)),
    ]);
    const partById = new Map(parts.map((p) => [p.id, p]));
    const nameById = new Map(users.map((u) => [u.id, u.username]));
    const now = this.clock.now();
    return rows.map((o) => {
      const side = sideOf(o, viewer.id);
      const part = partById.get(o.partId);
      return {
        id: o.id,
        kind: o.kind,
        partId: o.partId,
        partTitle: part?.title ?? 'Part',
        partPrice: part?.price ?? null,
        auctionId: o.auctionId,
        buyerId: o.buyerId,
        buyerName: nameById.get(o.buyerId) ?? 'buyer',
        sellerId: o.sellerId,
        sellerName: nameById.get(o.sellerId) ?? 'seller',
        status: o.status,
        amount: money(o.amountCents),
        floorAmount: money(o.floorCents),
        turn: o.turn,
        rounds: o.rounds,
        maxRounds: MAX_ROUNDS,
        message: o.message,
        declineReason: o.declineReason,
        orderId: o.orderId,
        cancelReason: o.cancelReason,
        expiresAt: o.expiresAt.toISOString(),
        createdAt: o.createdAt.toISOString(),
        updatedAt: o.updatedAt.toISOString(),
        yourSide: side,
        canAccept: mayAct(o, side, 'accept', now),
        canDecline: mayAct(o, side, 'decline', now),
        canCounter: mayAct(o, side, 'counter', now),
        steps: steps.get(o.id) ?? [],
      };
    });
  }
}

/** The viewer's side of an offer, or null. */
export function sideOf(o: Pick<OfferRow, 'buyerId' | 'sellerId'>, userId: string): OfferSide | null {
  return o.buyerId === userId ? 'buyer' : o.sellerId === userId ? 'seller' : null;
}
