import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { PAYMENTS_EVENTS } from '../../payments/index.js';
import { dollars, peopleTime, quoted, type Notice, type NoticeSource } from './notice.js';

const orderEvent = z.object({
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  // null for a reverse-auction award, which names no listed part (payments' OrderEventPayload).
  partId: z.uuid().nullable(),
  source: z.string(),
  totalCents: z.number().int(),
  reason: z.enum(['unpaid', 'buyer', 'seller', 'admin']).nullish(),
  // On payments.order.created: when an unpaid order is cancelled.
  payBy: z.iso.datetime({ offset: true }).nullish(),
});

/**
 * The notices of an order's step (PAYMENTS_EVENTS): to the buyer, the seller, or both (a cancellation). `title` is
 * the part's, or the order's own (a reverse award names no listed part), or null when neither is known.
 */
export function orderNotices(event: string, o: z.infer<typeof orderEvent>, title: string | null): Notice[] {
  // The part by its name in quotes; without one, the order itself ("your order" to the buyer, "the order" to the seller).
  const yours = title ? quoted(title) : 'your order';
  const theirs = title ? quoted(title) : 'the order';
  const buyer = (notificationType: string, heading: string, message: string, link = `/account/orders/${o.orderId}`): Notice => ({
    userId: o.buyerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link,
  });
  const seller = (notificationType: string, heading: string, message: string): Notice => ({
    userId: o.sellerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link: '/my-sales',
  });
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  switch (event) {
    case PAYMENTS_EVENTS.orderCreated: {
      // A buy-now buyer is at the checkout already; every other order waits for a payment the buyer must start.
      if (o.source === 'buy_now') return [];
      const by = o.payBy ? ` by ${peopleTime(o.payBy)}, or the order is cancelled` : ' at the checkout';
      return [buyer('order_payment_due', 'Payment due', `Payment is due now: pay ${dollars(o.totalCents)} for ${yours}${by}.`, `/checkout/${o.orderId}`)];
    }
    case PAYMENTS_EVENTS.orderPaid:
      return [seller('order_paid', 'New sale: ship it', `${capital(theirs)} was paid (${dollars(o.totalCents)}). Please ship it.`)];
    case PAYMENTS_EVENTS.orderShipped:
      return [buyer('order_shipped', 'Your order has shipped', `${capital(yours)} is on its way.`)];
    case PAYMENTS_EVENTS.orderDelivered:
      return [seller('order_delivered', 'Order delivered', `${capital(theirs)} was delivered to the buyer.`)];
    case PAYMENTS_EVENTS.orderCompleted:
      return [seller('order_completed', 'Order completed', `The sale of ${theirs} is complete.`)];
    case PAYMENTS_EVENTS.orderCancelled: {
      const why = o.reason === 'unpaid' ? ' (not paid in time)' : '';
      const notices: Notice[] = [];
      if (o.reason !== 'buyer') notices.push(buyer('order_cancelled', 'Order cancelled', title ? `Your order of ${yours} was cancelled${why}.` : `Your order was cancelled${why}.`));
      if (o.reason !== 'seller') notices.push(seller('order_cancelled', 'Order cancelled', title ? `The order of ${theirs} was cancelled${why}.` : `The order was cancelled${why}.`));
      return notices;
    }
    case PAYMENTS_EVENTS.orderRefunded:
      return [buyer('order_refunded', 'Refund issued', `You were refunded for ${yours}.`)];
    case PAYMENTS_EVENTS.orderDisputed:
      return [seller('order_disputed', 'A buyer opened a dispute', title ? `The buyer of ${theirs} opened a dispute.` : 'The buyer opened a dispute on the order.')];
    default:
      return [];
  }
}

/** Every step of an order (PAYMENTS_EVENTS), named by its part. */
export const ordersNotices: NoticeSource = {
  events: Object.values(PAYMENTS_EVENTS),
  async notices(event, raw, { partTitle, orderPartTitle }) {
    const o = parseOrThrow(orderEvent, raw);
    // The part's name, else the order's own (a reverse award's request title), else none.
    const title = (o.partId ? await partTitle(o.partId) : null) ?? (await orderPartTitle(o.orderId));
    return orderNotices(event, o, title);
  },
};
