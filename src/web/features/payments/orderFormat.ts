import type { OrderDto, OrderState } from '../../../modules/payments/order.dto';

/** Pure helpers of the payment pages: money in integer cents, order state labels, the reservation countdown. */

const groupedDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Integer cents as US dollars with cents ("$1,250.00", "-$5.00"); empty for no amount. Integer arithmetic only. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const abs = Math.abs(Math.round(cents));
  const dollars = groupedDollars.format(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

/**
 * An exact decimal string from the API ("1234.5", "-12.00", "7") as integer cents, without floating point;
 * null for anything else. Digits past the cents are refused, not rounded.
 */
export function toCents(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const text = String(amount).trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

/** A decimal amount from the API shown with cents ("$1,250.00"); empty when it is not an amount. */
export const formatAmount = (amount: string | number | null | undefined) => formatCents(toCents(amount));

/**
 * Shipping on an order, said the same way in the order summary and at checkout (issue 34): an auction's shipping
 * cost is part of the total; a Buy Now part carries no shipping price, so the buyer arranges and pays shipping with
 * the seller, as the policy says (docs/decisions/payments.md). It is never called "Free".
 */
export function shippingTerms(order: Pick<OrderDto, 'shippingCost'>): { amount: string; note: string } {
  const cents = toCents(order.shippingCost) ?? 0;
  return cents > 0
    ? { amount: formatCents(cents), note: `Shipping (${formatCents(cents)}) is included in your total.` }
    : { amount: 'Arranged with seller', note: 'Shipping is not in this total: you arrange and pay it with the seller (see their terms).' };
}

export const ORDER_STATE_LABEL: Record<OrderState, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
};

export type ChipTone = 'amber' | 'blue' | 'green' | 'grey' | 'red';

const STATE_TONE: Record<OrderState, ChipTone> = {
  pending_payment: 'amber',
  paid: 'blue',
  shipped: 'blue',
  delivered: 'green',
  completed: 'green',
  cancelled: 'grey',
  refunded: 'grey',
  partially_refunded: 'grey',
  disputed: 'red',
};

export const CHIP_CLASS: Record<ChipTone, string> = {
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  blue: 'border-blue-200 bg-blue-50 text-blue-800',
  green: 'border-green-200 bg-green-50 text-green-800',
  grey: 'border-line bg-paper text-muted',
  red: 'border-red-200 bg-red-50 text-red-800',
};

/** The label of a state; an unknown value (a newer server) shows as itself, spaced. */
export function orderStateLabel(state: string): string {
  return (ORDER_STATE_LABEL as Record<string, string>)[state] ?? state.replaceAll('_', ' ');
}

/** The chip colour of a state (grey for an unknown one). */
export function orderStateTone(state: string): ChipTone {
  return (STATE_TONE as Record<string, ChipTone>)[state] ?? 'grey';
}

/** How long a Buy Now reservation holds the part (issue 22: 15 minutes from checkout start). */
export const RESERVATION_MS = 15 * 60_000;

/** Milliseconds left until `expiresAt` (never below zero); null without a deadline. */
export function remainingMs(expiresAt: string | null | undefined, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** A countdown as "mm:ss" under an hour, else "h:mm:ss" (rounded up, so 0:00 only at the end). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/**
 * Where a payment the buyer just confirmed stands: paid once the order left `pending_payment`, failed when the
 * newest charge failed (a declined card reported by the provider), else still waiting for the provider's event.
 */
export function paymentOutcome(order: Pick<OrderDto, 'state' | 'payments'>): 'paid' | 'failed' | 'cancelled' | 'waiting' {
  if (order.state === 'cancelled') return 'cancelled';
  if (order.state !== 'pending_payment') return 'paid';
  const charges = order.payments.filter((p) => p.kind === 'charge').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return charges.at(-1)?.status === 'failed' ? 'failed' : 'waiting';
}
