import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { serve, type Server } from '../../main.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';

const SECRET = 'live-messaging-secret-live-messaging-secret';

/** Collects the JSON messages a socket receives. */
function inbox(ws: WebSocket) {
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
  return messages;
}

describe('live messages across two server processes', () => {
  let db: TestApp;
  let a: Server;
  let b: Server;
  const open: WebSocket[] = [];

  /** A verified user with a stored session; answers the Cookie header of that session. */
  async function user(username: string): Promise<{ id: string; cookie: string }> {
    const [row] = await db.sql<{ id: string }>(
      `insert into users (username, email, password, first_name, last_name, is_verified)
       values ($1, $2, 'not-a-hash', 'Live', 'User', true) returning id`,
      [username, `${username}@example.com`],
    );
    const sid = randomBytes(18).toString('base64url');
    const expires = new Date(Date.now() + 3600_000);
    const sess = { cookie: { originalMaxAge: 3600_000, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId: row!.id };
    await db.sql('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [sid, JSON.stringify(sess), expires]);
    const signature = createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
    return { id: row!.id, cookie: `pitlane.sid=${encodeURIComponent(`s:${sid}.${signature}`)}` };
  }

  const post = async (server: Server, path: string, cookie: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** A socket on `server` (signed in with `cookie`, if any) that has sent subscribe_messages; with its inbox. */
  async function subscribed(server: Server, cookie?: string) {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, { headers: cookie ? { cookie } : {} });
    open.push(ws);
    const messages = inbox(ws);
    await once(ws, 'open');
    ws.send(JSON.stringify({ type: 'subscribe_messages' }));
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0));
    return { ws, messages };
  }

  beforeAll(async () => {
    db = await startTestApp();
    await catalogModule.seed!(db.rt.container);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${(await db.sql<{ d: string }>('select current_database() as d'))[0]!.d}`;
    const config = (name: string) =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        SESSION_SECRET: SECRET,
        DATA_DIR: `/tmp/pitlane-messaging-${name}-${process.pid}`,
      });
    a = await serve(config('a'), createLogger('silent'));
    b = await serve(config('b'), createLogger('silent'));
  }, 60_000);
  afterAll(async () => {
    for (const ws of open) ws.close();
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  it("delivers a message sent through one process to the recipient's tabs on the other, and to nobody else", async () => {
    const seller = await user('live_seller');
    await db.sql(
      `insert into sellers (user_id, business_name, business_address, business_city, business_state, business_zip,
         contact_phone, specialties, status, approved_at, requires_listing_approval)
       values ($1, 'Live Parts', '1 Main St', 'Detroit', 'MI', '48226', '(313) 555-0100', '{Engine}', 'approved', now(), false)`,
      [seller.id],
    );
    const buyer = await user('live_buyer');
    const stranger = await user('live_stranger');
    const part = await post(a, '/api/parts', seller.cookie, {
      title: 'Weber 48 IDA carburettor pair',
      description: 'A matched pair of Weber 48 IDA carburettors, rebuilt and bench flowed.',
      price: 2400,
      category: 'intake',
      make: 'ford',
      condition: 'rebuilt',
      location: 'Modena',
      images: [{ url: 'https://img.example.com/weber.jpg', altText: 'The pair on a bench' }],
    });
    expect(part.body).toMatchObject({ id: expect.any(String) });

    const sellerTab1 = await subscribed(b, seller.cookie);
    const sellerTab2 = await subscribed(a, seller.cookie);
    const strangerTab = await subscribed(b, stranger.cookie);
    const anonymous = await subscribed(b);
    expect(sellerTab1.messages[0]).toEqual({ type: 'messages_subscribed' });
    expect(anonymous.messages[0]).toEqual({ type: 'error', message: 'Please sign in to receive messages.' });

    const started = await post(a, '/api/conversations', buyer.cookie, {
      participantIds: [seller.id],
      subject: 'Jets?',
      initialMessage: 'Which jets are fitted?',
      relatedItemId: part.body.id,
      relatedItemType: 'part',
    });
    expect(started.status).toBe(201);
    for (const tab of [sellerTab1, sellerTab2]) {
      await vi.waitFor(() =>
        expect(tab.messages.at(-1)).toMatchObject({
          type: 'message_received',
          conversationId: started.body.id,
          unreadCount: 1,
          message: { content: 'Which jets are fitted?', senderId: buyer.id },
        }),
      );
    }

    // The buyer's own tab on the other process hears its sent message; marking read reaches the seller's tabs.
    const buyerTab = await subscribed(b, buyer.cookie);
    const reply = await post(a, `/api/conversations/${String(started.body.id)}/messages`, seller.cookie, { content: '40/45 mains' });
    expect(reply.status).toBe(201);
    await vi.waitFor(() => expect(buyerTab.messages.at(-1)).toMatchObject({ type: 'message_received', unreadCount: 1, message: { content: '40/45 mains' } }));
    await vi.waitFor(() => expect(sellerTab1.messages.at(-1)).toMatchObject({ type: 'message_sent', message: { content: '40/45 mains' } }));
    const read = await fetch(`${b.url}/api/conversations/${String(started.body.id)}/read`, { method: 'PUT', headers: { cookie: seller.cookie } });
    expect(read.status).toBe(200);
    await vi.waitFor(() => expect(sellerTab2.messages.at(-1)).toEqual({ type: 'conversation_read', conversationId: started.body.id, unreadCount: 0 }));

    expect(strangerTab.messages).toEqual([{ type: 'messages_subscribed' }]);
    expect(anonymous.messages).toHaveLength(1);
  });

  it('refuses a forged session cookie: the socket is anonymous', async () => {
    const forged = `pitlane.sid=${encodeURIComponent('s:abc.not-a-signature')}`;
    const tab = await subscribed(a, forged);
    expect(tab.messages[0]).toEqual({ type: 'error', message: 'Please sign in to receive messages.' });
  });
});
