import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, HOUR, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller, requestForm } from '../../../test/reverse.fixtures.js';
import { createLogger } from '../../platform/logger.js';
import { LiveHub } from '../../platform/live.js';
import { reverseModule } from './index.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

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
let buyer: TestUser;
let watcher: TestUser;
let sam: TestUser;
let tess: TestUser;

/** A second process in miniature: its own HTTP server and hub (own LISTEN connection) on the same database. */
async function startHub() {
  const server = http.createServer(t.app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hub = new LiveHub(createLogger('silent'));
  await hub.attach(server, t.rt.databaseUrl);
  reverseModule.live!(t.rt.container, hub);
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
  for (const s of servers) {
    await s.hub.close();
    s.server.close();
  }
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
