import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from '../../main.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { liveSockets, liveUser, serveOn } from '../../../test/live.fixtures.js';
import { catalogModule } from '../catalog/index.js';

const SECRET = 'live-messaging-secret-live-messaging-secret';

describe('live messages across two server processes', () => {
  let db: TestApp;
  let a: Server;
  let b: Server;
  const sockets = liveSockets();

  const user = (username: string) => liveUser(db, username, SECRET);

  const post = async (server: Server, path: string, cookie: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** A socket on `server` (signed in with `cookie`, if any) that has sent subscribe_messages; with its inbox. */
  const subscribed = (server: Server, cookie?: string) => sockets.subscribed(server, 'subscribe_messages', cookie);

  beforeAll(async () => {
    db = await startTestApp();
    await catalogModule.seed!(db.rt.container);
    a = await serveOn(db, 'messaging-a', SECRET);
    b = await serveOn(db, 'messaging-b', SECRET);
  }, 60_000);
  afterAll(async () => {
    sockets.close();
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
