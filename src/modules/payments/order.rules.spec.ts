import { describe, expect, it } from 'vitest';
import { isFinalSalePart, ORDER_TIMES, orderCents, orderSteps, payWindow } from './order.rules.js';

const order = (o: Partial<Parameters<typeof orderSteps>[0]>) => ({ paidAt: null, shippedAt: null, deliveredAt: null, state: 'pending_payment' as const, source: 'buy_now' as const, ...o });
const at = new Date('2026-11-24T10:00:00Z');

describe('order rules', () => {
  it('gives Buy Now 15 minutes to pay and every other way of buying 48 hours', () => {
    expect(payWindow('buy_now')).toBe(15 * 60_000);
    for (const source of ['auction_won', 'auction_buy_it_now', 'reverse_award', 'offer'] as const) expect(payWindow(source)).toBe(ORDER_TIMES.auctionPayWindow);
  });

  it('lets a paid, unshipped order ship, a shipped one be confirmed, and neither once cancelled', () => {
    expect(orderSteps(order({ state: 'paid', paidAt: at }))).toMatchObject({ shippable: true, deliverable: false });
    expect(orderSteps(order({ state: 'partially_refunded', paidAt: at }))).toMatchObject({ shippable: true });
    expect(orderSteps(order({ state: 'shipped', paidAt: at, shippedAt: at }))).toMatchObject({ shippable: false, deliverable: true });
    expect(orderSteps(order({ state: 'delivered', paidAt: at, shippedAt: at, deliveredAt: at }))).toMatchObject({ shippable: false, deliverable: false });
    expect(orderSteps(order({ state: 'cancelled', paidAt: at }))).toMatchObject({ shippable: false, deliverable: false });
    expect(orderSteps(order({}))).toMatchObject({ shippable: false, deliverable: false, binding: false });
  });

  it('binds the buyer of an auction win', () => {
    expect(orderSteps(order({ source: 'auction_won' })).binding).toBe(true);
    expect(orderSteps(order({ source: 'auction_buy_it_now' })).binding).toBe(true);
    expect(orderSteps(order({ source: 'offer' })).binding).toBe(false);
  });

  it('reads the order money exactly, in cents', () => {
    expect(orderCents({ price: '999.99', shippingCost: '0.01', total: '1000.00', commission: '70.00', refunded: '0.10', commissionReturned: '0.01' })).toEqual({
      price: 99_999,
      shipping: 1,
      total: 100_000,
      commission: 7000,
      refunded: 10,
      commissionReturned: 1,
    });
  });

  it('makes electrical and custom parts Final Sale', () => {
    const part = { category: 'engine', categoryName: 'Engine', title: 'Cylinder head', description: 'Original' };
    expect(isFinalSalePart(part)).toBe(false);
    expect(isFinalSalePart({ ...part, category: 'electrical' })).toBe(true);
    expect(isFinalSalePart({ ...part, description: 'A custom one-off casting' })).toBe(true);
  });
});
