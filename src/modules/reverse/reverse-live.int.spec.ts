import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { connect, hubServers } from '../../../test/live.fixtures.js';
import { fastUser, HOUR, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller, requestForm } from '../../../test/reverse.fixtures.js';
import { reverseModule } from './index.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

let t: TestApp;
const hubs = hubServers(reverseModule.live!);
const servers = hubs.servers;
const startHub = () => hubs.start(t);
let buyer: TestUser;
let watcher: TestUser;
let sam: TestUser;
let tess: TestUser;

const tick = () => t.inContext(() => t.rt.container.get(ReverseLifecycleService).tick());

/** Posts a request and opens it; the clock ends at its start. */
async function openRequest(title: string): Promise<string> {
  const res = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t, { title })).expect(201);
  t.clock.advance(HOUR);
  await tick();
  return res.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  buyer = await fastUser(t, 'wren_buyer');
  watcher = await fastUser(t, 'walt_watcher');
  sam = await approvedSeller(t, 'sam_quotes');
  tess = await approvedSeller(t, 'tess_quotes');
  await startHub();
  await startHub();
}, 60_000);
afterAll(async () => {
  await hubs.close();
  await t?.close();
});

describe('live reverse auction activity', () => {
  it('answers bad ids and unknown requests with an error', async () => {
    const c = await connect(servers[0]!.url);
    c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: 'not-an-id' });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'reverseAuctionId must be a reverse auction id' });
    c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: 42 });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'reverseAuctionId must be a reverse auction id' });
    c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: '00000000-0000-4000-8000-000000000000' });
    expect(await c.box.next()).toEqual({ type: 'error', message: 'Reverse auction not found' });
    c.ws.close();
  });

  it('confirms, sends the history, and streams quote, outquoted, watcher and end events through both hubs', async () => {
    const id = await openRequest('Live Weber carbs');
    await watcher.agent.post(`/api/reverse-auctions/${id}/watch`).expect(200);

    const one = await connect(servers[0]!.url);
    const two = await connect(servers[1]!.url);
    for (const c of [one, two]) {
      c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: id });
      expect(await c.box.next()).toEqual({ type: 'subscription_confirmed', reverseAuctionId: id });
      const history = await c.box.next();
      expect(history).toMatchObject({ type: 'activity_history', reverseAuctionId: id });
      expect(history.events).toEqual([
        { id: expect.any(String), type: 'watcher', timestamp: expect.any(String), data: { username: 'w***r', totalWatchers: 1 } },
      ]);
    }

    await sam.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: '450.00' }).expect(201);
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toEqual({
        type: 'activity_event',
        reverseAuctionId: id,
        event: {
          id: expect.any(String),
          type: 'quote',
          timestamp: expect.any(String),
          data: { username: 's***s', amount: '450.00', currentLowBid: '450.00', totalBids: 1 },
        },
      });
    }
    await tess.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: '400.00' }).expect(201);
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toMatchObject({
        event: { type: 'quote', data: { username: 't***s', amount: '400.00', previousLowBid: '450.00', currentLowBid: '400.00', totalBids: 2 } },
      });
      expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'outquoted', data: { amount: '400.00', previousLowBid: '450.00' } } });
    }
    await buyer.agent.post(`/api/reverse-auctions/${id}/watch`).expect(200);
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'watcher', data: { username: 'w***r', totalWatchers: 2 } } });
    }

    t.clock.advance(2 * HOUR);
    await tick();
    for (const c of [one, two]) {
      expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'end', data: { totalBids: 2, currentLowBid: '400.00' } } });
    }
    one.ws.close();
    two.ws.close();
  });

  it("streams the buyer's award", async () => {
    const id = await openRequest('Live award');
    const quoted = await sam.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: '300.00' }).expect(201);
    const c = await connect(servers[1]!.url);
    c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: id });
    await c.box.next('activity_history');
    await buyer.agent.post(`/api/reverse-auctions/${id}/award`).send({ bidId: quoted.body.bid.id }).expect(200);
    // Awarding while active ends the request at once, then awards.
    expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'end', data: { totalBids: 1, currentLowBid: '300.00' } } });
    expect(await c.box.next('activity_event')).toMatchObject({ event: { type: 'award', data: { amount: '300.00' } } });
    c.ws.close();
  });

  it('keeps the activity in the database: a new connection gets the latest events, oldest first', async () => {
    const id = await openRequest('Live history');
    await sam.agent.post(`/api/reverse-auctions/${id}/bids`).send({ bidAmount: '480.00' }).expect(201);
    await watcher.agent.post(`/api/reverse-auctions/${id}/watch`).expect(200);
    const hub = await startHub();
    const c = await connect(hub.url);
    c.send({ type: 'subscribe_reverse_auction', reverseAuctionId: id.toUpperCase() });
    expect(await c.box.next()).toEqual({ type: 'subscription_confirmed', reverseAuctionId: id });
    const history = await c.box.next('activity_history');
    expect((history.events as { type: string }[]).map((e) => e.type)).toEqual(['quote', 'watcher']);
    c.ws.close();
  });
});
