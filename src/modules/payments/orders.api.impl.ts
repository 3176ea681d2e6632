import { inject, injectable } from 'inversify';

import { Database } from '../../platform/db/database.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Order } from './order.entity.js';
import { toFacts } from './order.mapper.js';
import { openOrderOfPart } from './order.repository.js';
import { OrderCreationService } from './order-creation.service.js';
import { OrdersApi, type CreateOrderInput, type OrderFacts, type OrderState } from './orders.api.js';
import { RefundService } from './refund.service.js';

@injectable()
export class OrdersApiImpl extends OrdersApi {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(OrderCreationService) private readonly creation: OrderCreationService,
    @inject(RefundService) private readonly refunds: RefundService,
  ) {
    super();
  }
  createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }> {
    return this.creation.createOrder(em, input);
  }
  async findOrder(orderId: string): Promise<OrderFacts | null> {
    if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
    const order = await this.db.em.findOne(Order, orderId, { refresh: true });
    return order ? toFacts(order) : null;
  }
  async openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ orderId: string; buyerId: string; state: OrderState } | null> {
    const order = await openOrderOfPart(em, partId);
    return order ? { orderId: order.id, buyerId: order.buyerId, state: order.state } : null;
  }
  async refund(input: Parameters<OrdersApi['refund']>[0]): Promise<void> {
    await this.refunds.refund({ ...input, actor: input.actor ?? (input.actorId ? 'admin' : 'system') });
  }
  unpaidStrikes(buyerId: string): Promise<number> {
    return this.db.em.count(Order, { buyerId, state: 'cancelled', cancelReason: 'unpaid', source: { $in: ['auction_won', 'auction_buy_it_now'] } });
  }
}
