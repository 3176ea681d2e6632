import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { PAYMENTS_EVENTS } from '../../payments/index.js';
import { dollars, type Notice, type NoticeSource } from './notice.js';

const orderEvent = z.object({
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  // null for a reverse-auction award, which names no listed part (payments' OrderEventPayload).
  partId: z.uuid().nullable(),
  source: z.string(),
  totalCents: z.number().int(),
  reason: z.enum(['unpaid', 'buyer', 'seller', 'admin']).nullish(),
});

/** The notices of an order's step (PAYMENTS_EVENTS): to the buyer, the seller, or both (a cancellation). */
async function orderNotices(event: string, o: z.infer<typeof orderEvent>, partTitle: (id: string) => Promise<string | null>): Promise<Notice[]> {
  const title = (o.partId ? await partTitle(o.partId) : null) ?? 'your order';
  const buyer = (notificationType: string, heading: string, message: string, link = `/account/orders/${o.orderId}`): Notice => ({
    userId: o.buyerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link,
  });
  const seller = (notificationType: string, heading: string, message: string): Notice => ({
    userId: o.sellerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link: '/my-sales',
  });
  switch (event) {
    case PAYMENTS_EVENTS.orderCreated:
      // A buy-now buyer is at the checkout already; every other order waits for a payment the buyer must start.
      return o.source === 'buy_now' ? [] : [buyer('order_payment_due', 'Payment due', `Pay ${dollars(o.totalCents)} to complete "${title}".`, `/checkout/${o.orderId}`)];
    case PAYMENTS_EVENTS.orderPaid:
      return [seller('order_paid', 'New sale: ship it', `"${title}" was paid (${dollars(o.totalCents)}). Please ship it.`)];
    case PAYMENTS_EVENTS.orderShipped:
      return [buyer('order_shipped', 'Your order has shipped', `"${title}" is on its way.`)];
    case PAYMENTS_EVENTS.orderDelivered:
      return [seller('order_delivered', 'Order delivered', `"${title}" was delivered to the buyer.`)];
    case PAYMENTS_EVENTS.orderCompleted:
      return [seller('order_completed', 'Order completed', `The sale of "${title}" is complete.`)];
    case PAYMENTS_EVENTS.orderCancelled: {
      const why = o.reason === 'unpaid' ? ' (not paid in time)' : '';
      const notices: Notice[] = [];
      if (o.reason !== 'buyer') notices.push(buyer('order_cancelled', 'Order cancelled', `Your order of "${title}" was cancelled${why}.`));
      if (o.reason !== 'seller') notices.push(seller('order_cancelled', 'Order cancelled', `The order of "${title}" was cancelled${why}.`));
      return notices;
    }
    case PAYMENTS_EVENTS.orderRefunded:
      return [buyer('order_refunded', 'Refund issued', `You were refunded for "${title}".`)];
    case PAYMENTS_EVENTS.orderDisputed:
      return [seller('order_disputed', 'A buyer opened a dispute', `The buyer of "${title}" opened a dispute.`)];
    default:
      return [];
  }
}

/** Every step of an order (PAYMENTS_EVENTS), named by its part. */
export const ordersNotices: NoticeSource = {
  events: Object.values(PAYMENTS_EVENTS),
  notices(event, raw, { partTitle }) {
    return orderNotices(event, parseOrThrow(orderEvent, raw), partTitle);
  },
};
