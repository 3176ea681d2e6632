import { describe, expect, it } from 'vitest';
import { commissionCents, commissionReturnedCents, DEFAULT_COMMISSION_TIERS, mulDivRound } from './commission.rules.js';

describe('commission tiers', () => {
  const c = (cents: number) => commissionCents(cents, DEFAULT_COMMISSION_TIERS);
  it('charges 7 % up to $1,000: $999.99 pays $70.00 (69.9993 rounded half up)', () => {
    expect(c(99_999)).toBe(7000);
  });
  it('charges exactly $70.00 at $1,000.00', () => {
    expect(c(100_000)).toBe(7000);
  });
  it('charges 5 % of the slice above $1,000: $4,999.99 pays $270.00 (269.9995 rounded half up)', () => {
    expect(c(499_999)).toBe(27_000);
  });
  it('charges exactly $270.00 at $5,000.00, and 3 % above', () => {
    expect(c(500_000)).toBe(27_000);
    expect(c(500_100)).toBe(27_003);
    expect(c(1_000_000)).toBe(42_000);
  });
  it('stays between 3 % and 7 % of the price', () => {
    for (const cents of [1, 50, 99_999, 100_001, 777_777, 99_999_999]) {
      expect(c(cents)).toBeLessThanOrEqual(Math.ceil(cents * 0.07));
      expect(c(cents)).toBeGreaterThanOrEqual(Math.floor(cents * 0.03));
    }
  });
  it('reads the tiers in any order, with fractional rates', () => {
    expect(commissionCents(200_000, [{ from: 1000, ratePercent: 2.5 }, { from: 0, ratePercent: 10 }])).toBe(12_500);
  });
  it('refuses fractions of a cent', () => {
    expect(() => c(10.5)).toThrow();
  });
});

describe('commission returned in proportion', () => {
  it('returns the whole commission on a full refund and never drifts over partial ones', () => {
    expect(commissionReturnedCents(7000, 100_000, 100_000)).toBe(7000);
    expect(commissionReturnedCents(7001, 33_333, 100_000)).toBe(2334);
    expect(commissionReturnedCents(7001, 66_666, 100_000)).toBe(4667);
  });
  it('rounds half up', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(1, 1, 3)).toBe(0);
  });
});
