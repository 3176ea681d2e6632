/** Commission and refund arithmetic in integer cents (the rounding rule is in docs/decisions/payments.md). */

/** One tier as the admin sets it: `ratePercent` % of the part of the price above `from` dollars. */
export interface CommissionTier {
  from: number;
  ratePercent: number;
}

/** The default tiers: 7 % of the first $1,000, 5 % up to $5,000, 3 % above. */
export const DEFAULT_COMMISSION_TIERS: CommissionTier[] = [
  { from: 0, ratePercent: 7 },
  { from: 1000, ratePercent: 5 },
  { from: 5000, ratePercent: 3 },
];

/** Escrow is offered (and recommended) from this total, in cents ($5,000). */
export const ESCROW_THRESHOLD_CENTS = 500_000;

/** Integer `a * b / c`, rounded half up, for non-negative integers (exact below 2^53). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) throw new Error('division by zero');
  const product = a * b;
  if (!Number.isSafeInteger(product)) throw new Error('amount too large');
  return Math.floor((2 * product + c) / (2 * c));
}

/**
 * The commission on `priceCents` by the tiers: each slice of the price is charged its tier's rate in basis
 * points, the slices are summed exactly (in 1/10,000 of a cent) and the sum is rounded half up to a cent once.
 */
export function commissionCents(priceCents: number, tiers: readonly CommissionTier[]): number {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new Error('the price must be whole cents');
  const sorted = [...tiers].sort((a, b) => a.from - b.from);
  let units = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = Math.round(sorted[i]!.from * 100);
    const end = i + 1 < sorted.length ? Math.round(sorted[i + 1]!.from * 100) : Number.POSITIVE_INFINITY;
    if (priceCents <= start) break;
    const slice = Math.min(priceCents, end) - start;
    units += slice * Math.round(sorted[i]!.ratePercent * 100);
  }
  if (!Number.isSafeInteger(units)) throw new Error('amount too large');
  return Math.floor((units + 5000) / 10_000);
}

/**
 * The commission returned when refunds reach `refundedCents` of `totalCents` in all: the commission in the same
 * proportion, rounded half up, computed on the running total so that partial refunds never drift and a full
 * refund returns exactly the commission.
 */
export function commissionReturnedCents(commission: number, refundedCents: number, totalCents: number): number {
  if (totalCents === 0) return 0;
  if (refundedCents >= totalCents) return commission;
  return mulDivRound(commission, refundedCents, totalCents);
}
