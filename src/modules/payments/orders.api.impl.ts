import { inject, injectable } from 'inversify';

import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { readOpenOrderOfPart, readOrder, toFacts } from './order.repository.js';
import { OrderService } from './order.service.js';
import { OrdersApi, type CreateOrderInput, type OrderFacts, type OrderState } from './orders.api.js';
import { RefundService } from './refund.service.js';
import { Database } from '../../platform/db/database.js';

@injectable()
export class OrdersApiImpl extends OrdersApi {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(OrderService) private readonly orders: OrderService,
    @inject(RefundService) private readonly refunds: RefundService,
  ) {
    super();
  }
  createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }> {
    return this.orders.createOrder(em, input);
  }
  async findOrder(orderId: string): Promise<OrderFacts | null> {
    if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
    const order = await readOrder(this.db.em, orderId);
    return order ? toFacts(order) : null;
  }
  async openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ orderId: string; buyerId: string; state: OrderState } | null> {
    const order = await readOpenOrderOfPart(em, partId);
    return order ? { orderId: order.id, buyerId: order.buyerId, state: order.state } : null;
  }
  async refund(input: Parameters<OrdersApi['refund']>[0]): Promise<void> {
    await this.refunds.refund({ ...input, actor: input.actor ?? (input.actorId ? 'admin' : 'system') });
  }
  async unpaidStrikes(buyerId: string): Promise<number> {
    const [row] = await (this.db.em).execute<{ n: number }[]>(
      `select count(*)::int as n from orders where buyer_id = ? and state = 'cancelled' and cancel_reason = 'unpaid'
          and source in ('auction_won', 'auction_buy_it_now')`,
      [buyerId],
    );
    return row?.n ?? 0;
  }
}
