import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { AppError } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, parseMoney } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi, FIXED_PRICE_MESSAGES, type PartDto } from '../catalog/index.js';
import { commissionCents, DEFAULT_COMMISSION_TIERS, ESCROW_THRESHOLD_CENTS, type CommissionTier } from './commission.rules.js';
import { ConnectService } from './connect.service.js';
import type { CheckoutDto, CreateOrderResultDto, OrderDto, OrderState } from './order.dto.js';
import { historyDto, ledgerDto, paymentDto, toOrderDto } from './order.mapper.js';
import { OrderNotificationService } from './order-notification.service.js';
import { addHistory, ORDER_COLUMNS, readOrder, toOrderRow, type OrderRow } from './order.repository.js';
import type { CreateOrderInput } from './orders.api.js';
import { PaymentProvider } from './payment.provider.js';
import { orderEvent, PaymentService } from './payment.service.js';
import { RefundService } from './refund.service.js';
import { PAYMENTS_EVENTS } from './payments.events.js';
import { ORDER_TIMES, orderJobKey, PAYMENTS_TASKS } from './payments.jobs.js';
import type { CheckoutBody } from './payments.schemas.js';
import { Database } from '../../platform/db/database.js';

/** The part is already in another open order (or sold): one part, one order. */
export const PART_TAKEN_MESSAGE = 'This part is already reserved in another checkout or sold';

const NOT_FOUND = () => new AppError('not_found', 'order_not_found', 'Order not found');

/** Final Sale parts beyond auction wins: electrical parts and custom or modified parts (spec 000 §5 FAQ rules). */
export function isFinalSalePart(part: Pick<PartDto, 'category' | 'categoryName' | 'title' | 'description'>): boolean {
  if (/electric/i.test(`${part.category} ${part.categoryName ?? ''}`)) return true;
  return /\b(custom|modified|one-off|bespoke)\b/i.test(`${part.title} ${part.description}`);
}

/** Payment kinds between the marketplace and the seller (the escrow transfer and its reversals): not the buyer's business. */
const SELLER_PAYMENT_KINDS = new Set(['transfer', 'transfer_reversal']);

/** Whether `actor` reads an order's history entry or payment of `audience`: `seller` ones only its seller and admins. */
const seesSellerMatters = (o: OrderRow, actor: Actor, audience: unknown) =>
  audience !== 'seller' || o.sellerId === actor.id || hasRole(actor.role, 'admin');

