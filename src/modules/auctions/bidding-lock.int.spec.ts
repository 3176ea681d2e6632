import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { BidQueue } from './bid.queue.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
let seller: TestUser;
const bidders: TestUser[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'lock_seller', 'admin');
  for (const name of ['anna', 'bert', 'carl', 'dora', 'emil']) bidders.push(await fastUser(t, `lock_${name}`));
  const current = (await seller.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await seller.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 180_000);
afterAll(async () => t?.close());

async function openAuction(): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
  return res.body.id as string;
}

const bid = (who: TestUser, id: string, bidAmount: string, maxBidAmount?: string) =>
  who.agent.post(`/api/auctions/${id}/bids`).send(maxBidAmount ? { bidAmount, maxBidAmount } : { bidAmount });

describe('bids under the auction row lock', () => {
  it('prices proxy bids from the leader, the runner-up and the bidder own maximum among several bidders', async () => {
    const id = await openAuction();
    const [anna, bert, carl, dora] = bidders as [TestUser, TestUser, TestUser, TestUser];
    // Starting bid 100.00, increment 10.00.
    expect((await bid(anna, id, '100.00', '500.00').expect(201)).body).toMatchObject({ isWinning: true, currentBid: '100.00' });
    expect((await bid(bert, id, '200.00', '300.00').expect(201)).body).toMatchObject({ isWinning: false, currentBid: '310.00' });
    expect((await bid(carl, id, '320.00').expect(201)).body).toMatchObject({ isWinning: false, currentBid: '330.00' });
    // Bert (third) raises past Anna: her maximum plus one increment.
    expect((await bid(bert, id, '340.00', '600.00').expect(201)).body).toMatchObject({ isWinning: true, currentBid: '510.00' });
    // Carl, no longer among the top two, takes the lead: Bert's maximum plus one increment.
    expect((await bid(carl, id, '520.00', '700.00').expect(201)).body).toMatchObject({ isWinning: true, currentBid: '610.00' });
    // Anna, now third, becomes the runner-up and Carl's proxy answers.
    expect((await bid(anna, id, '620.00').expect(201)).body).toMatchObject({ isWinning: false, currentBid: '630.00' });
    expect((await bid(dora, id, '630.00').expect(400)).body.message).toBe('Minimum bid is 640.00');
    expect((await bid(carl, id, '700.00').expect(400)).body.message).toBe(
      'You are already the highest bidder; to raise your maximum, offer more than 700.00',
    );
    const [winning] = await t.sql<{ bidder_id: string; n: number }>(
      `select (select bidder_id from bids where auction_id = $1 and is_winning) as bidder_id,
              (select count(*)::int from bids where auction_id = $1 and is_winning) as n`,
      [id],
    );
    expect(winning).toEqual({ bidder_id: carl.id, n: 1 });
  });

  it('refuses a bid below the minimum at once while another bid on the auction waits for its lock', async () => {
    const id = await openAuction();
    const [anna, bert, carl] = bidders as [TestUser, TestUser, TestUser];
    await bid(anna, id, '100.00').expect(201);
    const holder = await t.rt.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from auctions where id = $1 for update', [id]);
      // A valid bid queues for the row lock...
      const waiting = bid(bert, id, '110.00').then((r) => r);
      let blocked = 0;
      while (blocked === 0) {
        [{ n: blocked }] = (await t.sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as [{ n: number }];
      }
      // ...and one below the minimum is answered from the committed state without joining the queue.
      expect((await bid(carl, id, '100.00').expect(400)).body.message).toBe('Minimum bid is 110.00');
      await holder.query('rollback');
      expect((await waiting).status).toBe(201);
    } finally {
      holder.release();
    }
    expect((await t.agent().get(`/api/auctions/${id}`).expect(200)).body).toMatchObject({ currentBid: '110.00', totalBids: 2 });
  });

  it('takes the bids that queue behind a locked auction in one transaction, deciding each in arrival order', async () => {
    const id = await openAuction();
    const [anna, bert, carl, dora, emil] = bidders as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const bidding = t.rt.container.get(BidQueue);
    await bid(anna, id, '100.00').expect(201);
    const holder = await t.rt.pool.connect();
    const answers: Promise<{ status: number; body: Record<string, unknown> }>[] = [];
    try {
      await holder.query('begin');
      await holder.query('select id from auctions where id = $1 for update', [id]);
      // The first bid's transaction waits for the row lock...
      answers.push(bid(emil, id, '110.00').then((r) => r));
      let blocked = 0;
      while (blocked === 0) {
        [{ n: blocked }] = (await t.sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as [{ n: number }];
      }
      // ...and these queue behind it, one after the other, each valid against the committed state (100.00).
      const queued: [TestUser, string, string?][] = [
        [bert, '120.00', '300.00'], // takes the lead from Emil, price 120.00
        [carl, '130.00'], // outbid at once by Bert's maximum: 140.00
        [dora, '140.00'], // below the batch's own minimum by now (150.00)
        [bert, '160.00', '250.00'], // Bert leads with 300.00 already
        [anna, '400.00'], // above Bert's maximum: Anna leads at 400.00
      ];
      for (const [who, amount, max] of queued) {
        const before = bidding.queuedBids(id);
        answers.push(bid(who, id, amount, max).then((r) => r));
        await expect.poll(() => bidding.queuedBids(id)).toBe(before + 1);
      }
      await holder.query('rollback');
    } finally {
      holder.release();
    }
    const [first, ...rest] = await Promise.all(answers);
    expect(first).toMatchObject({ status: 201, body: { isWinning: true, currentBid: '110.00' } });
    expect(rest.map((r) => [r.status, r.body.currentBid ?? r.body.message, r.body.isWinning])).toEqual([
      [201, '120.00', true],
      [201, '140.00', false],
      [400, 'Minimum bid is 150.00', undefined],
      [400, 'You are already the highest bidder; to raise your maximum, offer more than 300.00', undefined],
      [201, '400.00', true],
    ]);
    expect(rest.filter((r) => r.status === 201).map((r) => r.body.totalBids)).toEqual([3, 5, 7]);
    // One transaction stored the events of every accepted queued bid (activity rows share the inserting
    // transaction; bid rows cannot show it, as the winning flag's update rewrites them).
    const writers = await t.sql<{ types: string[] }>(
      `select array_agg(type order by seq) as types from auction_activity where auction_id = $1 and type in ('bid', 'outbid')
        group by xmin::text order by min(seq)`,
      [id],
    );
    expect(writers.map((w) => w.types)).toEqual([['bid'], ['bid', 'outbid'], ['bid', 'outbid', 'bid', 'outbid', 'bid', 'outbid']]);
    const [auction] = await t.sql<{ current_bid: string; total_bids: number; winner: string }>(
      `select current_bid::text, total_bids, (select bidder_id::text from bids where auction_id = a.id and is_winning) as winner
         from auctions a where id = $1`,
      [id],
    );
    expect(auction).toEqual({ current_bid: '400.00', total_bids: 7, winner: anna.id });
  });
});
