import { describe, expect, it } from 'vitest';
import { mayRelistAfterCancel, type OrderCancelledFacts } from './part.relist.js';

const facts = (overrides: Partial<OrderCancelledFacts> = {}): OrderCancelledFacts => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  partId: '00000000-0000-4000-8000-000000000002',
  source: 'buy_now',
  paid: true,
  ...overrides,
});

describe('mayRelistAfterCancel', () => {
  it('relists the part of a paid Buy Now or accepted-offer order cancelled (before shipping)', () => {
    expect(mayRelistAfterCancel(facts())).toBe(true);
    expect(mayRelistAfterCancel(facts({ source: 'offer' }))).toBe(true);
  });

  it('leaves an unpaid order (the part was only reserved) and an event without the paid fact alone', () => {
    expect(mayRelistAfterCancel(facts({ paid: false }))).toBe(false);
    expect(mayRelistAfterCancel(facts({ paid: undefined }))).toBe(false);
  });

  it('leaves auction sales (won, Buy It Now, reserve and Second Chance offers) and orders without a part alone', () => {
    for (const source of ['auction_won', 'auction_buy_it_now', 'reserve_offer', 'second_chance', 'reverse_award']) {
      expect(mayRelistAfterCancel(facts({ source }))).toBe(false);
    }
    expect(mayRelistAfterCancel(facts({ partId: null }))).toBe(false);
  });
});
