import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { AppError } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, parseMoney } from '../../platform/money.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi, FIXED_PRICE_MESSAGES } from '../catalog/index.js';
import { commissionCents } from './commission.rules.js';
import type { CreateOrderResultDto, OrderSource } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import { insertOrder } from './order.repository.js';
import { isAuctionSource, isFinalSalePart, PART_TAKEN_MESSAGE, payWindow } from './order.rules.js';
import { OrderViewsService } from './order-views.service.js';
import type { CreateOrderInput } from './orders.api.js';
import { readCommissionTiers } from './payment-settings.repository.js';
import { orderEvent, PAYMENTS_EVENTS } from './payments.events.js';
import { orderJobKey, PAYMENTS_TASKS } from './payments.tasks.js';

/** What a new order is made of. */
interface NewOrder {
  buyerId: string;
  sellerId: string;
  partId: string | null;
  source: OrderSource;
  sourceId: string | null;
  title: string;
  imageUrl: string | null;
  priceCents: number;
  shippingCents: number;
  finalSale: boolean;
}

/**
 * Orders from every way of buying: Buy Now, auction wins (and Buy It Now on auctions), offers through
 * OrdersApi, and reverse-auction awards. Each is created in its caller's transaction, priced by the commission
 * tiers read there and frozen on the order, with its payment timer, event and mail.
 */
@injectable()
export class OrderCreationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
    @inject(OrderViewsService) private readonly views: OrderViewsService,
  ) {}

  /** Inserts a `pending_payment` order in `em`'s transaction; null when the part (or the source) already has an open order. */
  private async insert(em: SqlExecutor, o: NewOrder): Promise<string | null> {
    const now = this.clock.now();
    const tiers = await readCommissionTiers(em);
    const payBy = new Date(now.getTime() + payWindow(o.source));
    const note = 'Order created, waiting for payment';
    const id = await insertOrder(em, { ...o, commissionCents: commissionCents(o.priceCents, tiers), tiers, payBy, at: now, note });
    if (!id) return null;
    await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderCreated, payload: { ...orderEvent({ id, ...o, total: formatCents(o.priceCents + o.shippingCents) }), payBy: payBy.toISOString() } });
    await this.jobs.add(em, PAYMENTS_TASKS.cancelUnpaid, { orderId: id }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', id) });
    await this.notifications.notify(em, { id }, 'created');
    return id;
  }

  /** OrdersApi.createOrder: in the caller's transaction; 409 when the part is sold or in another open order. */
  async createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }> {
    if (!Number.isInteger(input.priceCents) || input.priceCents <= 0) throw new AppError('invalid', 'validation_failed', 'The price must be positive whole cents');
    const [part] = await this.catalog.findParts([input.partId]);
    if (!part) throw new AppError('not_found', 'part_not_found', 'Part not found');
    if (part.sellerId === input.buyerId) throw new AppError('forbidden', 'own_part', 'You cannot buy your own part');
    const auction = isAuctionSource(input.source);
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
    const orderId = await this.insert(em, {
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
    if (!orderId) throw new AppError('conflict', 'part_reserved', PART_TAKEN_MESSAGE);
    return { orderId };
  }

  /** The order of a reverse-auction award: no listed part, the quote's title; once per request. */
  async createAwardOrder(p: { reverseAuctionId: string; buyerId: string; sellerId: string; amount: string; title: string }): Promise<string | null> {
    const price = parseMoney(p.amount);
    if (!price.ok || price.cents <= 0) return null;
    return this.db.transaction((em) =>
      this.insert(em, {
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
      }),
    );
  }

  /** The order of an auction won at its end or by Buy It Now; once per auction. */
  async createAuctionOrder(p: { auctionId: string; partId: string; winnerId: string; amount: string }): Promise<string | null> {
    const price = parseMoney(p.amount);
    if (!price.ok || price.cents <= 0) return null;
    const existing = await this.db.em.findOne(Order, { source: { $in: ['auction_won', 'auction_buy_it_now'] }, sourceId: p.auctionId, state: { $ne: 'cancelled' } });
    if (existing) return existing.id;
    const auction = await this.auctions.findAuction(p.auctionId, null).catch(() => null);
    const bin = auction?.buyItNowPrice ? parseMoney(auction.buyItNowPrice) : null;
    const source = bin?.ok && bin.cents === price.cents ? 'auction_buy_it_now' : 'auction_won';
    try {
      return await this.db.transaction(async (em) =>
        (await this.createOrder(em, { buyerId: p.winnerId, partId: p.partId, priceCents: price.cents, source, sourceId: p.auctionId, finalSale: true })).orderId,
      );
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'conflict' || error.kind === 'not_found')) return null;
      throw error;
    }
  }

  /** POST /api/orders: Buy Now at the part's price; the caller's own open order for the part is answered again. */
  async buyNow(actor: Actor, partId: string): Promise<CreateOrderResultDto> {
    const mine = await this.db.em.findOne(Order, { partId, buyerId: actor.id, state: 'pending_payment' });
    if (mine) return { orderId: mine.id, order: await this.views.get(mine.id, actor) };
    const [part] = await this.catalog.findParts([partId]);
    if (!part) throw new AppError('not_found', 'part_not_found', 'Part not found');
    const price = parseMoney(part.price);
    if (!price.ok) throw new AppError('conflict', 'part_not_listed', FIXED_PRICE_MESSAGES.not_listed);
    const { orderId } = await this.db.transaction((em) => this.createOrder(em, { buyerId: actor.id, partId, priceCents: price.cents, source: 'buy_now' }));
    return { orderId, order: await this.views.get(orderId, actor) };
  }
}
