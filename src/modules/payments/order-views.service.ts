import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { StorefrontNames } from '../sellers/index.js';
import { ConnectService } from './connect.service.js';
import { LedgerEntry } from './ledger-entry.entity.js';
import type { OrderDto, OrderState } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderHistory } from './order-history.entity.js';
import { toOrderDto } from './order.mapper.js';
import { OrderPayment } from './order-payment.entity.js';

/** 404 for an order the caller may not see, as for one that does not exist. */
export const orderNotFound = () => new AppError('not_found', 'order_not_found', 'Order not found');

/** Payment kinds between the marketplace and the seller (the escrow transfer and its reversals): not the buyer's business. */
const SELLER_PAYMENT_KINDS = new Set(['transfer', 'transfer_reversal']);

/** Whether `actor` reads an order's history entry or payment of `audience`: `seller` ones only its seller and admins. */
const seesSellerMatters = (o: Order, actor: Actor, audience: string) => audience !== 'seller' || o.sellerId === actor.id || hasRole(actor.role, 'admin');

/** Orders as their buyer, seller or an admin sees them: one, a page of the caller's, or rows read elsewhere. */
@injectable()
export class OrderViewsService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(StorefrontNames) private readonly storefrontNames: StorefrontNames,
  ) {}

  /** An order its buyer, seller or an admin may see; anyone else gets 404. Read fresh: a step may have just changed it. */
  async get(id: string, actor: Actor): Promise<OrderDto> {
    const order = await this.db.em.findOne(Order, id, { refresh: true });
    if (!order || (order.buyerId !== actor.id && order.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) throw orderNotFound();
    return (await this.render([order], actor))[0]!;
  }

  /** The caller's purchases (or, `as` seller, their sales), newest first. */
  async list(actor: Actor, q: { as: 'buyer' | 'seller'; state?: OrderState; page: number; limit: number }): Promise<ListPage<OrderDto>> {
    const where = { [q.as === 'seller' ? 'sellerId' : 'buyerId']: actor.id, ...(q.state ? { state: q.state } : {}) };
    const [orders, total] = await this.db.em.findAndCount(Order, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
      refresh: true,
    });
    return { rows: await this.render(orders, actor), total };
  }

  /** `orders` as `actor` sees them, with their history, provider operations and (admins) ledger lines. */
  async render(orders: readonly Order[], actor: Actor): Promise<OrderDto[]> {
    if (!orders.length) return [];
    const em = this.db.em;
    const orderId = { $in: orders.map((o) => o.id) };
    const admin = actor.role === 'admin';
    const [history, payments, ledger, users, storefronts] = await Promise.all([
      em.find(OrderHistory, { orderId }, { orderBy: { id: 'asc' } }),
      em.find(OrderPayment, { orderId }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], refresh: true }),
      admin ? em.find(LedgerEntry, { orderId }, { orderBy: { id: 'asc' } }) : Promise.resolve([]),
      this.accounts.findUsers([...new Set(orders.flatMap((o) => [o.buyerId, o.sellerId]))]),
      this.storefrontNames.displayNames(orders.map((o) => o.sellerId)),
    ]);
    const name = (id: string) => {
      const u = users.find((x) => x.id === id);
      return u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username : 'Unknown user';
    };
    const readiness = new Map<string, boolean>();
    for (const sellerId of new Set(orders.map((o) => o.sellerId))) readiness.set(sellerId, (await this.connect.readiness(sellerId)).ready);
    const now = this.clock.now();
    return orders.map((o) =>
      toOrderDto(o, {
        viewerId: actor.id,
        viewerRole: admin ? 'admin' : actor.role === 'seller' ? 'seller' : 'buyer',
        now,
        buyerName: name(o.buyerId),
        // Buyers know the seller by the storefront; the buyer's own name is what shipping needs.
        sellerName: storefronts.get(o.sellerId) ?? name(o.sellerId),
        sellerPayoutsReady: readiness.get(o.sellerId) ?? false,
        history: history.filter((h) => h.orderId === o.id && seesSellerMatters(o, actor, h.audience)),
        payments: payments.filter((p) => p.orderId === o.id && seesSellerMatters(o, actor, SELLER_PAYMENT_KINDS.has(p.kind) ? 'seller' : 'all')),
        ledger: admin ? ledger.filter((l) => l.orderId === o.id) : null,
      }),
    );
  }
}
