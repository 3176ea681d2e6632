import type { LedgerAccount, LedgerEntryDto } from './order.dto.js';
import { commissionReturnedCents } from './commission.rules.js';

type Kind = LedgerEntryDto['kind'];

/** One ledger line before it is stored: a signed amount in cents (positive: into the account). */
export interface LedgerLine {
  account: LedgerAccount;
  kind: Kind;
  cents: number;
  memo?: string;
}

/** A movement of `cents` from one account to another: two lines that add up to zero. */
export function move(kind: Kind, from: LedgerAccount, to: LedgerAccount, cents: number, memo?: string): LedgerLine[] {
  if (cents === 0) return [];
  return [
    { account: from, kind, cents: -cents, memo },
    { account: to, kind, cents, memo },
  ];
}

/**
 * The provider's processing fee of a payment: the marketplace pays it (a destination charge and an escrow charge
 * are both the platform's charges). None when it is unknown or 0 (the test provider). Refunds never return it.
 */
export function providerFeeLines(feeCents: number | null | undefined, memo?: string): LedgerLine[] {
  if (!feeCents || !Number.isInteger(feeCents) || feeCents < 0) return [];
  return move('provider_fee', 'marketplace', 'provider', feeCents, memo);
}

/**
 * The provider's own fee in a Stripe balance transaction, in cents: the sum of its `fee_details` other than an
 * application fee (which is the marketplace's commission, not a cost), or `fee` when no details are given. Null
 * when the object is not a balance transaction with a fee.
 */
export function balanceTransactionFeeCents(bt: unknown): number | null {
  if (!bt || typeof bt !== 'object') return null;
  const { fee, fee_details: details } = bt as { fee?: unknown; fee_details?: unknown };
  if (Array.isArray(details) && details.length) {
    let cents = 0;
    for (const d of details as { amount?: unknown; type?: unknown }[]) {
      if (d?.type === 'application_fee') continue;
      if (typeof d?.amount !== 'number' || !Number.isInteger(d.amount)) return null;
      cents += d.amount;
    }
    return cents;
  }
  return typeof fee === 'number' && Number.isInteger(fee) ? fee : null;
}

/** The lines of a paid order. Direct (destination charge): the buyer pays the seller, the seller pays the commission. Escrow: the money is held. */
export function paymentLines(o: { totalCents: number; commissionCents: number; escrow: boolean; providerFeeCents?: number | null }): LedgerLine[] {
  if (o.escrow) return [...move('escrow_hold', 'buyer', 'escrow', o.totalCents, 'Held in escrow'), ...providerFeeLines(o.providerFeeCents)];
  return [
    ...move('sale', 'buyer', 'seller', o.totalCents),
    ...move('commission', 'seller', 'marketplace', o.commissionCents),
    ...providerFeeLines(o.providerFeeCents),
  ];
}

/** The lines of an escrow release: what is left after refunds goes to the seller, less the commission left. */
export function escrowReleaseLines(o: { totalCents: number; refundedCents: number; commissionCents: number; commissionReturnedCents: number }): LedgerLine[] {
  const remaining = o.totalCents - o.refundedCents;
  return [
    ...move('escrow_release', 'escrow', 'seller', remaining, 'Released to the seller'),
    ...move('commission', 'seller', 'marketplace', o.commissionCents - o.commissionReturnedCents),
  ];
}

/**
 * The lines of a refund that brings the refunds to `newRefundedCents` in all. Direct: the seller gives the
 * refund back to the buyer and the marketplace returns the commission in proportion (transfer reversal).
 * Escrow not yet released: the refund leaves the escrow; the commission, never taken, shrinks. Escrow already
 * released (`escrowReleased`): the platform's charge is refunded from the platform's balance (marketplace to
 * buyer), and `reversalCents` is what the seller's transfer must give back, the refund less the commission
 * returned, the same proportions as a destination charge's `reverse_transfer` with `refund_application_fee`.
 * Its line (`transferReversalLines`) is booked when the reversal is made at the provider, not before. The
 * provider's fee is not returned by the provider on a refund: the marketplace keeps that cost, so no line undoes it.
 */
export function refundLines(o: {
  totalCents: number;
  commissionCents: number;
  refundedCents: number;
  newRefundedCents: number;
  escrowHeld: boolean;
  escrowReleased?: boolean;
}): { lines: LedgerLine[]; commissionReturnedCents: number; reversalCents: number } {
  const amount = o.newRefundedCents - o.refundedCents;
  const before = commissionReturnedCents(o.commissionCents, o.refundedCents, o.totalCents);
  const after = commissionReturnedCents(o.commissionCents, o.newRefundedCents, o.totalCents);
  if (o.escrowHeld) return { lines: move('refund', 'escrow', 'buyer', amount), commissionReturnedCents: after, reversalCents: 0 };
  if (o.escrowReleased) {
    return { lines: move('refund', 'marketplace', 'buyer', amount, 'Refunded from the platform balance'), commissionReturnedCents: after, reversalCents: amount - (after - before) };
  }
  return {
    lines: [...move('refund', 'seller', 'buyer', amount), ...move('commission_returned', 'marketplace', 'seller', after - before)],
    commissionReturnedCents: after,
    reversalCents: 0,
  };
}

/** A reversal of the seller's escrow transfer made at the provider: `cents` back from the seller to the marketplace. */
export function transferReversalLines(cents: number, memo?: string): LedgerLine[] {
  return move('transfer_reversal', 'seller', 'marketplace', cents, memo);
}

/** The sum of lines by account (a balanced set sums to zero over all accounts). */
export function balances(lines: readonly LedgerLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) out[l.account] = (out[l.account] ?? 0) + l.cents;
  return out;
}
