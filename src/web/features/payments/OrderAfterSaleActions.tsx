import type { OrderDto } from '../../../modules/payments/order.dto';
import { ReturnRequestCard } from '../returns/ReturnRequestCard';
import { ReviewOrderCard } from '../returns/ReviewOrderCard';
import { FitmentReportCard } from '../garage/FitmentReportCard';

/**
 * The after-sale actions of an order on /account/orders/{id} (returns and reviews, issue 23). A slot: the order page
 * renders it under the order's facts; the returns feature fills it (request a return, write a review).
 */
export function OrderAfterSaleActions({ order }: { order: OrderDto }) {
  return (
    <>
      <ReturnRequestCard order={order} />
      <ReviewOrderCard order={order} />
      <FitmentReportCard order={order} />
    </>
  );
}
