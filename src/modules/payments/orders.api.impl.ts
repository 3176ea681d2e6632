import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { TOKENS } from '../../platform/tokens.js';
import { readOpenOrderOfPart, readOrder, toFacts } from './order.repository.js';
import { OrderService } from './order.service.js';
import { OrdersApi, type CreateOrderInput, type OrderFacts, type OrderState } from './orders.api.js';
import { PaymentService } from './payment.service.js';

@injectable()
export class OrdersApiImpl extends OrdersApi {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(OrderService) private readonly orders: OrderService,
    @inject(PaymentService) private readonly payments: PaymentService,
  ) {
    super();
  }
  createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }> {
    return this.orders.createOrder(em, input);
  }
  async findOrder(orderId: string): Promise<OrderFacts | null> {
    if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
    const order = await readOrder(this.orm.em.fork() as EntityManager, orderId);
    return order ? toFacts(order) : null;
  }
  async openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ orderId: string; buyerId: string; state: OrderState } | null> {
    const order = await readOpenOrderOfPart(em, partId);
    return order ? { orderId: order.id, buyerId: order.buyerId, state: order.state } : null;
  }
  refund(input: { orderId: string; amountCents: number; reason: string; actorId: string | null }): Promise<void> {
    return this.payments.refund({ ...input, actor: input.actorId ? 'admin' : 'system' });
  }
  async unpaidStrikes(buyerId: string): Promise<number> {
    const [row] = await (this.orm.em.fork() as EntityManager).execute<{ n: number }[]>(
      `select count(*)::int as n from orders where buyer_id = ? and state = 'cancelled' and cancel_reason = 'unpaid'
          and source in ('auction_won', 'auction_buy_it_now')`,
      [buyerId],
    );
    return row?.n ?? 0;
  }
}
