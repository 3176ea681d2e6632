import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createLogger } from '../../platform/logger.js';
import { LiveHub } from '../../platform/live.js';
import { catalogModule } from '../catalog/index.js';
import { auctionsModule } from './index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

type Message = Record<string, unknown> & { type: string };

/**
 * Collects a socket's JSON messages; `next(type)` waits for the next message of that type. Like the web client,
 * it drops an activity_event it already has (by id): one can be in the history and arrive live as well.
 */
function inbox(ws: WebSocket) {
  const messages: Message[] = [];
  const seen = new Set<string>();
  let read = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Message);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    messages,
    async next(type?: string): Promise<Message> {
      for (;;) {
        while (read < messages.length) {
          const m = messages[read++]!;
          if (m.type === 'activity_history') for (const e of m.events as { id: string }[]) seen.add(e.id);
          if (m.type === 'activity_event') {
            const eventId = (m.event as { id: string }).id;
            if (seen.has(eventId)) continue;
            seen.add(eventId);
          }
          if (!type || m.type === type) return m;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

let t: TestApp;
const servers: { server: http.Server; hub: LiveHub; url: string }[] = [];
let seller: TestUser;
let alice: TestUser;
let bob: TestUser;

/** A second process in miniature: its own HTTP server and hub (own LISTEN connection) on the same database. */
async function startHub() {
  const server = http.createServer(t.app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hub = new LiveHub(createLogger('silent'));
  await hub.attach(server, t.rt.databaseUrl);
  auctionsModule.live!(t.rt.container, hub);
  const entry = { server, hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws` };
  servers.push(entry);
  return entry;
}

async function connect(url: string) {
  const ws = new WebSocket(url);
  const box = inbox(ws);
  await once(ws, 'open');
  return { ws, box, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

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
  for (const s of servers) {
    await s.hub.close();
    s.server.close();
  }
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
