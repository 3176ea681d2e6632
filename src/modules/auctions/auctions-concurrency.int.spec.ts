import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
let seller: TestUser;
const bidders: TestUser[] = [];
const BIDDERS = 50;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'con_seller', 'admin');
  for (let i = 0; i < BIDDERS; i++) bidders.push(await fastUser(t, `bidder_${String(i).padStart(2, '0')}`));
  await bidders[0]!.agent.get('/api/auctions/00000000-0000-4000-8000-000000000000/bids').expect(404);
  expect((await bidders[0]!.agent.post('/api/auctions/00000000-0000-4000-8000-000000000000/watch')).status).toBe(404);
  const admin = seller.agent;
  const current = (await admin.get('/api/admin/settings').expect(200)).body.bidder;
  await admin.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 180_000);
afterAll(async () => t?.close());

async function openAuction(overrides: Record<string, unknown> = {}): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides)).expect(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
  return res.body.id as string;
}

async function invariants(id: string) {
  const auction = (await t.agent().get(`/api/auctions/${id}`).expect(200)).body;
  const [bids] = await t.sql<{ n: number; top: string | null; winners: number }>(
    `select count(*)::int as n, max(bid_amount)::text as top, (count(*) filter (where is_winning))::int as winners
     from bids where auction_id = $1`,
    [id],
  );
  expect(auction.totalBids).toBe(bids!.n);
  expect(auction.currentBid).toBe(bids!.top ?? '0.00');
  if (bids!.n > 0) expect(bids!.winners).toBe(1);
  return auction;
}

describe('fifty bidders at once', () => {
  it('keeps every accepted bid, the totals and a single leader consistent', async () => {
    const id = await openAuction();
    // Everyone offers the same first bid plus a different proxy maximum.
    const results = await Promise.all(
      bidders.map((b, i) =>
        b.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: '100.00', maxBidAmount: (200 + i * 10).toFixed(2) }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Minimum bid is \d+\.\d{2}$/);
    }
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const auction = await invariants(id);
    // Every accepted bid has its own row.
    const rows = await t.sql<{ id: string }>(`select id from bids where auction_id = $1 and bid_type = 'regular'`, [id]);
    const ids = new Set(rows.map((r) => r.id));
    for (const r of accepted) expect(ids.has(r.body.bid.id)).toBe(true);
    expect(rows).toHaveLength(accepted.length);
    // Exactly one accepted answer was the leader's at its time, and the leader holds the winning row.
    const [winning] = await t.sql<{ bidder_id: string }>('select bidder_id from bids where auction_id = $1 and is_winning', [id]);
    const leaderIndex = bidders.findIndex((b) => b.id === winning!.bidder_id);
    expect(leaderIndex).toBeGreaterThanOrEqual(0);
    expect(Number(auction.currentBid)).toBeLessThanOrEqual(200 + leaderIndex * 10);

    // Then everyone raises with the minimum they are told, all at once, several rounds.
    for (let round = 0; round < 3; round++) {
      const min = (await t.agent().get(`/api/auctions/${id}`)).body.minimumNextBid as string;
      const answers = await Promise.all(bidders.map((b) => b.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: min })));
      for (const r of answers) expect([201, 400]).toContain(r.status);
      await invariants(id);
    }
  }, 120_000);

  it('ends with exactly one winner when bids race the end and Buy It Now races bids', async () => {
    const id = await openAuction({ buyItNowPrice: '500.00' });
    const racers = bidders.slice(0, 20);
    const answers = await Promise.all(
      racers.map((b, i) =>
        i % 2 === 0
          ? b.agent.post(`/api/auctions/${id}/buy-it-now`)
          : b.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: '100.00', maxBidAmount: (150 + i).toFixed(2) }),
      ),
    );
    const bought = answers.filter((r, i) => i % 2 === 0 && r.status === 201);
    expect(bought.length).toBeLessThanOrEqual(1);
    t.clock.advance(3 * HOUR);
    await Promise.all([
      t.inContext(() => t.rt.container.get(AuctionLifecycleService).end(id)),
      t.inContext(() => t.rt.container.get(AuctionLifecycleService).end(id)),
      t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick()),
    ]);
    const auction = await invariants(id);
    expect(auction.status).toBe('ended');
    const [winning] = await t.sql<{ bidder_id: string }>('select bidder_id from bids where auction_id = $1 and is_winning', [id]);
    expect(auction.winnerId).toBe(winning!.bidder_id);
    const ends = await t.sql<{ n: number }>(`select count(*)::int as n from auction_activity where auction_id = $1 and type = 'end'`, [id]);
    expect(ends[0]!.n).toBe(1);
  }, 120_000);
});
