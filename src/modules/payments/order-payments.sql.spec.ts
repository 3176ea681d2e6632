import { describe, expect, it } from 'vitest';
import { Order } from './order.entity.js';
import { asOrder } from './order-payments.sql.js';

describe('the webhook reading an orders row as the Order entity', () => {
  it('maps every column by the naming rule, so no property of Order may name its column otherwise', () => {
    const props = Object.entries(Order.meta.properties) as [string, { fieldName?: string; fieldNames?: string[] }][];
    for (const [name, prop] of props) expect(prop.fieldName ?? prop.fieldNames?.[0] ?? name).toBe(name);
  });

  it('turns snake_case columns into properties and timestamps into Dates, keeping money as exact text', () => {
    const order = asOrder({
      id: 'o1',
      buyer_id: 'b1',
      total: '1234.50',
      commission_tiers: [{ from: 0, ratePercent: 7 }],
      paid_at: '2026-11-24 10:00:00.123+00', // PostgreSQL's text for a timestamptz
      shipped_at: null,
      created_at: new Date('2026-11-24T09:00:00Z'),
    });
    expect(order).toEqual({
      id: 'o1',
      buyerId: 'b1',
      total: '1234.50',
      commissionTiers: [{ from: 0, ratePercent: 7 }],
      paidAt: new Date('2026-11-24T10:00:00.123Z'),
      shippedAt: null,
      createdAt: new Date('2026-11-24T09:00:00Z'),
    });
    expect(asOrder(undefined)).toBeNull();
  });
});