/** Orders: creation from every way of buying, the buyer's and seller's steps, and what each viewer sees. */
@injectable()
export class OrderService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(PaymentService) private readonly payments: PaymentService,
    @inject(RefundService) private readonly refunds: RefundService,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  private async tiers(): Promise<CommissionTier[]> {
    try {
      return await this.auctions.commissionTiers();
    } catch {
      return DEFAULT_COMMISSION_TIERS;
    }
  }

  /** Inserts a `pending_payment` order; null when the part (or the source) already has an open order. */
  private async insert(
    em: SqlExecutor,
    o: {
      buyerId: string;
      sellerId: string;
      partId: string | null;
      source: CreateOrderInput['source'];
      sourceId: string | null;
      title: string;
      imageUrl: string | null;
      priceCents: number;
      shippingCents: number;
      finalSale: boolean;
    },
  ): Promise<OrderRow | null> {
    const now = this.clock.now();
    const tiers = await this.tiers();
    const commission = commissionCents(o.priceCents, tiers);
    const window = o.source === 'buy_now' ? ORDER_TIMES.buyNowPayWindow : ORDER_TIMES.auctionPayWindow;
    const payBy = new Date(now.getTime() + window);
    const rows = await em.execute<Record<string, unknown>[]>(
      `insert into orders as o (buyer_id, seller_id, part_id, source, source_id, state, part_title, part_image_url, price, shipping_cost,
                          total, commission, commission_tiers, final_sale, pay_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'pending_payment', ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       on conflict do nothing
       returning ${ORDER_COLUMNS}`,
      [
        o.buyerId,
        o.sellerId,
        o.partId,
        o.source,
        o.sourceId,
        o.title.slice(0, 300),
        o.imageUrl,
        formatCents(o.priceCents),
        formatCents(o.shippingCents),
        formatCents(o.priceCents + o.shippingCents),
        formatCents(commission),
        JSON.stringify(tiers),
        o.finalSale,
        payBy.toISOString(),
        now.toISOString(),
        now.toISOString(),
      ],
    );
    if (!rows[0]) return null;
    const order = toOrderRow(rows[0]);
    await addHistory(em, order.id, 'pending_payment', 'Order created, waiting for payment', 'system', null, now);
    await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderCreated, payload: orderEvent(order) });
    await this.jobs.add(em, PAYMENTS_TASKS.cancelUnpaid, { orderId: order.id }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', order.id) });
    await this.notifications.notify(em, order, 'created');
    return order;
  }

  /** OrdersApi.createOrder: in the caller's transaction; 409 when the part is sold or in another open order. */
  async createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }> {
    if (!Number.isInteger(input.priceCents) || input.priceCents <= 0) throw new AppError('invalid', 'validation_failed', 'The price must be positive whole cents');
    const [part] = await this.catalog.findParts([input.partId]);
    if (!part) throw new AppError('not_found', 'part_not_found', 'Part not found');
    if (part.sellerId === input.buyerId) throw new AppError('forbidden', 'own_part', 'You cannot buy your own part');
    const auction = input.source === 'auction_won' || input.source === 'auction_buy_it_now';
    if (input.source === 'buy_now' || input.source === 'offer') {
      if (part.isSold) throw new AppError('conflict', 'part_sold', FIXED_PRICE_MESSAGES.sold);
      if (!part.isActive || !part.isApproved) throw new AppError('conflict', 'part_not_listed', FIXED_PRICE_MESSAGES.not_listed);
      if (part.activeAuctionId) throw new AppError('conflict', 'part_in_auction', FIXED_PRICE_MESSAGES.in_auction);
    }
    let shippingCents = 0;
    if (auction && input.sourceId) {
      const found = await this.auctions.findAuction(input.sourceId, null).catch(() => null);
      const parsed = found?.shippingCost ? parseMoney(found.shippingCost) : null;
      if (parsed?.ok) shippingCents = parsed.cents;
    }
    const image = part.images.find((i) => i.isPrimary) ?? part.images[0];
    const order = await this.insert(em, {
      buyerId: input.buyerId,
      sellerId: part.sellerId,
      partId: part.id,
      source: input.source,
      sourceId: input.sourceId ?? null,
      title: part.title,
      imageUrl: image?.thumbnailUrl ?? image?.url ?? null,
      priceCents: input.priceCents,
      shippingCents,
      finalSale: Boolean(input.finalSale) || auction || isFinalSalePart(part),
    });
    if (!order) throw new AppError('conflict', 'part_reserved', PART_TAKEN_MESSAGE);
    return { orderId: order.id };
  }

  /** The order of a reverse-auction award: no listed part, the quote's title; once per request. */
  async createAwardOrder(p: { reverseAuctionId: string; buyerId: string; sellerId: string; amount: string; title: string }): Promise<string | null> {
    const price = parseMoney(p.amount);
    if (!price.ok || price.cents <= 0) return null;
    return this.db.em.transactional(async (tx) => {
      const order = await this.insert(tx, {
        buyerId: p.buyerId,
        sellerId: p.sellerId,
        partId: null,
        source: 'reverse_award',
        sourceId: p.reverseAuctionId,
        title: p.title,
        imageUrl: null,
        priceCents: price.cents,
        shippingCents: 0,
        finalSale: false,
      });
      return order?.id ?? null;
    });
  }

  /** The order of an auction won at its end or by Buy It Now; once per auction. */
  async createAuctionOrder(p: { auctionId: string; partId: string; winnerId: string; amount: string }): Promise<string | null> {
    const price = parseMoney(p.amount);
    if (!price.ok || price.cents <= 0) return null;
    const existing = await this.db.em.execute<{ id: string }[]>(
      `select id from orders where source in ('auction_won', 'auction_buy_it_now') and source_id = ? and state <> 'cancelled'`,
      [p.auctionId],
    );
    if (existing[0]) return existing[0].id;
    const auction = await this.auctions.findAuction(p.auctionId, null).catch(() => null);
    const bin = auction?.buyItNowPrice ? parseMoney(auction.buyItNowPrice) : null;
    const source = bin?.ok && bin.cents === price.cents ? 'auction_buy_it_now' : 'auction_won';
    try {
      return await this.db.em.transactional(async (tx) =>
        (await this.createOrder(tx, { buyerId: p.winnerId, partId: p.partId, priceCents: price.cents, source, sourceId: p.auctionId, finalSale: true })).orderId,
      );
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'conflict' || error.kind === 'not_found')) return null;
      throw error;
    }
  }

  /** POST /api/orders: Buy Now at the part's price; the caller's own open order for the part is answered again. */
  async buyNow(actor: Actor, partId: string): Promise<CreateOrderResultDto> {
    const [mine] = await this.db.em.execute<{ id: string }[]>(
      `select id from orders where part_id = ? and buyer_id = ? and state = 'pending_payment'`,
      [partId, actor.id],
    );
    if (mine) return { orderId: mine.id, order: await this.get(mine.id, actor) };
    const [part] = await this.catalog.findParts([partId]);
    if (!part) throw new AppError('not_found', 'part_not_found', 'Part not found');
    const price = parseMoney(part.price);
    if (!price.ok) throw new AppError('conflict', 'part_not_listed', FIXED_PRICE_MESSAGES.not_listed);
    const { orderId } = await this.db.em.transactional((tx) =>
      this.createOrder(tx, { buyerId: actor.id, partId, priceCents: price.cents, source: 'buy_now' }),
    );
    return { orderId, order: await this.get(orderId, actor) };
  }

  private async views(rows: OrderRow[], actor: Actor): Promise<OrderDto[]> {
    if (!rows.length) return [];
    const em = this.db.em;
    const ids = uuidArray(rows.map((r) => r.id));
    const [history, payments, ledger, users] = await Promise.all([
      em.execute<Record<string, unknown>[]>(`select order_id, state, note, actor, at, audience from order_history where order_id = any(?::uuid[]) order by id`, [ids]),
      em.execute<Record<string, unknown>[]>(
        `select id, order_id, kind, provider, provider_ref, status, amount::text as amount, created_at from order_payments where order_id = any(?::uuid[]) order by created_at, id`,
        [ids],
      ),
      actor.role === 'admin'
        ? em.execute<Record<string, unknown>[]>(
            `select id, order_id, seller_id, account, kind, amount::text as amount, memo, created_at from ledger_entries where order_id = any(?::uuid[]) order by id`,
            [ids],
          )
        : Promise.resolve([]),
      this.accounts.findUsers([...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]),
    ]);
    const name = (id: string) => {
      const u = users.find((x) => x.id === id);
      return u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username : 'Unknown user';
    };
    const readiness = new Map<string, boolean>();
    for (const sellerId of new Set(rows.map((r) => r.sellerId))) readiness.set(sellerId, (await this.connect.readiness(em, sellerId)).ready);
    const now = this.clock.now();
    return rows.map((o) =>
      toOrderDto(o, {
        viewerId: actor.id,
        viewerRole: actor.role === 'admin' ? 'admin' : actor.role === 'seller' ? 'seller' : 'buyer',
        now,
        buyerName: name(o.buyerId),
        sellerName: name(o.sellerId),
        sellerPayoutsReady: readiness.get(o.sellerId) ?? false,
        history: history.filter((h) => h.order_id === o.id && seesSellerMatters(o, actor, h.audience)).map(historyDto),
        payments: payments.filter((p) => p.order_id === o.id && seesSellerMatters(o, actor, SELLER_PAYMENT_KINDS.has(String(p.kind)) ? 'seller' : 'all')).map(paymentDto),
        ledger: actor.role === 'admin' ? ledger.filter((l) => l.order_id === o.id).map(ledgerDto) : null,
      }),
    );
  }

  /** An order its buyer, seller or an admin may see; anyone else gets 404. */
  async get(id: string, actor: Actor): Promise<OrderDto> {
    const order = await readOrder(this.db.em, id);
    if (!order || (order.buyerId !== actor.id && order.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) throw NOT_FOUND();
    return (await this.views([order], actor))[0]!;
  }

  /** Several orders as an admin sees them (the console). */
  async viewsForAdmin(rows: OrderRow[], actor: Actor): Promise<OrderDto[]> {
    return this.views(rows, actor);
  }

  /** The caller's purchases (or, `as` seller, their sales), newest first. */
  async list(actor: Actor, q: { as: 'buyer' | 'seller'; state?: OrderState; page: number; limit: number }): Promise<ListPage<OrderDto>> {
    const column = q.as === 'seller' ? 'seller_id' : 'buyer_id';
    const em = this.db.em;
    const where = `o.${column} = ?${q.state ? ' and o.state = ?' : ''}`;
    const params: unknown[] = q.state ? [actor.id, q.state] : [actor.id];
    const [rows, count] = await Promise.all([
      em.execute<Record<string, unknown>[]>(`select ${ORDER_COLUMNS} from orders o where ${where} order by o.created_at desc, o.id desc limit ? offset ?`, [
        ...params,
        q.limit,
        (q.page - 1) * q.limit,
      ]),
      em.execute<{ n: number }[]>(`select count(*)::int as n from orders o where ${where}`, params),
    ]);
    return { rows: await this.views(rows.map(toOrderRow), actor), total: count[0]?.n ?? 0 };
  }

  /**
   * The buyer's checkout: the shipping address, the Final Sale acknowledgement and (from $5,000) the escrow choice
   * or the signed waiver are stored, and a payment intent is made (one per order and mode, by idempotency key).
   */
  async checkout(id: string, actor: Actor, body: CheckoutBody, client: { ip: string | null; userAgent: string | null }): Promise<CheckoutDto> {
    const order = await readOrder(this.db.em, id);
    if (!order || (order.buyerId !== actor.id && !hasRole(actor.role, 'admin'))) throw NOT_FOUND();
    if (order.buyerId !== actor.id) throw new AppError('forbidden', 'not_buyer', 'Only the buyer can check out this order');
    if (order.state !== 'pending_payment') throw new AppError('conflict', 'order_not_payable', 'This order is not waiting for payment');
    if (this.provider.name === 'test' && this.config.env === 'production') {
      throw new AppError('conflict', 'payments_unavailable', 'Payments are not available right now: card payments are not configured. Please try again later.');
    }
    const errors: Record<string, string> = {};
    if (order.finalSale && body.acknowledgeFinalSale !== true) errors.acknowledgeFinalSale = 'Please acknowledge that this item is a Final Sale and cannot be returned';
    const escrowApplies = order.totalCents >= ESCROW_THRESHOLD_CENTS;
    if (escrowApplies && !body.escrowChoice) errors.escrowChoice = 'For $5,000 and over, choose escrow or sign the waiver';
    if (escrowApplies && body.escrowChoice === 'waiver' && body.waiverAccepted !== true) errors.waiverAccepted = 'Please sign the escrow waiver to pay without escrow';
    if (Object.keys(errors).length) throw new AppError('invalid', 'validation_failed', Object.values(errors)[0]!, errors);
    const em = this.db.em;
    const ready = await this.connect.readiness(em, order.sellerId);
    if (!ready.ready || !ready.accountId) {
      throw new AppError('conflict', 'seller_not_ready', 'The seller has not finished setting up payouts yet. Your order is reserved; we will email you as soon as you can pay.');
    }
    const escrow = escrowApplies && body.escrowChoice === 'escrow';
    // A buyer who switches between escrow and a direct charge gets a new intent; switching back must not
    // replay the cancelled one under the same idempotency key.
    const switching = Boolean(order.paymentIntentId) && (order.escrowChoice === 'escrow') !== escrow;
    // The old intent is cancelled first: one that cannot be (it is being paid) keeps the buyer's first choice.
    if (switching && !(await this.provider.cancelIntent(order.paymentIntentId!))) {
      throw new AppError('conflict', 'payment_in_progress', 'A payment for this order is being processed; it can no longer be changed');
    }
    const intent = await this.provider.createIntent({
      orderId: order.id,
      amountCents: order.totalCents,
      applicationFeeCents: order.commissionCents,
      destination: escrow ? null : ready.accountId,
      idempotencyKey: `order-${order.id}-intent-${escrow ? 'escrow' : 'direct'}${switching ? `-after-${order.paymentIntentId}` : ''}`,
      description: `Pitlane order ${order.id}: ${order.partTitle}`.slice(0, 200),
    });
    const now = this.clock.now();
    const saved = await em.transactional(async (tx) => {
      const locked = (await readOrder(tx, id, true))!;
      if (locked.state !== 'pending_payment') throw new AppError('conflict', 'order_not_payable', 'This order is not waiting for payment');
      const waiver = escrowApplies && body.escrowChoice === 'waiver';
      await tx.execute(
        `update orders set shipping_address = ?::jsonb, final_sale_acknowledged_at = case when final_sale then coalesce(final_sale_acknowledged_at, ?) else null end,
                escrow_choice = ?, waiver_signed_at = ?, waiver_ip = ?, waiver_user_agent = ?, provider = ?, payment_intent_id = ?,
                destination_account = ?, checkout_at = coalesce(checkout_at, ?), updated_at = ?
          where id = ?`,
        [
          JSON.stringify(body.shippingAddress),
          now.toISOString(),
          escrowApplies ? body.escrowChoice : null,
          waiver ? now.toISOString() : null,
          waiver ? client.ip : null,
          waiver ? client.userAgent?.slice(0, 500) ?? null : null,
          this.provider.name,
          intent.id,
          ready.accountId,
          now.toISOString(),
          now.toISOString(),
          id,
        ],
      );
      if (!locked.checkoutAt) await addHistory(tx, id, 'pending_payment', escrow ? 'Checkout started with escrow' : waiver ? 'Checkout started; escrow waiver signed' : 'Checkout started', 'buyer', actor.id, now);
      return (await readOrder(tx, id))!;
    });
    const dto = (await this.views([saved], actor))[0]!;
    return {
      orderId: id,
      provider: this.provider.name,
      clientSecret: intent.clientSecret,
      publishableKey: this.provider.name === 'stripe' ? (this.config.stripePublishableKey ?? null) : null,
      testMode: this.provider.name === 'test',
      amount: formatCents(saved.totalCents),
      currency: 'usd',
      escrow: dto.escrow,
      finalSaleRequired: saved.finalSale,
      order: dto,
    };
  }

  /** Test provider only: completes the buyer's payment as a card would (the same succeeded-event processing). */
  async testConfirm(orderId: string, actor: Actor): Promise<OrderDto> {
    if (this.provider.name !== 'test' || this.config.env === 'production') {
      throw new AppError('forbidden', 'test_mode_off', 'Test payments are not available: real card payments are configured');
    }
    const order = await readOrder(this.db.em, orderId);
    if (!order || order.buyerId !== actor.id) throw NOT_FOUND();
    if (order.state !== 'pending_payment' && !order.paidAt) throw new AppError('conflict', 'order_not_payable', 'This order is not waiting for payment');
    if (!order.paymentIntentId) throw new AppError('conflict', 'checkout_required', 'Complete the checkout form first');
    await this.payments.processEvent({
      id: `evt_test_${order.paymentIntentId}_succeeded`,
      type: 'payment_intent.succeeded',
      data: { object: { id: order.paymentIntentId, amount_received: order.totalCents, latest_charge: `ch_test_${order.id.replaceAll('-', '')}`, metadata: { orderId } } },
    });
    return this.get(orderId, actor);
  }

  /** The seller ships: carrier and tracking number; late when after the 72 hours. */
  async ship(id: string, actor: Actor, body: { carrier: string; trackingNumber: string }): Promise<OrderDto> {
    await this.db.em.transactional(async (tx) => {
      const o = await readOrder(tx, id, true);
      if (!o || (o.sellerId !== actor.id && !hasRole(actor.role, 'admin') && o.buyerId !== actor.id)) throw NOT_FOUND();
      // An admin may act for the seller, but not on their own purchase.
      if (o.sellerId !== actor.id && (!hasRole(actor.role, 'admin') || o.buyerId === actor.id)) throw new AppError('forbidden', 'not_seller', 'Only the seller can mark this order shipped');
      if (!o.paidAt || o.shippedAt || !['paid', 'partially_refunded'].includes(o.state)) throw new AppError('conflict', 'order_not_shippable', 'Only a paid order that has not shipped can be marked shipped');
      const now = this.clock.now();
      const late = Boolean(o.shipBy && now > o.shipBy);
      await tx.execute(
        `update orders set state = case when state = 'paid' then 'shipped' else state end, carrier = ?, tracking_number = ?, shipped_at = ?,
                late_shipment = late_shipment or ?, updated_at = ? where id = ?`,
        [body.carrier, body.trackingNumber, now.toISOString(), late, now.toISOString(), id],
      );
      const shipped = { ...o, state: 'shipped' as const, carrier: body.carrier, trackingNumber: body.trackingNumber, shippedAt: now };
      await addHistory(tx, id, 'shipped', `Shipped with ${body.carrier}, tracking number ${body.trackingNumber}${late ? ' (late)' : ''}`, o.sellerId === actor.id ? 'seller' : 'admin', actor.id, now);
      await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderShipped, payload: orderEvent(shipped) });
      await this.jobs.add(tx, PAYMENTS_TASKS.autoDeliver, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.autoDeliver), jobKey: orderJobKey('autoDeliver', id) });
      await this.notifications.notify(tx, shipped, 'shipped');
    });
    return this.get(id, actor);
  }

  /** Delivered: by the buyer's confirmation (which also releases escrow) or 14 days after shipping. */
  async deliver(id: string, by: { actor: Actor | null }): Promise<boolean> {
    const done = await this.db.em.transactional(async (tx) => {
      const o = await readOrder(tx, id, true);
      if (!o) throw NOT_FOUND();
      if (by.actor && o.buyerId !== by.actor.id) {
        if (o.sellerId === by.actor.id || hasRole(by.actor.role, 'admin')) throw new AppError('forbidden', 'not_buyer', 'Only the buyer can confirm delivery');
        throw NOT_FOUND();
      }
      if (!o.shippedAt || o.deliveredAt || !['shipped', 'partially_refunded'].includes(o.state)) {
        if (!by.actor) return false;
        throw new AppError('conflict', 'order_not_deliverable', 'Only a shipped order can be confirmed delivered');
      }
      const now = this.clock.now();
      await tx.execute(`update orders set state = case when state = 'shipped' then 'delivered' else state end, delivered_at = ?, updated_at = ? where id = ?`,
        [now.toISOString(), now.toISOString(), id]);
      const delivered = { ...o, state: 'delivered' as const, deliveredAt: now };
      await addHistory(tx, id, 'delivered', by.actor ? 'The buyer confirmed delivery' : 'Delivered (14 days after shipping)', by.actor ? 'buyer' : 'system', by.actor?.id ?? null, now);
      await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderDelivered, payload: orderEvent(delivered) });
      await this.jobs.add(tx, PAYMENTS_TASKS.complete, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.returnWindow), jobKey: orderJobKey('complete', id) });
      if (o.escrowChoice === 'escrow' && !by.actor) {
        await this.jobs.add(tx, PAYMENTS_TASKS.escrowRelease, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.inspection), jobKey: orderJobKey('escrowRelease', id) });
      }
      await this.notifications.notify(tx, delivered, 'delivered');
      return true;
    });
    // The buyer's confirmation says the item is as described: the escrow goes to the seller now.
    if (done && by.actor) {
      await this.payments.releaseEscrow(id, 'Escrow released: the buyer confirmed the item is as described').catch(async (error: unknown) => {
        // The delivery stands; the provider's failure leaves the release to its job at the inspection's end.
        this.logger.warn({ err: error, orderId: id }, 'escrow release after the buyer confirmed failed; left to the inspection job');
        const o = await readOrder(this.db.em, id);
        if (o?.deliveredAt) {
          await this.jobs.add(this.db.em, PAYMENTS_TASKS.escrowRelease, { orderId: id }, {
            runAt: new Date(o.deliveredAt.getTime() + ORDER_TIMES.inspection),
            jobKey: orderJobKey('escrowRelease', id),
          });
        }
      });
    }
    return done;
  }

  /** POST /api/orders/{id}/confirm-delivery */
  async confirmDelivery(id: string, actor: Actor): Promise<OrderDto> {
    await this.deliver(id, { actor });
    return this.get(id, actor);
  }

  /**
   * Cancels an order. Unpaid: the buyer (not for an auction win, which is binding), the seller or an admin.
   * Paid and not shipped: the seller or an admin, with a full refund. Later steps go through returns and refunds.
   */
  async cancel(id: string, actor: Actor, reason: string | null): Promise<OrderDto> {
    const o = await readOrder(this.db.em, id);
    if (!o || (o.buyerId !== actor.id && o.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) throw NOT_FOUND();
    const role: 'buyer' | 'seller' | 'admin' = o.sellerId === actor.id ? 'seller' : o.buyerId === actor.id ? 'buyer' : 'admin';
    if (o.state === 'pending_payment') {
      if (role === 'buyer' && (o.source === 'auction_won' || o.source === 'auction_buy_it_now')) {
        throw new AppError('conflict', 'auction_win_binding', 'An auction win is a binding purchase and cannot be cancelled by the buyer. Please contact the seller or support.');
      }
      if (o.paymentIntentId && !(await this.provider.cancelIntent(o.paymentIntentId))) {
        throw new AppError('conflict', 'payment_in_progress', 'The payment is being processed; try again in a moment');
      }
      await this.cancelUnpaidOrder(id, role, actor.id, reason);
      return this.get(id, actor);
    }
    const shippable = Boolean(o.paidAt) && !o.shippedAt && (o.state === 'paid' || o.state === 'partially_refunded');
    if (!shippable) throw new AppError('conflict', 'order_not_cancellable', 'This order can no longer be cancelled; request a return or contact support');
    if (role === 'buyer') throw new AppError('conflict', 'order_paid', 'This order is paid: ask the seller to cancel it, or contact support');
    const left = o.totalCents - o.refundedCents;
    if (left > 0) await this.refunds.refund({ orderId: id, amountCents: left, reason: reason ?? `Cancelled by the ${role}`, actorId: actor.id, actor: role });
    await this.db.em.transactional(async (tx) => {
      const now = this.clock.now();
      const locked = (await readOrder(tx, id, true))!;
      await tx.execute(`update orders set state = 'cancelled', cancelled_at = ?, cancel_reason = ?, updated_at = ? where id = ?`, [now.toISOString(), role, now.toISOString(), id]);
      await addHistory(tx, id, 'cancelled', `Cancelled by the ${role} and refunded${reason ? `: ${reason}` : ''}`, role, actor.id, now);
      await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderCancelled, payload: { ...orderEvent({ ...locked, state: 'cancelled' }, role), paid: true } });
      await this.notifications.notify(tx, locked, 'cancelled', reason ?? undefined);
    });
    return this.get(id, actor);
  }

  /** Cancels a still-unpaid order (the part is free again); false when it is no longer unpaid. */
  async cancelUnpaidOrder(id: string, reason: 'unpaid' | 'buyer' | 'seller' | 'admin', actorId: string | null, note: string | null): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const o = await readOrder(tx, id, true);
      if (!o || o.state !== 'pending_payment' || o.paidAt) return false;
      const now = this.clock.now();
      await tx.execute(`update orders set state = 'cancelled', cancelled_at = ?, cancel_reason = ?, updated_at = ? where id = ?`, [now.toISOString(), reason, now.toISOString(), id]);
      const text = reason === 'unpaid' ? 'Cancelled: not paid in time' : `Cancelled by the ${reason}${note ? `: ${note}` : ''}`;
      await addHistory(tx, id, 'cancelled', text, reason === 'unpaid' ? 'system' : reason, actorId, now);
      await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderCancelled, payload: { ...orderEvent({ ...o, state: 'cancelled' }, reason), paid: false } });
      await this.notifications.notify(tx, o, 'cancelled', text);
      return true;
    });
  }
}
