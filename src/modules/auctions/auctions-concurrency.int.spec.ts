import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { BidBatchService } from './bid-batch.service.js';
import { BidQueue } from './bid.queue.js';
import { MAX_BID_TRANSACTIONS } from './bid.rules.js';
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

describe('bids spread over many auctions', () => {
  /** `n` auctions created together, then started together (each one hour after the form's time). */
  async function openMany(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const partId = await partOf(seller);
      ids.push((await seller.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201)).body.id as string);
    }
    t.clock.advance(HOUR);
    await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
    return ids;
  }

  /** The auction ids of each bid transaction started while `work` runs. */
  async function transactions(work: () => Promise<void>): Promise<string[][]> {
    const spy = vi.spyOn(BidBatchService.prototype, 'placeMany');
    try {
      await work();
      return spy.mock.calls.map(([jobs]) => jobs.map((j) => j.auctionId));
    } finally {
      spy.mockRestore();
    }
  }

  /** Holds the row locks of `ids` on a connection of its own until `release()`. */
  async function holdLocks(ids: string[]) {
    const client: pg.PoolClient = await t.rt.pool.connect();
    await client.query('begin');
    await client.query('select id from auctions where id = any($1::uuid[]) for update', [ids]);
    return {
      async release() {
        await client.query('commit');
        client.release();
      },
    };
  }

  /** Bids sent once the bid transactions are all taken by auctions whose locks another connection holds. */
  async function behindBusyTransactions<T>(waiting: number, send: () => Promise<T>[]): Promise<T[]> {
    const blockers = await openMany(MAX_BID_TRANSACTIONS);
    const held = await holdLocks(blockers);
    const blocked = blockers.map((id, i) => bidders[40 + i]!.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: '100.00' }).then((r) => r)); // sent now
    // Every bid transaction now waits for a held lock: the bids sent next queue for one.
    await vi.waitFor(async () => {
      const [row] = await t.sql<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted`,
      );
      expect(row!.n).toBe(MAX_BID_TRANSACTIONS);
    });
    // (supertest sends a request once it is awaited)
    const answers = send().map((request) => Promise.resolve(request));
    await vi.waitFor(() => expect(t.rt.container.get(BidQueue).waitingBatches()).toBe(waiting), { timeout: 10_000 });
    await held.release();
    for (const r of await Promise.all(blocked)) expect(r.status).toBe(201);
    return Promise.all(answers);
  }

  it('shares transactions between auctions and keeps each auction, its leader and its activity consistent', async () => {
    const ids = await openMany(12);
    let answers: { status: number; body: { message?: string } }[] = [];
    const used = await transactions(async () => {
      // Three bidders per auction offer the opening bid at once, each with a maximum of their own.
      answers = await Promise.all(
        bidders.slice(0, 36).map((b, i) => b.agent.post(`/api/auctions/${ids[i % 12]}/bids`).send({ bidAmount: '100.00', maxBidAmount: (150 + i).toFixed(2) })),
      );
    });
    expect(Math.max(...used.map((auctions) => auctions.length))).toBeGreaterThan(1);
    for (const auctions of used) expect(new Set(auctions).size).toBe(auctions.length);
    for (const [i, id] of ids.entries()) {
      const mine = answers.filter((_, n) => n % 12 === i);
      // The first of the three decided opens the auction; the other two offered less than its minimum.
      expect(mine.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of mine.filter((r) => r.status !== 201)) expect(r.body.message).toBe('Minimum bid is 110.00');
      const auction = await invariants(id);
      expect(auction.totalBids).toBe(1);
      const [events] = await t.sql<{ n: number }>(`select count(*)::int as n from auction_activity where auction_id = $1 and type = 'bid'`, [id]);
      expect(events!.n).toBe(1);
    }
  }, 120_000);

  it('answers each auction of a shared transaction on its own when one of them fails', async () => {
    const ids = await openMany(6);
    // One auction's write fails inside PostgreSQL (a bid of 123.45 is refused by a trigger).
    await t.sql(`create or replace function refuse_test_bid() returns trigger language plpgsql as $$
      begin if new.bid_amount = 123.45 then raise exception 'refused by the test'; end if; return new; end $$`);
    await t.sql('create trigger refuse_test_bid before insert on bids for each row execute function refuse_test_bid()');
    try {
      let answers: { status: number }[] = [];
      const missing = '00000000-0000-4000-8000-00000000abcd';
      const used = await transactions(async () => {
        answers = await behindBusyTransactions(ids.length + 1, () => [
          ...ids.map((id, i) => bidders[i]!.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: i === 2 ? '123.45' : '100.00' })),
          bidders[10]!.agent.post(`/api/auctions/${missing}/bids`).send({ bidAmount: '100.00' }),
        ]);
      });
      // They shared a transaction, which failed; each auction's batch was then tried alone: only its own bid failed.
      const shared = used.find((auctions) => auctions.includes(ids[2]!) && auctions.length > 1);
      expect(shared).toBeDefined();
      expect(answers.map((r) => r.status)).toEqual([201, 201, 500, 201, 201, 201, 404]);
      for (const [i, id] of ids.entries()) expect((await invariants(id)).totalBids).toBe(i === 2 ? 0 : 1);
    } finally {
      await t.sql('drop trigger refuse_test_bid on bids');
      await t.sql('drop function refuse_test_bid()');
    }
  }, 120_000);
});
