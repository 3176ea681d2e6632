import { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The order's time limits (spec policy and issue 22). */
export const ORDER_TIMES = {
  /** Buy Now (and offers at a fixed price): the part is reserved this long from checkout start. */
  buyNowPayWindow: 15 * MINUTE,
  /** Auction wins, Buy It Now on auctions, reverse awards, offers: the buyer pays within 48 hours. */
  auctionPayWindow: 48 * HOUR,
  shipReminder: 48 * HOUR,
  shipBy: 72 * HOUR,
  autoDeliver: 14 * DAY,
  returnWindow: 7 * DAY,
  inspection: 3 * DAY,
} as const;

/** Task names of this module. */
export const PAYMENTS_TASKS = {
  cancelUnpaid: 'payments/cancel-unpaid',
  shipReminder: 'payments/ship-reminder',
  shipLate: 'payments/ship-late',
  autoDeliver: 'payments/auto-deliver',
  complete: 'payments/complete',
  escrowRelease: 'payments/escrow-release',
  refundLatePayment: 'payments/refund-late-payment',
  onAuctionWon: 'payments/order-auction-won',
  onQuoteAccepted: 'payments/order-quote-accepted',
  onReturnRequested: 'payments/escrow-hold',
  notify: 'payments/notify',
  onReturnEnded: 'payments/escrow-unhold',
  providerFee: 'payments/provider-fee',
  transferReversal: 'payments/transfer-reversal',
  settle: 'payments/settle',
} as const;

export type OrderTimer = 'cancelUnpaid' | 'shipReminder' | 'shipLate' | 'autoDeliver' | 'complete' | 'escrowRelease' | 'refundLatePayment';

/** One pending job per order and timer. */
export const orderJobKey = (timer: OrderTimer, orderId: string) => `order-${timer}:${orderId}`;

/** One pending read of an order's provider fee. */
export const providerFeeJobKey = (orderId: string) => `order-providerFee:${orderId}`;

/** One pending run of an order's owed escrow transfer reversals. */
export const transferReversalJobKey = (orderId: string) => `order-transferReversal:${orderId}`;

/** One pending settling of an order's money in flight (refunds and an escrow release whose answer never came). */
export const settleJobKey = (orderId: string) => `order-settle:${orderId}`;

/**
 * How long a refund or escrow release may wait for the provider's answer before the settle job takes it over
 * (asks again under its key): far longer than a request waits for Stripe (20 s, two retries).
 */
export const SETTLE_AFTER = 5 * MINUTE;

export const orderJobPayload = z.object({ orderId: z.uuid() });
