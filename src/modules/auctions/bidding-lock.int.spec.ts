import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycle } from './index.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
let seller: TestUser;
const bidders: TestUser[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'lock_seller', 'admin');
  for (const name of ['anna', 'bert', 'carl', 'dora']) bidders.push(await fastUser(t, `lock_${name}`));
  const current = (await seller.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await seller.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 180_000);
afterAll(async () => t?.close());

async function openAuction(): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(AuctionLifecycle).tick());
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
});
