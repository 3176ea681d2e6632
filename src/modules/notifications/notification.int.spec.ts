import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';
import type { NotificationDto } from './notification.dto.js';
import { NotificationService } from './notification.service.js';
import type { NotificationInput } from './notifications.api.js';

describe('notification centre routes', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let service: NotificationService;

  /** Records a notification for `userId` in its own transaction, a second after the one before. */
  const record = async (userId: string, overrides: Partial<NotificationInput> = {}) => {
    t.clock.advance(1000);
    const orm = t.rt.db.orm;
    return orm.em.fork().transactional(() =>
      service.record({ userId, notificationType: 'alert_match', title: 'New match', message: 'A part you wanted was listed.', link: '/parts/x', ...overrides }),
    );
  };

  beforeAll(async () => {
    t = await startTestApp();
    service = t.rt.container.get(NotificationService);
    ann = await fastUser(t, 'notif_ann');
    bob = await fastUser(t, 'notif_bob');
    admin = await fastUser(t, 'notif_admin');
    await t.sql(`update users set role = 'admin' where id = $1`, [admin.id]);
    for (let i = 1; i <= 5; i++) await record(ann.id, { title: `Ann ${i}` });
    await record(bob.id, { title: 'Bob 1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/notifications/{userId}', () => {
    it("answers the caller's own notifications newest first with X-Total-Count, by id or as me", async () => {
      const res = await ann.agent.get(`/api/notifications/${ann.id}`).expect(200);
      expect(res.headers['x-total-count']).toBe('5');
      expect(res.body.map((n: NotificationDto) => n.title)).toEqual(['Ann 5', 'Ann 4', 'Ann 3', 'Ann 2', 'Ann 1']);
      expect(res.body[0]).toMatchObject({
        id: expect.any(String),
        userId: ann.id,
        notificationType: 'alert_match',
        message: 'A part you wanted was listed.',
        link: '/parts/x',
        isRead: false,
        alertId: null,
        marketWatchId: null,
        sentAt: null,
        createdAt: expect.any(String),
      });
      const me = await ann.agent.get('/api/notifications/me').expect(200);
      expect(me.body).toEqual(res.body);
    });

    it('pages with limit and offset', async () => {
      const res = await ann.agent.get('/api/notifications/me?limit=2&offset=2').expect(200);
      expect(res.headers['x-total-count']).toBe('5');
      expect(res.body.map((n: NotificationDto) => n.title)).toEqual(['Ann 3', 'Ann 2']);
      await ann.agent.get('/api/notifications/me?limit=0').expect(400);
      await ann.agent.get('/api/notifications/me?limit=101').expect(400);
    });

    it("refuses someone else's feed with 403, except to an admin", async () => {
      await bob.agent.get(`/api/notifications/${ann.id}`).expect(403);
      const res = await admin.agent.get(`/api/notifications/${ann.id}`).expect(200);
      expect(res.headers['x-total-count']).toBe('5');
    });

    it('needs a signed-in user and a valid id', async () => {
      await t.agent().get('/api/notifications/me').expect(401);
      await t.agent().get('/api/notifications/unread-count').expect(401);
      await ann.agent.get('/api/notifications/not-an-id').expect(400);
    });
  });

  describe('read marks', () => {
    it('marks one notification read; the unread filter and count follow', async () => {
      const [newest] = (await ann.agent.get('/api/notifications/me?limit=1').expect(200)).body as NotificationDto[];
      expect((await ann.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 5 });
      const res = await ann.agent.put(`/api/notifications/${newest!.id}/read`).expect(200);
      expect(res.body).toMatchObject({ id: newest!.id, isRead: true });
      expect((await ann.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 4 });
      const unread = await ann.agent.get('/api/notifications/me?unread=true').expect(200);
      expect(unread.headers['x-total-count']).toBe('4');
      expect(unread.body.map((n: NotificationDto) => n.title)).toEqual(['Ann 4', 'Ann 3', 'Ann 2', 'Ann 1']);
      // Reading it again changes nothing and still answers it.
      await ann.agent.put(`/api/notifications/${newest!.id}/read`).expect(200);
    });

    it("answers 404 for someone else's notification or an unknown id, and leaves it unread", async () => {
      const [bobs] = (await bob.agent.get('/api/notifications/me').expect(200)).body as NotificationDto[];
      await ann.agent.put(`/api/notifications/${bobs!.id}/read`).expect(404);
      await admin.agent.put(`/api/notifications/${bobs!.id}/read`).expect(404);
      await ann.agent.put('/api/notifications/00000000-0000-4000-8000-000000000000/read').expect(404);
      expect((await bob.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 1 });
    });

    it("marks all of the caller's notifications read, and nobody else's", async () => {
      const res = await ann.agent.put('/api/notifications/read-all').expect(200);
      expect(res.body).toEqual({ updated: 4 });
      expect((await ann.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 0 });
      expect((await ann.agent.put('/api/notifications/read-all').expect(200)).body).toEqual({ updated: 0 });
      expect((await bob.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 1 });
    });
  });

  describe('recordManyOnce', () => {
    it('stores an alert match once per alert and item', async () => {
      const orm = t.rt.db.orm;
      const alertId = '11111111-1111-4111-8111-111111111111';
      const partId = '22222222-2222-4222-8222-222222222222';
      const input = { userId: bob.id, notificationType: 'alert_match', title: 'Match', message: 'Listed', alertId, relatedItemId: partId, relatedItemType: 'part' as const };
      const first = await orm.em.fork().transactional(() => service.recordManyOnce([input]));
      const second = await orm.em.fork().transactional(() => service.recordManyOnce([input]));
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ alertId, relatedItemId: partId, relatedItemType: 'part' });
      expect(second).toEqual([]);
      const rows = await t.sql('select id from alert_notifications where alert_id = $1', [alertId]);
      expect(rows).toHaveLength(1);
    });
  });
});
