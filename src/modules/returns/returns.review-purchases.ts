import { inject, injectable } from 'inversify';

import { OrdersApi } from '../payments/index.js';
import { ReviewPurchases, type PurchaseFacts, type SellerOrderFigures } from '../sellers/index.js';
import { Database } from '../../platform/db/database.js';
import { sellerFigures } from './return.repository.js';

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

  figures(sellerUserId: string): Promise<SellerOrderFigures> {
    return sellerFigures(this.db.em, sellerUserId);
  }
}
