import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { auctionWonEvent, PAYMENTS_SUBSCRIBED_EVENTS, quoteAcceptedEvent, returnEvent } from './payments.events.js';

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

/** The time-driven steps of an order, each a task of the same name. */
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
export const SETTLE_AFTER = 5 * 60_000;

/** The payload of every per-order job. */
export const orderJobPayload = z.object({ orderId: z.uuid() });

/**
 * The services the tasks run, loaded when a task first runs: the services import this file's names and keys,
 * so this file imports none of them (a cycle would hand a service's decorators an undefined class).
 */
let loading: Promise<typeof import('./payments.task-services.js')> | undefined;
const services = () => (loading ??= import('./payments.task-services.js'));

const timer = (name: OrderTimer): TaskFactories[string] => (container) => async (payload) => {
  const { orderId } = parseOrThrow(orderJobPayload, payload);
  await container.get((await services()).OrderTimersService).run(name, orderId);
};

/** graphile-worker tasks of the payments module. */
export const paymentsTasks: TaskFactories = {
  /** Cancels an order not paid in time (15 minutes for Buy Now, 48 hours otherwise); idempotent. */
  [PAYMENTS_TASKS.cancelUnpaid]: timer('cancelUnpaid'),
  /** Reminds the seller to ship 48 hours after payment; idempotent. */
  [PAYMENTS_TASKS.shipReminder]: timer('shipReminder'),
  /** Flags a shipment late 72 hours after payment; idempotent. */
  [PAYMENTS_TASKS.shipLate]: timer('shipLate'),
  /** Marks a shipment delivered 14 days after shipping; idempotent. */
  [PAYMENTS_TASKS.autoDeliver]: timer('autoDeliver'),
  /** Completes an order when the 7-day return window ends; idempotent. */
  [PAYMENTS_TASKS.complete]: timer('complete'),
  /** Releases escrow when the 3-day inspection period after delivery ends; idempotent. */
  [PAYMENTS_TASKS.escrowRelease]: timer('escrowRelease'),
  /** Refunds a payment that succeeded after its order was cancelled; idempotent. */
  [PAYMENTS_TASKS.refundLatePayment]: timer('refundLatePayment'),
  /** Creates the winner's order of an auction (event `auctions.auction.won`); idempotent. */
  [PAYMENTS_TASKS.onAuctionWon]: (container) => async (payload) => {
    const { payload: won } = parseOrThrow(auctionWonEvent, payload);
    await container.get((await services()).OrderCreationService).createAuctionOrder({ auctionId: won.auctionId, partId: won.partId, winnerId: won.winnerId, amount: won.amount });
  },
  /** Creates the buyer's order of an awarded reverse request (event `reverse.quote.accepted`); idempotent. */
  [PAYMENTS_TASKS.onQuoteAccepted]: (container) => async (payload) => {
    const { payload: q } = parseOrThrow(quoteAcceptedEvent, payload);
    await container.get((await services()).OrderCreationService).createAwardOrder({ reverseAuctionId: q.reverseAuctionId, buyerId: q.buyerId, sellerId: q.sellerId, amount: q.amount, title: q.title });
  },
  /** Mails one step of an order to its buyer and seller (queued by the step's transaction). */
  [PAYMENTS_TASKS.notify]: (container) => async (payload) => {
    const { ORDER_MAIL_KINDS, OrderNotificationService } = await services();
    const p = parseOrThrow(z.object({ orderId: z.uuid(), kind: z.enum(ORDER_MAIL_KINDS), detail: z.string().nullable() }), payload);
    await container.get(OrderNotificationService).send(p.orderId, p.kind, p.detail);
  },
  /** Reads a Stripe payment's processing fee (its balance transaction) and books it once; idempotent. */
  [PAYMENTS_TASKS.providerFee]: (container) => async (payload) => {
    const { orderId } = parseOrThrow(orderJobPayload, payload);
    await container.get((await services()).PaymentEventsService).recordProviderFee(orderId);
  },
  /**
   * Reverses an order's owed escrow transfer reversals at the provider (refunds after the release); throws while
   * one fails, so graphile-worker retries it with its backoff. Idempotent (keyed per order and refunded total).
   */
  [PAYMENTS_TASKS.transferReversal]: (container) => async (payload) => {
    const { orderId } = parseOrThrow(orderJobPayload, payload);
    const result = await container.get((await services()).EscrowService).reverseTransfers(orderId);
    if (result.failed) throw new Error(`transfer reversal failed for order ${orderId}: ${result.error}`);
  },
  /**
   * Settles an order's money in flight whose request died or lost the provider's answer: asks the provider again
   * under each refund's and the release's own key (after looking for the refund by its metadata) and records
   * what was made, or frees what was refused; throws while the provider does not answer, so it is retried.
   */
  [PAYMENTS_TASKS.settle]: (container) => async (payload) => {
    const { orderId } = parseOrThrow(orderJobPayload, payload);
    await container.get((await services()).RefundService).settle(orderId);
  },
  /** Holds an escrowed order's money while its return request is open (event `returns.return.requested`); idempotent. */
  [PAYMENTS_TASKS.onReturnRequested]: (container) => async (payload) => {
    const { payload: r } = parseOrThrow(returnEvent, payload);
    await container.get((await services()).EscrowService).holdEscrow(r.orderId, true, 'Escrow held: the buyer requested a return');
  },
  /** Lets an escrowed order's money go when its return ends (declined, refunded, closed); idempotent. */
  [PAYMENTS_TASKS.onReturnEnded]: (container) => async (payload) => {
    const { payload: r } = parseOrThrow(returnEvent, payload);
    await container.get((await services()).EscrowService).holdEscrow(r.orderId, false, 'Escrow hold lifted: the return ended');
  },
};

/** Event subscriptions of the payments module. */
export const paymentsSubscriptions: Record<string, string[]> = {
  [PAYMENTS_SUBSCRIBED_EVENTS.auctionWon]: [PAYMENTS_TASKS.onAuctionWon],
  [PAYMENTS_SUBSCRIBED_EVENTS.quoteAccepted]: [PAYMENTS_TASKS.onQuoteAccepted],
  [PAYMENTS_SUBSCRIBED_EVENTS.returnRequested]: [PAYMENTS_TASKS.onReturnRequested],
  [PAYMENTS_SUBSCRIBED_EVENTS.returnEscalated]: [PAYMENTS_TASKS.onReturnRequested],
  [PAYMENTS_SUBSCRIBED_EVENTS.returnDeclined]: [PAYMENTS_TASKS.onReturnEnded],
  [PAYMENTS_SUBSCRIBED_EVENTS.returnRefunded]: [PAYMENTS_TASKS.onReturnEnded],
  [PAYMENTS_SUBSCRIBED_EVENTS.returnClosed]: [PAYMENTS_TASKS.onReturnEnded],
};
