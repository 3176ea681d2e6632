import { z } from 'zod';
import { storedCents } from '../../platform/money.js';
import type { OrderSource } from './order.dto.js';
import type { Order } from './order.entity.js';

/** Events the payments module publishes (payload: OrderEventPayload). */
export const PAYMENTS_EVENTS = {
  /** An order was created, waiting for payment. */
  orderCreated: 'payments.order.created',
  /** The buyer's payment succeeded; the part is sold. */
  orderPaid: 'payments.order.paid',
  /** The seller shipped (carrier and tracking number on the order). */
  orderShipped: 'payments.order.shipped',
  /** The buyer confirmed delivery, or 14 days after shipping passed. */
  orderDelivered: 'payments.order.delivered',
  /** The return window ended; the sale is final. */
  orderCompleted: 'payments.order.completed',
  /** The order was cancelled (reason: unpaid, buyer, seller, admin). */
  orderCancelled: 'payments.order.cancelled',
  /** Money was refunded, fully or partly. */
  orderRefunded: 'payments.order.refunded',
  /** The buyer's bank opened a dispute. */
  orderDisputed: 'payments.order.disputed',
} as const;

/** The payload of every payments event. `partId` is null for a reverse-auction award (no listed part). */
export interface OrderEventPayload {
  orderId: string;
  buyerId: string;
  sellerId: string;
  partId: string | null;
  source: OrderSource;
  sourceId: string | null;
  totalCents: number;
  reason?: 'unpaid' | 'buyer' | 'seller' | 'admin' | null;
  /**
   * On `payments.order.cancelled` only: true when the order had been paid (so it had sold its part) and was
   * cancelled before shipping with a full refund; false for an unpaid order (the part was only reserved).
   */
  paid?: boolean;
  /** On `payments.order.created` only: the moment an unpaid order is cancelled (ISO), so notices can name the deadline. */
  payBy?: string;
}

/** The payload of every order event, from the order as it is after the change. */
export const orderEvent = (
  o: Pick<Order, 'id' | 'buyerId' | 'sellerId' | 'partId' | 'source' | 'sourceId' | 'total'>,
  reason: OrderEventPayload['reason'] = null,
): OrderEventPayload => ({
  orderId: o.id,
  buyerId: o.buyerId,
  sellerId: o.sellerId,
  partId: o.partId,
  source: o.source,
  sourceId: o.sourceId,
  totalCents: storedCents(o.total),
  reason,
});

/** Events of other modules this module listens to. */
export const PAYMENTS_SUBSCRIBED_EVENTS = {
  auctionWon: 'auctions.auction.won',
  quoteAccepted: 'reverse.quote.accepted',
  /** The returns module: a buyer requested a return (holds escrow), and the ways a return ends (let it go). */
  returnRequested: 'returns.return.requested',
  returnEscalated: 'returns.return.escalated',
  returnDeclined: 'returns.return.declined',
  returnRefunded: 'returns.return.refunded',
  returnClosed: 'returns.return.closed',
} as const;

/** The facts of a returns event payments needs. */
export const returnEvent = z.object({ event: z.string(), payload: z.object({ orderId: z.uuid() }) });

export const auctionWonEvent = z.object({
  event: z.string(),
  payload: z.object({
    auctionId: z.uuid(),
    partId: z.uuid(),
    sellerId: z.uuid(),
    winnerId: z.uuid(),
    amount: z.string(),
    /** Set by Buy It Now sales, when the auctions module tells them apart. */
    buyItNow: z.boolean().optional(),
  }),
});

export const quoteAcceptedEvent = z.object({
  event: z.string(),
  payload: z.object({
    reverseAuctionId: z.uuid(),
    bidId: z.uuid(),
    buyerId: z.uuid(),
    sellerId: z.uuid(),
    amount: z.string(),
    title: z.string(),
  }),
});
