import type { LedgerEntryDto, OrderDto, OrderState } from '../../modules/payments/order.dto';
import { REFUND_MESSAGES } from '../../modules/payments/payments.messages';
import { AMOUNT_MESSAGES } from '../../platform/amount.messages';

/** The console's order helpers, pure so they are unit-tested: state names, exact money, the ledger's balance, refund checks. */

export const orderStateChoices: { id: OrderState; name: string }[] = [
  { id: 'pending_payment', name: 'Awaiting payment' },
  { id: 'paid', name: 'Paid' },
  { id: 'shipped', name: 'Shipped' },
  { id: 'delivered', name: 'Delivered' },
  { id: 'completed', name: 'Completed' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'refunded', name: 'Refunded' },
  { id: 'partially_refunded', name: 'Partially refunded' },
  { id: 'disputed', name: 'Disputed' },
];

export const orderStateText = (state: string): string => orderStateChoices.find((c) => c.id === state)?.name ?? state;

/** An exact decimal string ("1234.5", "-7.00") as integer cents; null when it is not an amount with at most two decimals. */
export function centsOf(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Integer cents as "$1,234.50" ("-$5.00" for a negative amount). */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${grouped.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.50" from the API's decimal string; "—" when there is none. */
export const moneyText = (amount: string | null | undefined): string => {
  const cents = centsOf(amount);
  return cents === null ? '—' : centsText(cents);
};

/** The sum of an order's ledger entries in cents: zero when the books balance. */
export const ledgerBalanceCents = (entries: readonly Pick<LedgerEntryDto, 'amount'>[]): number =>
  entries.reduce((sum, e) => sum + (centsOf(e.amount) ?? 0), 0);

/** What is left to refund on an order, in cents. */
export const refundableCents = (order: Pick<OrderDto, 'total' | 'refunded'>): number =>
  Math.max(0, (centsOf(order.total) ?? 0) - (centsOf(order.refunded) ?? 0));

/** The refund dialog's checks: an amount over zero with at most two decimals, no more than is left, and a reason. */
export function refundErrors(amount: string, reason: string, maxCents: number): { amount?: string; reason?: string } {
  const errors: { amount?: string; reason?: string } = {};
  const cents = centsOf(amount.trim().replace(/^\$/, '').replaceAll(',', ''));
  if (cents === null) errors.amount = 'Enter an amount such as 125.00';
  else if (cents <= 0) errors.amount = AMOUNT_MESSAGES.aboveZero;
  else if (cents > maxCents) errors.amount = `At most ${centsText(maxCents)} is left to refund`;
  if (!reason.trim()) errors.reason = REFUND_MESSAGES.reason;
  return errors;
}

/** The amount as sent to the server: a plain decimal string ("1234.50"). */
export function refundAmountPayload(amount: string): string {
  const cents = centsOf(amount.trim().replace(/^\$/, '').replaceAll(',', '')) ?? 0;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The Idempotency-Key of a refund dialog's submission and the amount it was made for. */
export interface RefundSubmission {
  key: string;
  amount: string;
}

/**
 * The key to send with a refund dialog's submission: the same key while the dialog submits the same amount again
 * (a double click, a retry after a lost answer: the server makes one refund and answers each with it), a fresh one
 * (from `fresh`) for the dialog's first submission or another amount. A new dialog starts with none.
 */
export function refundSubmission(previous: RefundSubmission | null, amount: string, fresh: () => string): RefundSubmission {
  return previous && previous.amount === amount ? previous : { key: fresh(), amount };
}
