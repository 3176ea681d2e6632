import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { connect, hubServers } from '../../../test/live.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { auctionsModule } from './index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
const hubs = hubServers(auctionsModule.live!);
const servers = hubs.servers;
const startHub = () => hubs.start(t);
let seller: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'live_seller', 'admin');
  alice = await fastUser(t, 'alice_live');
  bob = await fastUser(t, 'bob_live');
  const current = (await seller.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await seller.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
  await startHub();
  await startHub();
}, 60_000);
afterAll(async () => {
  await hubs.close();
  await t?.close();
});

async function openAuction(): Promise<string> {
  // A fresh part each time: a part has at most one open auction.
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, await partOf(seller))).expect(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
  return res.body.id as string;
}

describe('live auction activity', () => {
  it('answers bad ids and unknown auctions with an error', async () => {
    const c = await connect(servers[0]!.url);
    c.send({ type: 'subscribe_auction', auctionId: 'not-an-id' });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'auctionId must be an auction id' });
    c.send({ type: 'subscribe_auction', auctionId: '00000000-0000-4000-8000-000000000000' });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'Auction not found' });
    c.send({ type: 'get_activity_stats', auctionId: 7 });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'auctionId must be an auction id' });
    c.send({ type: 'get_activity_stats', auctionId: '00000000-0000-4000-8000-000000000000' });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'Auction not found' });
    c.ws.close();
  });

  it('confirms a subscription, sends the history, and streams bid, outbid, watcher, extension and end events through both hubs', async () => {
    const id = await openAuction();
    await alice.agent.post(`/api/auctions/${id}/watch`).expect(200);

    const one = await connect(servers[0]!.url);
    const two = await connect(servers[1]!.url);
    for (const c of [one, two]) {
      c.send({ type: 'subscribe_auction', auctionId: id });
      expect(await c.box.next()).toEqual({ type: 'subscription_confirmed', auctionId: id });
      const history = await c.box.next();
      expect(history).toMatchObject({ type: 'activity_history', auctionId: id });
      expect(history.events).toEqual([
        { id: expect.any(String), type: 'watcher', timestamp: expect.any(String), data: { username: 'a***e', totalWatchers: 1 } },
      ]);
    }

    await alice.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 150 }).expect(201);
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toMatchObject({
        auctionId: id,
        event: { type: 'bid', data: { username: 'a***e', amount: '100.00', previousHighBid: '0.00', currentBid: '100.00' } },
      });
    }
    await bob.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 160 }).expect(201);
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'bid', data: { username: 'b***e', currentBid: '160.00' } } });
      expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'outbid', data: { currentBid: '160.00' } } });
    }

    await bob.agent.post(`/api/auctions/${id}/watch`).expect(200);
    expect(await one.box.next('activity_event')).toMatchObject({ event: { type: 'watcher', data: { totalWatchers: 2 } } });

    const auction = (await t.agent().get(`/api/auctions/${id}`)).body;
    t.clock.set(new Date(new Date(auction.endTime).getTime() - 30_000));
    await alice.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 170 }).expect(201);
    const events: string[] = [];
    for (let i = 0; i < 3; i++) events.push(((await one.box.next('activity_event')).event as { type: string }).type);
    expect(events).toEqual(['bid', 'outbid', 'extension']);

    one.send({ type: 'get_activity_stats', auctionId: id });
    expect(await one.box.next('activity_stats')).toEqual({
      type: 'activity_stats',
      auctionId: id,
      // Bids of the last hour only: the three opening bids are two hours old by now.
      stats: { recentBids: 1, activeWatchers: 2, extensions: 1, totalEvents: 8 },
    });

    t.clock.advance(HOUR);
    await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
    let ended = await two.box.next('activity_event');
    while ((ended.event as { type: string }).type !== 'end') ended = await two.box.next('activity_event');
    expect(ended).toMatchObject({
      event: { type: 'end', data: { username: 'a***e', amount: '170.00', currentBid: '170.00' } },
    });
    one.ws.close();
    two.ws.close();
  });

  it('keeps the activity in the database: a new connection gets the latest events', async () => {
    const id = await openAuction();
    await alice.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    const hub = await startHub();
    const c = await connect(hub.url);
    c.send({ type: 'subscribe_auction', auctionId: id.toUpperCase() });
    expect(await c.box.next()).toEqual({ type: 'subscription_confirmed', auctionId: id });
    const history = await c.box.next('activity_history');
    expect((history.events as { type: string }[]).map((e) => e.type)).toEqual(['bid']);
    c.ws.close();
  });
});
