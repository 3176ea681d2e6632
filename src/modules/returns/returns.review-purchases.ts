import { inject, injectable } from 'inversify';

import { OrdersApi } from '../payments/index.js';
import { ReviewPurchases, type PurchaseFacts, type SellerOrderFigures } from '../sellers/index.js';
import { Database } from '../../platform/db/database.js';

/** The sellers' reviews and reputation ask here: orders through payments, delivered orders and returns from this module. */
@injectable()
export class ReturnsReviewPurchases extends ReviewPurchases {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(OrdersApi) private readonly orders: OrdersApi,
  ) {
    super();
  }

  async purchase(orderId: string): Promise<PurchaseFacts | null> {
    const order = await this.orders.findOrder(orderId);
    return order
      ? { orderId: order.id, buyerId: order.buyerId, sellerUserId: order.sellerId, state: order.state, deliveredAt: order.deliveredAt }
      : null;
  }

  async figures(sellerUserId: string): Promise<SellerOrderFigures> {
    const [row] = await this.db.em.execute<SellerOrderFigures[]>(
      `select (select count(*)::int from returns_delivered_orders where seller_id = ?) as "deliveredOrders",
              count(*)::int as buyers, count(*) filter (where n > 1)::int as "repeatBuyers",
              (select count(*)::int from returns where seller_id = ?) as returns
         from (select buyer_id, count(*) as n from returns_delivered_orders where seller_id = ? group by buyer_id) b`,
      [sellerUserId, sellerUserId, sellerUserId],
    );
    return row ?? { deliveredOrders: 0, buyers: 0, repeatBuyers: 0, returns: 0 };
  }
}
