import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCountdown,
  orderStateLabel,
  orderStateTone,
  remainingMs,
  toCents,
  paymentOutcome,
  formatAmount,
  shippingTerms,
} from './orderFormat';

describe('formatCents', () => {
  it('shows integer cents as dollars with two decimals and grouped thousands', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(99_999)).toBe('$999.99');
    expect(formatCents(125_000)).toBe('$1,250.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
  });

  it('puts the sign of a negative amount (a refund) before the dollar sign', () => {
    expect(formatCents(-500)).toBe('-$5.00');
  });

  it('is empty for no amount', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents(undefined)).toBe('');
    expect(formatCents(Number.NaN)).toBe('');
  });
});

describe('order state labels', () => {
  it('names every state in plain words', () => {
    expect(orderStateLabel('pending_payment')).toBe('Awaiting payment');
    expect(orderStateLabel('partially_refunded')).toBe('Partially refunded');
    expect(orderStateLabel('delivered')).toBe('Delivered');
  });

  it('shows an unknown state as itself, spaced, in grey', () => {
    expect(orderStateLabel('on_hold')).toBe('on hold');
    expect(orderStateTone('on_hold')).toBe('grey');
  });

  it('marks a dispute red and a delivered order green', () => {
    expect(orderStateTone('disputed')).toBe('red');
    expect(orderStateTone('delivered')).toBe('green');
  });
});

describe('the reservation countdown', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');

  it('counts the time left until the deadline, never below zero', () => {
    expect(remainingMs('2026-01-01T12:15:00Z', now)).toBe(15 * 60_000);
    expect(remainingMs('2026-01-01T11:00:00Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBeNull();
    expect(remainingMs('not a date', now)).toBeNull();
  });

  it('shows minutes and seconds, rounded up, and hours when there are any', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 7_000)).toBe('2:05:07');
  });
});

describe('toCents', () => {
  it('reads exact decimal strings as integer cents', () => {
    expect(toCents('1234.50')).toBe(123_450);
    expect(toCents('1234.5')).toBe(123_450);
    expect(toCents('7')).toBe(700);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('-12.34')).toBe(-1_234);
    expect(toCents('4999.99')).toBe(499_999);
  });

  it('refuses what is not an amount in cents', () => {
    expect(toCents('12.345')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents(null)).toBeNull();
  });

  it('formats API amounts with cents', () => {
    expect(formatAmount('5000.00')).toBe('$5,000.00');
    expect(formatAmount(undefined)).toBe('');
  });
});

describe('paymentOutcome', () => {
  const charge = (status: 'pending' | 'succeeded' | 'failed', createdAt: string) => ({
    id: createdAt,
    kind: 'charge' as const,
    provider: 'test' as const,
    providerRef: null,
    status,
    amount: '10.00',
    createdAt,
  });

  it('is paid once the order has left pending_payment', () => {
    expect(paymentOutcome({ state: 'paid', payments: [] })).toBe('paid');
    expect(paymentOutcome({ state: 'shipped', payments: [] })).toBe('paid');
  });

  it('is failed when the newest charge failed, and waiting while it is pending', () => {
    expect(paymentOutcome({ state: 'pending_payment', payments: [charge('failed', '2026-01-01T10:00:00Z')] })).toBe('failed');
    expect(
      paymentOutcome({ state: 'pending_payment', payments: [charge('pending', '2026-01-01T10:05:00Z'), charge('failed', '2026-01-01T10:00:00Z')] }),
    ).toBe('waiting');
    expect(paymentOutcome({ state: 'pending_payment', payments: [] })).toBe('waiting');
  });

  it('is cancelled when the reservation ran out meanwhile', () => {
    expect(paymentOutcome({ state: 'cancelled', payments: [] })).toBe('cancelled');
  });
});

describe('shippingTerms', () => {
  it('shows an auction shipping cost as part of the total', () => {
    expect(shippingTerms({ shippingCost: '25.00' })).toEqual({ amount: '$25.00', note: 'Shipping ($25.00) is included in your total.' });
  });
  it('says a Buy Now order leaves shipping to buyer and seller, never "Free"', () => {
    const terms = shippingTerms({ shippingCost: '0.00' });
    expect(terms.amount).toBe('Arranged with seller');
    expect(terms.note).toContain('you arrange and pay it with the seller');
  });
});
