import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { activeAuctions, dbUsers, startTopology, type Topology } from '../test/topology.fixtures.js';

/**
 * Issue 33 on one machine (docs/scaling.md): two `pitlane serve` processes with a data folder each (no shared
 * disk), node a with the worker and node b WORKER=off, on one PostgreSQL primary with a real streaming replica
 * (DATABASE_READ_URL), photos in an S3-protocol server, and a round-robin proxy in front (HTTP and the WebSocket
 * upgrade, X-Forwarded-For with TRUST_PROXY=1). The proxy's rotation picks the node of each request; its answers
 * say which node served them (`x-served-by`).
 */

let topo: Topology;

beforeAll(async () => {
  topo = await startTopology({
    nodes: [
      { name: 'a', worker: true },
      { name: 'b', worker: false },
    ],
    env: { REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5' },
  });
}, 240_000);

afterAll(async () => {
  await topo?.stop();
}, 60_000);

/** The next request through the proxy goes to `node` (the rotation moved on without traffic). */
function via(node: string): void {
  for (let i = 0; i < 4 && topo.proxy.peek() !== node; i++) topo.proxy.skip();
  expect(topo.proxy.peek()).toBe(node);
}

/** A request through the proxy; `from` is the loopback address the client connects from (its address at the nodes). */
function send(
  method: string,
  route: string,
  o: { cookie?: string; json?: unknown; from?: string } = {},
): Promise<{ status: number; node: string; body: Buffer; json: any; cookies: string[] }> {
  const payload = o.json === undefined ? undefined : Buffer.from(JSON.stringify(o.json));
  const target = new URL(route, topo.proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress: o.from,
        agent: false,
        timeout: 20_000,
        headers: {
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          let json: unknown;
          try {
            json = JSON.parse(body.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            node: String(res.headers['x-served-by'] ?? ''),
            body,
            json,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${route} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function uploadPhoto(cookie: string): Promise<{ status: number; node: string; url: string; thumbnailUrl: string }> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 16, b: 46 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'part.jpg');
  const res = await fetch(`${topo.proxy.url}/api/uploads`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await res.json()) as { url: string; thumbnailUrl: string };
  return { status: res.status, node: res.headers.get('x-served-by') ?? '', ...body };
}

/** A socket through the proxy subscribed to the auction's feed; `events` collects its activity events. */
async function feed(auctionId: string): Promise<{ ws: WebSocket; events: Array<{ auctionId: string; event: { id: string } }> }> {
  const ws = new WebSocket(`${topo.proxy.url.replace('http', 'ws')}/api/ws`);
  const events: Array<{ auctionId: string; event: { id: string } }> = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no subscription_confirmed within 15 s')), 15_000);
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe_auction', auctionId })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; auctionId: string; event: { id: string } };
      if (m.type === 'subscription_confirmed') {
        clearTimeout(timer);
        resolve();
      }
      if (m.type === 'activity_event') events.push(m);
    });
  });
  return { ws, events };
}

