import type { OrderDto } from '../../../modules/payments/order.dto';

/**
 * The after-sale actions of an order on /account/orders/{id} (returns and reviews, issue 23). A slot: the order page
 * renders it under the order's facts; the returns and reviews work fills it in. Empty for now.
 */
export function OrderAfterSaleActions({ order }: { order: OrderDto }) {
  void order;
  return null;
}
