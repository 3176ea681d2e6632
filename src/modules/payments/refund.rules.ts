import { formatCents } from '../../platform/money.js';
import type { OrderState } from './order.dto.js';

/**
 * The pure rules of refunds (issue 31): what a refund may take, what a provider's refund event means while
 * refunds of ours are in flight, and the keys a refund is known by. No I/O; unit-tested in refund.rules.spec.ts.
 */

/** States an order can be refunded in (money was taken and not all of it returned). */
export const REFUNDABLE: readonly OrderState[] = ['paid', 'shipped', 'delivered', 'completed', 'partially_refunded', 'disputed', 'cancelled'];

/** What the order's lock sees when a refund asks: the order's money and the movements in flight. */
export interface RefundFacts {
  state: OrderState;
  paid: boolean;
  totalCents: number;
  refundedCents: number;
  /** Refunds admitted but not answered by the provider yet (they count as made until they fail). */
  pendingRefundCents: number;
  /** An escrow release being sent to the seller (its amount depends on what is refunded: no refund meanwhile). */
  transferPending: boolean;
}

/** A refusal: the AppError kind, code and message the caller answers. */
export interface RefundRefusal {
  kind: 'invalid' | 'conflict';
  code: string;
  message: string;
}

/** What is left to refund: the total less what is refunded and what is being refunded. */
export const refundableCents = (f: Pick<RefundFacts, 'totalCents' | 'refundedCents' | 'pendingRefundCents'>): number =>
  Math.max(0, f.totalCents - f.refundedCents - f.pendingRefundCents);

/** Whether a refund of `amountCents` may be reserved now; null when it may, else why not. */
export function refundRefusal(f: RefundFacts, amountCents: number): RefundRefusal | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return { kind: 'invalid', code: 'validation_failed', message: 'The refund must be at least $0.01' };
  }
  // A refunded order is refused for what is left (nothing), as the refund that made it so would have refused it.
  if (!f.paid || (!REFUNDABLE.includes(f.state) && f.state !== 'refunded')) {
    return { kind: 'conflict', code: 'order_not_refundable', message: 'Only a paid order can be refunded' };
  }
  if (f.transferPending) {
    return { kind: 'conflict', code: 'escrow_release_in_progress', message: 'The escrow is being released to the seller right now; try the refund again in a minute' };
  }
  const left = refundableCents(f);
  if (amountCents <= left) return null;
  const inFlight = f.pendingRefundCents > 0 ? ` ($${formatCents(f.pendingRefundCents)} more is being refunded right now)` : '';
  const message = left === 0
    ? `Nothing is left to refund on this order${inFlight}`
    : `A refund of $${formatCents(amountCents)} is more than the $${formatCents(left)} left to refund on this order${inFlight}`;
  return { kind: 'conflict', code: 'refund_exceeds_remaining', message };
}

/**
 * A provider's refund event (`charge.refunded`: the charge's refunds add up to `providerRefundedCents`) for an
 * order that has `refundedCents` applied: `applied` when it says nothing new; `defer` while a refund or an escrow
 * release of ours is in flight on the order (the new amount may be ours, made a moment ago, or someone else's:
 * the provider sends the event again later, once ours are settled); else `apply` the difference.
 */
export function providerRefundStep(providerRefundedCents: number, refundedCents: number, moneyInFlight: boolean): 'applied' | 'defer' | 'apply' {
  if (!Number.isSafeInteger(providerRefundedCents) || providerRefundedCents <= refundedCents) return 'applied';
  return moneyInFlight ? 'defer' : 'apply';
}

/** The provider's idempotency key of one refund (its `order_payments` row): one refund per request, never two. */
export const refundProviderKey = (orderId: string, refundId: string) => `order-${orderId}-refund-${refundId}`;

/**
 * What an Idempotency-Key of a console refund stands for: this order, this amount. The same key again with the
 * same order and amount is the same refund; with another order or amount it is refused.
 */
export const refundKeyScope = (orderId: string, amountCents: number) => `POST /api/admin/orders/${orderId}/refund ${formatCents(amountCents)}`;

/** Waits between looks at a refund whose Idempotency-Key another request holds: short at first, then longer. */
export function keyWaitMs(attempt: number): number {
  return Math.min(250, 20 * 2 ** Math.min(attempt, 4));
}

/**
 * The idempotency key of the escrow transfer reversal that goes with refunds reaching `refundedTo` cents in all
 * (like the refund's own key). Stored as the reversal's `provider_ref` until the provider answers with its id.
 */
export const transferReversalKey = (orderId: string, refundedTo: number) => `order-${orderId}-transfer-reversal-to-${refundedTo}`;

/** The refunded total a transferReversalKey names, or null for any other text. */
export const refundedToOfReversalKey = (key: string): number | null => {
  const n = Number(/-transfer-reversal-to-(\d+)$/.exec(key)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(n) ? n : null;
};