/** Waits (at most 15 s) until the replica has replayed what the primary had written when called. */
async function replicaCaughtUp(): Promise<void> {
  const [{ lsn }] = await topo.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  for (let i = 0; i < 150; i++) {
    const [row] = await topo.replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
    if (row?.done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the replica did not replay ${lsn} within 15 s`);
}

describe('two nodes behind a load balancer', () => {
  it('serves a photo uploaded through one node through the other, from the bucket (no shared disk)', async () => {
    const [seller] = await dbUsers(topo, 'photo_seller', 1, true);
    via('a');
    const uploaded = await uploadPhoto(seller!.cookie);
    expect(uploaded).toMatchObject({ status: 201, node: 'a' });

    via('b');
    const onB = await send('GET', uploaded.url);
    expect(onB).toMatchObject({ status: 200, node: 'b' });
    via('b');
    expect(await send('GET', uploaded.thumbnailUrl)).toMatchObject({ status: 200, node: 'b' });
    via('a');
    const onA = await send('GET', uploaded.url);
    expect(onA.node).toBe('a');
    expect(onB.body.equals(onA.body)).toBe(true);
    expect((await sharp(onB.body).metadata()).format).toBe('jpeg');
    // Neither node wrote it to its own folder.
    for (const node of topo.nodes) expect(existsSync(path.join(node.dataDir, 'uploads', path.basename(uploaded.url)))).toBe(false);
  });

  it('counts registrations per client address over both nodes: the sixth from one address is refused by either', async () => {
    const register = (n: string, from: string) =>
      send('POST', '/api/users', {
        from,
        json: { username: `scale_reg_${n}`, email: `scale-reg-${n}@example.com`, password: 'correct horse battery', firstName: 'Reg', lastName: 'Istrant', country: 'USA' },
      });
    const served: string[] = [];
    for (let i = 1; i <= 5; i++) {
      via(i % 2 ? 'a' : 'b');
      const res = await register(String(i), '127.0.0.2');
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      served.push(res.node);
    }
    expect(served).toEqual(['a', 'b', 'a', 'b', 'a']);
    for (const node of ['b', 'a']) {
      via(node);
      const refused = await register(`6${node}`, '127.0.0.2');
      expect(refused).toMatchObject({ status: 429, node });
      expect(refused.json).toMatchObject({ code: 'rate_limited' });
    }
    // Another address (X-Forwarded-For, as the proxy saw it) has its own budget.
    via('b');
    expect(await register('other', '127.0.0.3')).toMatchObject({ status: 201, node: 'b' });
  });

  it('delivers a bid placed through one node to a WebSocket subscriber on the other', async () => {
    const [seller] = await dbUsers(topo, 'ws_seller', 1, true);
    const [bidder] = await dbUsers(topo, 'ws_bidder', 1);
    const auctionIds = await activeAuctions(topo, seller!.id, 2);
    for (const [i, [socketNode, bidNode]] of [['b', 'a'], ['a', 'b']].entries()) {
      const auctionId = auctionIds[i]!;
      via(socketNode!);
      const { ws, events } = await feed(auctionId);
      try {
        expect(topo.proxy.log.filter((r) => r.kind === 'ws').at(-1)?.node).toBe(socketNode);
        via(bidNode!);
        const bid = await send('POST', `/api/auctions/${auctionId}/bids`, { cookie: bidder!.cookie, json: { bidAmount: '100.00' } });
        expect(bid.status, JSON.stringify(bid.json)).toBe(201);
        expect(bid.node).toBe(bidNode);
        await expect.poll(() => events.filter((e) => e.auctionId === auctionId).length, { timeout: 15_000 }).toBeGreaterThan(0);
      } finally {
        ws.close();
      }
    }
  });

  it('shows a listing created through one node to its seller through the other at once, while the replica lags', async () => {
    const [seller] = await dbUsers(topo, 'rw_seller', 1, true);
    via('a');
    const photo = await uploadPhoto(seller!.cookie);
    expect(photo.status).toBe(201);
    await replicaCaughtUp();
    await topo.replica.pauseReplay();
    let partId: string;
    try {
      via('a');
      const listed = await send('POST', '/api/parts', {
        cookie: seller!.cookie,
        json: {
          title: 'Scale lag gearbox',
          description: 'Listed while the replica lags behind the primary',
          price: 900,
          category: 'intake',
          make: 'ford',
          condition: 'rebuilt',
          location: 'Austin, TX',
          images: [{ url: photo.url, altText: 'The gearbox', isPrimary: true }],
        },
      });
      expect(listed.status, JSON.stringify(listed.json)).toBe(201);
      expect(listed.node).toBe('a');
      partId = listed.json.id as string;
      const written = listed.cookies.find((c) => c.startsWith('pitlane.rw='));
      expect(written).toBeDefined();

      // The seller's browser (session and last-write cookies) reads the primary through node b: there at once.
      via('b');
      const own = await send('GET', `/api/parts/${partId}`, { cookie: `${seller!.cookie}; ${written}` });
      expect(own).toMatchObject({ status: 200, node: 'b' });
      expect(own.json.title).toBe('Scale lag gearbox');
      // Anyone else reads the replica, which has not replayed it yet.
      via('b');
      expect(await send('GET', `/api/parts/${partId}`)).toMatchObject({ status: 404, node: 'b' });
    } finally {
      await topo.replica.resumeReplay();
    }
    await replicaCaughtUp();
    await expect.poll(async () => (await send('GET', `/api/parts/${partId}`)).status, { timeout: 15_000 }).toBe(200);
  });

  it('loses no answered bid when a node stops mid-traffic, and the other goes on serving', { timeout: 90_000 }, async () => {
    const [seller] = await dbUsers(topo, 'stop_seller', 1, true);
    const bidders = await dbUsers(topo, 'stop_bidder', 8);
    const auctionIds = await activeAuctions(topo, seller!.id, 4);
    const accepted: Array<{ id: string; node: string; at: number }> = [];
    const failures = new Map<string, number>();
    let stoppedAt = Infinity;
    const started = Date.now();
    const until = started + 9_000;

    // Four clients, each on its own auction with two bidders taking turns, so every bid can be accepted.
    const client = async (k: number) => {
      const auctionId = auctionIds[k]!;
      let next = 100;
      for (let n = 0; n < 2_000 && Date.now() < until; n++) {
        const bidder = bidders[2 * k + (n % 2)]!;
        const res = await send('POST', `/api/auctions/${auctionId}/bids`, { cookie: bidder.cookie, json: { bidAmount: next.toFixed(2) } }).catch(
          (error: Error) => ({ status: 0, node: '', json: { message: error.message } }) as Awaited<ReturnType<typeof send>>,
        );
        if (res.status === 201) {
          accepted.push({ id: res.json.bid.id as string, node: res.node, at: Date.now() });
          next = Number(res.json.minimumNextBid);
        } else {
          const key = `${res.status} ${res.node}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
          next += 1; // an answer lost on the way may have been taken: bid above it
        }
      }
    };
    const traffic = Promise.all(auctionIds.map((_, k) => client(k)));
    await new Promise((r) => setTimeout(r, 3_000));
    const beforeStop = accepted.length;
    const exitCode = await topo.removeNode('a');
    stoppedAt = Date.now();
    await traffic;

    expect(exitCode).toBe(0);
    expect(beforeStop).toBeGreaterThan(0);
    expect(new Set(accepted.filter((b) => b.at < stoppedAt).map((b) => b.node))).toEqual(new Set(['a', 'b']));
    const after = accepted.filter((b) => b.at > stoppedAt);
    expect(after.length, `failures: ${JSON.stringify([...failures])}`).toBeGreaterThan(0);
    expect(new Set(after.map((b) => b.node))).toEqual(new Set(['b']));
    // Every bid answered 201 is in the primary.
    const [{ found }] = await topo.sql<{ found: number }>('select count(*)::int as found from bids where id = any($1::uuid[])', [accepted.map((b) => b.id)]);
    expect(found).toBe(accepted.length);
    expect(await send('GET', '/api/ready')).toMatchObject({ status: 200, node: 'b' });
    console.log(
      `stop mid-traffic: ${accepted.length} bids accepted (${beforeStop} before the stop began, ${after.length} after node a exited), ` +
        `other answers: ${JSON.stringify(Object.fromEntries(failures))}`,
    );
  });
});
