import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canDo,
  preferenceBlock,
  returnEligibility,
  returnShippingPaidBy,
  type ReturnCase,
} from './return.rules.js';

const delivered = new Date('2026-03-02T10:00:00Z'); // a Monday
const base: ReturnCase = { state: 'delivered', source: 'buy_now', finalSale: false, deliveredAt: delivered, category: 'brakes', title: 'Brake caliper' };

describe('addBusinessDays', () => {
  it('adds days within a week', () => {
    expect(addBusinessDays(new Date('2026-03-02T10:00:00Z'), 3).toISOString()).toBe('2026-03-05T10:00:00.000Z');
  });
  it('skips the weekend from a Friday', () => {
    expect(addBusinessDays(new Date('2026-03-06T15:30:00Z'), 3).toISOString()).toBe('2026-03-11T15:30:00.000Z');
  });
  it('skips the weekend from a Wednesday', () => {
    expect(addBusinessDays(new Date('2026-03-04T09:00:00Z'), 3).toISOString()).toBe('2026-03-09T09:00:00.000Z');
  });
  it('counts a Saturday start from Monday midnight', () => {
    expect(addBusinessDays(new Date('2026-03-07T22:00:00Z'), 3).toISOString()).toBe('2026-03-12T00:00:00.000Z');
  });
  it('counts a Sunday start from Monday midnight', () => {
    expect(addBusinessDays(new Date('2026-03-08T01:00:00Z'), 1).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
  it('adds nothing for zero days on a weekday', () => {
    expect(addBusinessDays(new Date('2026-03-03T01:00:00Z'), 0).toISOString()).toBe('2026-03-03T01:00:00.000Z');
  });
});

describe('returnEligibility', () => {
  const now = new Date('2026-03-04T10:00:00Z');
  it('accepts any reason for an ordinary part inside the window', () => {
    for (const reason of ['not as described', 'damaged in transit', 'wrong item', "doesn't fit", 'changed my mind'] as const) {
      expect(returnEligibility(base, reason, now)).toEqual({ ok: true });
    }
  });
  it('refuses before delivery', () => {
    expect(returnEligibility({ ...base, state: 'shipped', deliveredAt: null }, 'wrong item', now)).toMatchObject({ ok: false, code: 'not_delivered' });
  });
  it('refuses after the 7-day window with the end date', () => {
    const late = returnEligibility(base, 'wrong item', new Date('2026-03-09T10:00:01Z'));
    expect(late).toMatchObject({ ok: false, code: 'return_window_ended' });
    expect(late.ok ? '' : late.message).toContain('Mar 9, 2026');
    expect(returnEligibility(base, 'wrong item', new Date('2026-03-09T10:00:00Z'))).toEqual({ ok: true });
  });
  it.each([
    ['final sale', { finalSale: true }, 'A Final Sale item'],
    ['electrical', { category: 'electrical' }, 'An electrical part'],
    ['custom', { title: 'Custom aluminium radiator' }, 'A custom or modified part'],
    ['modified', { title: 'Modified 2-barrel carburetor' }, 'A custom or modified part'],
    ['auction win', { source: 'auction_won' }, 'An auction win'],
    ['second chance', { source: 'second_chance' }, 'An auction win'],
  ] as const)('refuses a %s item for preference reasons but not for faults', (_name, patch, what) => {
    const c = { ...base, ...patch };
    expect(preferenceBlock(c)).toBe(what);
    for (const reason of ["doesn't fit", 'changed my mind'] as const) {
      const result = returnEligibility(c, reason, now);
      expect(result).toMatchObject({ ok: false, code: 'not_returnable_for_reason' });
      expect(result.ok ? '' : result.message).toContain(what);
    }
    for (const reason of ['not as described', 'damaged in transit', 'wrong item'] as const) {
      expect(returnEligibility(c, reason, now)).toEqual({ ok: true });
    }
  });
});

describe('return shipping and states', () => {
  it('puts return shipping on the seller for misrepresented parts only', () => {
    expect(returnShippingPaidBy('not as described')).toBe('seller');
    expect(returnShippingPaidBy('wrong item')).toBe('seller');
    expect(returnShippingPaidBy('damaged in transit')).toBe('carrier_claim');
    expect(returnShippingPaidBy("doesn't fit")).toBe('buyer');
    expect(returnShippingPaidBy('changed my mind')).toBe('buyer');
  });
  it('allows actions only from their states', () => {
    expect(canDo('approve', 'requested')).toBe(true);
    expect(canDo('approve', 'declined')).toBe(false);
    expect(canDo('escalate', 'declined')).toBe(true);
    expect(canDo('escalate', 'requested')).toBe(false);
    expect(canDo('refund', 'received')).toBe(true);
    expect(canDo('refund', 'refunded')).toBe(false);
  });
});

describe("a 'doesn't fit' the seller said would fit", () => {
  const now = new Date('2026-03-03T10:00:00Z');
  const finalSale = { state: 'delivered', source: 'buy_now', finalSale: true, deliveredAt: new Date('2026-03-02T10:00:00Z'), category: null, title: 'Head' };
  it('is accepted for final-sale items and auction wins, the seller paying shipping', () => {
    expect(returnEligibility(finalSale, "doesn't fit", now, true)).toEqual({ ok: true });
    expect(returnEligibility({ ...finalSale, source: 'auction_won' }, "doesn't fit", now, true)).toEqual({ ok: true });
    expect(returnShippingPaidBy("doesn't fit", true)).toBe('seller');
  });
  it('counts for no other reason, and without the answer the FAQ rules stand', () => {
    expect(returnEligibility(finalSale, 'changed my mind', now, true)).toMatchObject({ ok: false, code: 'not_returnable_for_reason' });
    expect(returnEligibility(finalSale, "doesn't fit", now, false)).toMatchObject({ ok: false, code: 'not_returnable_for_reason' });
    expect(returnShippingPaidBy('changed my mind', true)).toBe('buyer');
  });
});
