import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from '../../main.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { liveSockets, liveUser, serveOn } from '../../../test/live.fixtures.js';
import { AUCTION_EVENTS } from '../auctions/index.js';
import { NotificationLive } from './notification.live.js';
import { NotificationService } from './notification.service.js';
import type { NotificationInput } from './notifications.api.js';
import { NOTIFICATIONS_TASKS, notificationsTasks } from './notifications.tasks.js';

const SECRET = 'live-notification-secret-live-notification';

describe('live notifications', () => {
  let db: TestApp;
  let server: Server;
  const sockets = liveSockets();

  const user = (username: string) => liveUser(db, username, SECRET);

  /** A socket (signed in with `cookie`, if any) that has sent subscribe_notifications, with its inbox. */
  const subscribed = async (cookie?: string) => (await sockets.subscribed(server, 'subscribe_notifications', cookie)).messages;

  const input = (userId: string, title: string): NotificationInput => ({
    userId,
    notificationType: 'part_approved',
    title,
    message: 'Your listing is live.',
    link: '/parts/00000000-0000-4000-8000-000000000001',
    relatedItemType: 'part',
    relatedItemId: '00000000-0000-4000-8000-000000000001',
  });

  beforeAll(async () => {
    db = await startTestApp();
    server = await serveOn(db, 'notifications', SECRET);
  }, 60_000);
  afterAll(async () => {
    sockets.close();
    await server?.stop();
    await db?.close();
  });

  it("reaches the user's open tabs once the recording transaction commits, not before, and nobody else's", async () => {
    const ann = await user('live_notif_ann');
    const stranger = await user('live_notif_stranger');
    const annTab = await subscribed(ann.cookie);
    const strangerTab = await subscribed(stranger.cookie);
    const anonymous = await subscribed();
    expect(annTab).toEqual([{ type: 'notifications_subscribed' }]);
    expect(anonymous).toEqual([{ type: 'error', message: 'Please sign in to receive notifications.' }]);

    const service = db.rt.container.get(NotificationService);
    const orm = db.rt.db.orm;
    let id = '';
    await orm.em.fork().transactional(async () => {
      id = (await service.record(input(ann.id, 'Listing approved'))).id;
      // Recorded but not committed: give a NOTIFY time to arrive, if one wrongly went out already.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(annTab).toHaveLength(1);
    });
    await vi.waitFor(() =>
      expect(annTab.at(-1)).toMatchObject({
        type: 'notification',
        notification: { id, userId: ann.id, title: 'Listing approved', isRead: false, link: '/parts/00000000-0000-4000-8000-000000000001' },
      }),
    );
    // The unread count over HTTP agrees with what the tab was told.
    const count = await fetch(`${server.url}/api/notifications/unread-count`, { headers: { cookie: ann.cookie } });
    expect(await count.json()).toEqual({ count: 1 });
    // Read in one tab: every tab of the user hears the new count.
    const read = await fetch(`${server.url}/api/notifications/${id}/read`, { method: 'PUT', headers: { cookie: ann.cookie } });
    expect(read.status).toBe(200);
    await vi.waitFor(() => expect(annTab.at(-1)).toEqual({ type: 'notifications_read', unreadCount: 0 }));
    expect(strangerTab).toEqual([{ type: 'notifications_subscribed' }]);
    expect(anonymous).toHaveLength(1);
  });

  it('recordManyOnce stores a batch once per key, within and across calls, and delivers it after the commit in one send', async () => {
    const cat = await user('live_notif_cat');
    const dan = await user('live_notif_dan');
    const catTab = await subscribed(cat.cookie);
    const danTab = await subscribed(dan.cookie);
    const service = db.rt.container.get(NotificationService);
    const orm = db.rt.db.orm;
    const alertA = crypto.randomUUID();
    const alertB = crypto.randomUUID();
    const item = crypto.randomUUID();
    const match = (userId: string, alertId: string, title: string) => ({
      userId, alertId, notificationType: 'alert_match', title, message: 'Listed', relatedItemId: item, relatedItemType: 'part' as const, link: `/parts/${item}`,
    });
    const stored = await orm.em.fork().transactional(async () => {
      const notices = await service.recordManyOnce([
        match(cat.id, alertA, 'Cat first'),
        match(cat.id, alertA, 'Cat again'), // the same key in one call: the first wins
        match(dan.id, alertB, 'Dan first'),
        { ...input(dan.id, 'Dan keyed'), key: `test:${item}:dan` },
      ]);
      // Stored but not committed (and recordManyOnce pushes nothing itself): no tab hears of it yet.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(catTab).toHaveLength(1);
      expect(danTab).toHaveLength(1);
      return notices;
    });
    expect(stored.map((n) => n.title)).toEqual(['Cat first', 'Dan first', 'Dan keyed']);
    expect(stored[0]).toMatchObject({ userId: cat.id, alertId: alertA, relatedItemId: item, relatedItemType: 'part', link: `/parts/${item}`, isRead: false });
    await service.deliver(stored);
    await vi.waitFor(() => {
      expect(catTab.slice(1)).toEqual([{ type: 'notification', notification: stored[0] }]);
      expect(danTab.slice(1)).toEqual([
        { type: 'notification', notification: stored[1] },
        { type: 'notification', notification: stored[2] },
      ]);
    });

    // A second call stores only the keys not stored before.
    const again = await orm.em.fork().transactional(() =>
      service.recordManyOnce([match(cat.id, alertA, 'Cat third'), match(dan.id, alertB, 'Dan second'), match(cat.id, alertB, 'Cat on B')]),
    );
    expect(again).toEqual([]);
    const fresh = await orm.em.fork().transactional(() => service.recordManyOnce([match(cat.id, alertA, 'Cat third'), match(cat.id, crypto.randomUUID(), 'Cat new')]));
    expect(fresh.map((n) => n.title)).toEqual(['Cat new']);
    expect(await db.sql('select count(*)::int as n from alert_notifications where user_id = any($1)', [[cat.id, dan.id]])).toEqual([{ n: 4 }]);
    await expect(orm.em.fork().transactional(() => service.recordManyOnce([input(cat.id, 'No key')]))).rejects.toThrow('needs a key');
  });

  it("the event task stores an event's notices in one statement and pushes them after its commit, once however often the job runs", async () => {
    const eve = await user('live_notif_eve');
    const fay = await user('live_notif_fay');
    const eveTab = await subscribed(eve.cookie);
    const fayTab = await subscribed(fay.cookie);
    const task = notificationsTasks[NOTIFICATIONS_TASKS.notifyEvent]!(db.rt.container) as (payload: unknown, helpers: unknown) => Promise<void>;
    const auctionId = crypto.randomUUID();
    const notice = (userId: string, type: string, title: string) => ({ auctionId, userId, type, title, message: `${title}.\n\nhttp://pitlane.test/auctions/${auctionId}` });
    const job = {
      event: AUCTION_EVENTS.noticesSent,
      payload: {
        notices: [
          notice(eve.id, 'outbid-1', 'Eve outbid'),
          notice(fay.id, 'outbid-1', 'Fay outbid'),
          notice(eve.id, 'outbid-1', 'Eve outbid again'), // the same key in one event: the first wins, as it did notice by notice
          notice(eve.id, 'outbid-2', 'Eve outbid twice'),
        ],
      },
    };
    const ownTitles = async (userId: string) =>
      (await db.sql<{ title: string }>('select title from alert_notifications where user_id = $1 order by title', [userId])).map((r) => r.title);
    const recordManyOnce = NotificationService.prototype.recordManyOnce;
    const many = vi.spyOn(NotificationService.prototype, 'recordManyOnce');
    const inTransaction = vi.spyOn(NotificationLive.prototype, 'push');
    try {
      // The first attempt fails after storing, before its commit: nothing stays and no tab hears of it.
      many.mockImplementationOnce(async function (this: NotificationService, items) {
        await recordManyOnce.call(this, items);
        throw new Error('the worker died');
      });
      // The retry: stored but not committed yet, so no tab hears of it (a wrongly early NOTIFY gets time to arrive).
      many.mockImplementationOnce(async function (this: NotificationService, items) {
        const stored = await recordManyOnce.call(this, items);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(eveTab).toHaveLength(1);
        expect(fayTab).toHaveLength(1);
        return stored;
      });
      await expect(task(job, { job: { id: '424242' } })).rejects.toThrow('the worker died');
      expect(await ownTitles(eve.id)).toEqual([]);
      await task(job, { job: { id: '424242' } });
      // Every notice of the event went in one call, with no statement per notice and no NOTIFY in the transaction.
      expect(many).toHaveBeenCalledTimes(2);
      expect(many.mock.calls[1]![0]).toHaveLength(4);
      expect(inTransaction).not.toHaveBeenCalled();
    } finally {
      many.mockRestore();
      inTransaction.mockRestore();
    }
    expect(await ownTitles(eve.id)).toEqual(['Eve outbid', 'Eve outbid twice']);
    expect(await ownTitles(fay.id)).toEqual(['Fay outbid']);
    await vi.waitFor(() => {
      expect(eveTab.slice(1).map((m) => (m.notification as { title: string }).title).sort()).toEqual(['Eve outbid', 'Eve outbid twice']);
      expect(fayTab.slice(1)).toMatchObject([{ type: 'notification', notification: { userId: fay.id, title: 'Fay outbid', message: 'Fay outbid.', link: `/auctions/${auctionId}` } }]);
    });

    // The same job again: nothing new is stored, and no tab hears anything.
    await task(job, { job: { id: '424242' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ownTitles(eve.id)).toEqual(['Eve outbid', 'Eve outbid twice']);
    expect(eveTab).toHaveLength(3);
    expect(fayTab).toHaveLength(2);
  });

  it('sends nothing, and stores nothing, when the transaction rolls back', async () => {
    const bob = await user('live_notif_bob');
    const bobTab = await subscribed(bob.cookie);
    const service = db.rt.container.get(NotificationService);
    const orm = db.rt.db.orm;
    await expect(
      orm.em.fork().transactional(async () => {
        await service.record(input(bob.id, 'Never'));
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    // A later notice arrives; the rolled-back one never does.
    await orm.em.fork().transactional(() => service.record(input(bob.id, 'Later')));
    await vi.waitFor(() => expect(bobTab.at(-1)).toMatchObject({ type: 'notification', notification: { title: 'Later' } }));
    expect(bobTab.map((m) => (m.notification as { title?: string } | undefined)?.title)).toEqual([undefined, 'Later']);
    expect(await db.sql('select title from alert_notifications where user_id = $1', [bob.id])).toEqual([{ title: 'Later' }]);
  });
});
