import { describe, expect, it } from 'vitest';
import { keyWaitMs, providerRefundStep, refundableCents, refundKeyScope, refundProviderKey, refundRefusal, type RefundFacts } from './refund.rules.js';

const facts = (over: Partial<RefundFacts> = {}): RefundFacts => ({
  state: 'paid',
  paid: true,
  totalCents: 8000,
  refundedCents: 0,
  pendingRefundCents: 0,
  transferPending: false,
  ...over,
});

describe('what a refund may take', () => {
  it('leaves the total less what is refunded and what is being refunded', () => {
    expect(refundableCents(facts())).toBe(8000);
    expect(refundableCents(facts({ refundedCents: 2000, pendingRefundCents: 500 }))).toBe(5500);
    expect(refundableCents(facts({ refundedCents: 6000, pendingRefundCents: 6000 }))).toBe(0);
  });

  it('admits a refund up to what is left, to the cent', () => {
    expect(refundRefusal(facts(), 8000)).toBeNull();
    expect(refundRefusal(facts({ refundedCents: 1999, pendingRefundCents: 1 }), 6000)).toBeNull();
  });

  it('refuses more than is left with a 409 that says what is left and what is in flight', () => {
    expect(refundRefusal(facts({ refundedCents: 6000 }), 6000)).toEqual({
      kind: 'conflict',
      code: 'refund_exceeds_remaining',
      message: 'A refund of $60.00 is more than the $20.00 left to refund on this order',
    });
    expect(refundRefusal(facts({ pendingRefundCents: 6000 }), 6000)?.message).toBe(
      'A refund of $60.00 is more than the $20.00 left to refund on this order ($60.00 more is being refunded right now)',
    );
    expect(refundRefusal(facts({ refundedCents: 8000 }), 500)?.message).toBe('Nothing is left to refund on this order');
  });

  it('refuses an unpaid or unrefundable order, and any refund while the escrow is being released', () => {
    expect(refundRefusal(facts({ paid: false, state: 'pending_payment' }), 100)?.code).toBe('order_not_refundable');
    expect(refundRefusal(facts({ state: 'refunded', refundedCents: 8000 }), 100)).toMatchObject({ code: 'refund_exceeds_remaining', message: 'Nothing is left to refund on this order' });
    expect(refundRefusal(facts({ state: 'cancelled' }), 100)).toBeNull();
    expect(refundRefusal(facts({ transferPending: true }), 100)).toMatchObject({ kind: 'conflict', code: 'escrow_release_in_progress' });
  });

  it('refuses an amount that is not whole positive cents as invalid', () => {
    for (const cents of [0, -1, 1.5, Number.NaN]) expect(refundRefusal(facts(), cents)).toMatchObject({ kind: 'invalid', code: 'validation_failed' });
  });
});

describe("the provider's refund event", () => {
  it('is applied already when it says no more than is applied', () => {
    expect(providerRefundStep(2500, 2500, false)).toBe('applied');
    expect(providerRefundStep(1000, 2500, true)).toBe('applied');
    expect(providerRefundStep(Number.NaN, 0, false)).toBe('applied');
  });

  it('applies the difference when nothing of ours is in flight, and waits for ours otherwise', () => {
    expect(providerRefundStep(3000, 2500, false)).toBe('apply');
    expect(providerRefundStep(3000, 2500, true)).toBe('defer');
  });
});

describe('keys', () => {
  it('keys each refund at the provider by its own id, never by the running total', () => {
    expect(refundProviderKey('o1', 'r1')).toBe('order-o1-refund-r1');
    expect(refundProviderKey('o1', 'r2')).not.toBe(refundProviderKey('o1', 'r1'));
  });

  it('scopes an Idempotency-Key to the order and the amount', () => {
    expect(refundKeyScope('o1', 500)).toBe('POST /api/admin/orders/o1/refund 5.00');
    expect(refundKeyScope('o1', 600)).not.toBe(refundKeyScope('o1', 500));
  });

  it('waits a little longer each time for a key another request holds, up to a quarter second', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(keyWaitMs)).toEqual([20, 40, 80, 160, 250, 250, 250]);
  });
});
