import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, HOUR, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller, requestForm } from '../../../test/reverse.fixtures.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

let t: TestApp;
let buyer: TestUser;
const sellers: TestUser[] = [];
const SELLERS = 30;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await fastUser(t, 'con_buyer');
  for (let i = 0; i < SELLERS; i++) sellers.push(await approvedSeller(t, `seller_${String(i).padStart(2, '0')}`));
}, 120_000);
afterAll(async () => t?.close());

async function openRequest(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t, overrides)).expect(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(ReverseLifecycleService).tick());
  return res.body.id as string;
}

async function invariants(id: string) {
  const r = (await t.agent().get(`/api/reverse-auctions/${id}`).expect(200)).body;
  const [q] = await t.sql<{ n: number; low: string | null }>(
    'select count(*)::int as n, min(bid_amount)::text as low from reverse_auction_bids where reverse_auction_id = $1',
    [id],
  );
  expect(r.totalBids).toBe(q!.n);
  expect(r.currentLowestBid).toBe(q!.low);
  return r;
}

describe('thirty sellers quoting at once', () => {
  it('keeps every accepted quote and the totals equal to the quotes table', async () => {
    const id = await openRequest({ maxBudget: '1000', minBidDecrement: '1' });
    // Every seller offers a different amount at the same moment; each must be under the lowest so far.
    const results = await Promise.all(sellers.map((s, i) => s.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: (990 - i * 5).toFixed(2) })));
    const accepted = results.filter((r) => r.status === 201);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Maximum quote is \d+\.\d{2}$/);
    }
    expect(accepted.length).toBeGreaterThan(0);
    const r = await invariants(id);
    expect(r.totalBids).toBe(accepted.length);
    const stored = await t.sql<{ id: string }>('select id from reverse_auction_bids where reverse_auction_id = $1', [id]);
    expect(new Set(stored.map((s) => s.id))).toEqual(new Set(accepted.map((a) => a.body.bid.id as string)));
    // Accepted quotes strictly decrease in the order they were recorded.
    const ordered = await t.sql<{ amount: string }>('select bid_amount::text as amount from reverse_auction_bids where reverse_auction_id = $1 order by seq', [id]);
    const amounts = ordered.map((o) => Number(o.amount));
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeLessThanOrEqual(amounts[i - 1]! - 1);
  });

  it('takes every quote when all fit, with no lost update', async () => {
    const id = await openRequest({ maxBudget: '1000', minBidDecrement: '0.01' });
    // Rounds of simultaneous quotes, each round under the last round's lowest.
    let total = 0;
    for (let round = 0; round < 3; round++) {
      const base = 900 - round * 100;
      const results = await Promise.all(sellers.map((s, i) => s.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: (base - i).toFixed(2) })));
      total += results.filter((r) => r.status === 201).length;
      for (const r of results) expect([201, 400]).toContain(r.status);
    }
    const r = await invariants(id);
    expect(r.totalBids).toBe(total);
  });
});
