import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { auctionsModule } from '../auctions/index.js';
import { EventBus } from '../../platform/events.js';
import { CATALOG_EVENTS, catalogModule } from '../catalog/index.js';
import { AlertMailService } from './alert-mail.service.js';
import type { AlertDto } from './garage.dto.js';

describe('part alerts', () => {
  let t: TestApp;
  /** The auctions' minute tick: starts and ends the auctions due by the test clock. */
  const tick = () => auctionsModule.tasks!['auctions/tick']!(t.rt.container)({}, {} as never);
  let admin: TestUser;
  let buyer: TestUser;
  let other: TestUser;

  const matchesOf = async (alertId: string) =>
    (await t.sql<{ related_item_id: string }>("select related_item_id from alert_notifications where alert_id = $1 and notification_type = 'alert_match'", [alertId])).map(
      (r) => r.related_item_id,
    );
  const newAlert = async (who: TestUser, body: Record<string, unknown>) => (await who.agent.post('/api/alerts').send(body).expect(201)).body as AlertDto;
  const outbox = async (to: string) => {
    await t.drain();
    return t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by created_at', [to]);
  };

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    admin = await quickUser(t, 'alert_admin', 'admin');
    buyer = await fastUser(t, 'alert_buyer');
    other = await fastUser(t, 'alert_other');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => t.clock.advance(60_000));

  describe('the API', () => {
    it('creates an alert with the defaults (instant, active) and lists it for its owner', async () => {
      const alert = await newAlert(buyer, { alertName: 'Any Porsche', make: 'Porsche', keywords: 'Fuchs, wheel' });
      expect(alert).toMatchObject({ userId: buyer.id, make: 'porsche', makeName: 'Porsche', frequency: 'instant', isActive: true, keywords: ['fuchs', 'wheel'], condition: [], maxPrice: null });
      const list = await buyer.agent.get('/api/alerts/me').expect(200);
      expect(list.body.map((a: AlertDto) => a.id)).toContain(alert.id);
      await buyer.agent.delete(`/api/alerts/alert/${alert.id}`).expect(200);
    });

    it("refuses someone else's alerts with 403, admins excepted", async () => {
      const alert = await newAlert(buyer, { alertName: 'Mine' });
      await other.agent.get(`/api/alerts/${buyer.id}`).expect(403);
      await admin.agent.get(`/api/alerts/${buyer.id}`).expect(200);
      await other.agent.patch(`/api/alerts/alert/${alert.id}`).send({ isActive: false }).expect(403);
      await other.agent.delete(`/api/alerts/alert/${alert.id}`).expect(403);
      await t.agent().get('/api/alerts/me').expect(401);
      await buyer.agent.delete(`/api/alerts/alert/${alert.id}`).expect(200);
    });

    it('pauses, renames and changes the frequency, keeping the other fields', async () => {
      const alert = await newAlert(buyer, { alertName: 'Brakes', category: 'brakes', maxPrice: '250.50', condition: ['used-good'] });
      const res = await buyer.agent.patch(`/api/alerts/alert/${alert.id}`).send({ isActive: false, alertName: 'Brake parts', frequency: 'daily' });
      expect(res.body.errors).toBeUndefined();
      expect(res.body).toMatchObject({ isActive: false, alertName: 'Brake parts', frequency: 'daily', maxPrice: '250.50', condition: ['used-good'], category: 'brakes' });
      await buyer.agent.delete(`/api/alerts/alert/${alert.id}`).expect(200);
    });

    it('names each bad field', async () => {
      const res = await buyer.agent
        .post('/api/alerts')
        .send({ alertName: '', frequency: 'weekly', condition: ['mint'], maxPrice: 'cheap', yearStart: 1970, yearEnd: 1960 })
        .expect(400);
      expect(res.body.errors).toMatchObject({
        alertName: 'Alert name is required',
        frequency: 'Frequency must be instant or daily',
        'condition.0': 'Unknown condition',
        maxPrice: 'Maximum price must be an amount in dollars',
      });
      const unknown = await buyer.agent.post('/api/alerts').send({ alertName: 'X', make: 'zeppelin' }).expect(400);
      expect(unknown.body.errors.make).toBe('Choose a make from the list');
      const years = await buyer.agent.post('/api/alerts').send({ alertName: 'X', yearStart: 1970, yearEnd: 1960 }).expect(400);
      expect(years.body.errors.yearEnd).toBe('End year must be the same as or after the start year');
    });
  });

  describe('matching a newly approved part', () => {
    const alerts: Record<string, AlertDto> = {};
    let partId: string;

    beforeAll(async () => {
      const a = (name: string, body: Record<string, unknown>) => newAlert(buyer, { alertName: name, ...body }).then((x) => (alerts[name] = x));
      await a('any', {});
      await a('make', { make: 'porsche' });
      await a('wrong make', { make: 'ford' });
      await a('category', { category: 'engine' });
      await a('wrong category', { category: 'brakes' });
      await a('model', { make: 'porsche', model: '911' });
      await a('fitment model', { model: '912' });
      await a('wrong model', { model: 'Cayenne' });
      await a('years at the edge', { yearStart: 1969, yearEnd: 1973 });
      await a('years before', { yearStart: 1950, yearEnd: 1964 });
      await a('condition', { condition: ['rebuilt', 'used-good'] });
      await a('wrong condition', { condition: ['new-in-box'] });
      await a('price at the limit', { maxPrice: '2400.00' });
      await a('price below', { maxPrice: '2399.99' });
      await a('keywords', { keywords: 'carburettor weber' });
      await a('part number keyword', { keywords: ['901-108'] });
      await a('wrong keyword', { keywords: 'carburettor solex' });
      await a('paused', { isActive: false });
      await newAlert(other, { alertName: 'other user', make: 'porsche' });
      partId = await partOf(admin, {
        make: 'porsche',
        model: '911',
        category: 'engine',
        partNumber: '901.108.011',
        yearStart: 1965,
        yearEnd: 1969,
        vehicleCompatibility: [{ make: 'Porsche', model: '912', yearStart: 1965, yearEnd: 1969 }],
      });
      await t.drain();
    });

    it('matches on each field and stores one notification per matching alert', async () => {
      const matched = Object.entries(alerts).filter(([, a]) => a.id).map(([name]) => name);
      const result: Record<string, boolean> = {};
      for (const name of matched) result[name] = (await matchesOf(alerts[name]!.id)).includes(partId);
      expect(result).toEqual({
        any: true,
        make: true,
        'wrong make': false,
        category: true,
        'wrong category': false,
        model: true,
        'fitment model': true,
        'wrong model': false,
        'years at the edge': true,
        'years before': false,
        condition: true,
        'wrong condition': false,
        'price at the limit': true,
        'price below': false,
        keywords: true,
        'part number keyword': true,
        'wrong keyword': false,
        paused: false,
      });
      const [row] = await t.sql<{ n: number }>("select count(*)::int as n from alert_notifications where user_id = $1 and related_item_id = $2", [other.id, partId]);
      expect(row!.n).toBe(1);
    });

    it('stores each match once, however often the part is approved again', async () => {
      const before = await t.sql<{ n: number }>('select count(*)::int as n from alert_notifications where related_item_id = $1', [partId]);
      await admin.agent.patch(`/api/parts/${partId}`).send({ title: 'Weber 48 IDA carburettor pair, 901.108' });
      await t.drain();
      const { AlertMatchingService } = await import('./alert-matching.service.js');
      const { CatalogApi } = await import('../catalog/index.js');
      const [part] = await t.inContext(() => t.rt.container.get(CatalogApi).findParts([partId]));
      expect(await t.rt.container.get(AlertMatchingService).match(AlertMatchingService.partItem(part!)!)).toBe(0);
      const after = await t.sql<{ n: number }>('select count(*)::int as n from alert_notifications where related_item_id = $1', [partId]);
      expect(after[0]!.n).toBe(before[0]!.n);
      const list = (await buyer.agent.get('/api/alerts/me').expect(200)).body as AlertDto[];
      expect(list.find((a) => a.id === alerts.any!.id)).toMatchObject({ matchCount: 1 });
      expect(list.find((a) => a.id === alerts.any!.id)!.lastTriggered).not.toBeNull();
    });

    it('matches a part back on sale after a cancelled order against the alerts made since, not again the others', async () => {
      const late = await newAlert(other, { alertName: 'made after the sale', make: 'porsche', category: 'engine' });
      const matchNotices = 'select count(*)::int as n from alert_notifications where related_item_id = $1 and alert_id is not null';
      const before = await t.sql<{ n: number }>(matchNotices, [partId]);
      const back = { partId, sellerId: admin.id, orderId: '00000000-0000-4000-8000-00000000bac5' };
      await t.rt.db.orm.em.fork().transactional((em) => t.rt.container.get(EventBus).publish(em, { name: CATALOG_EVENTS.partBackOnSale, payload: back }));
      await t.drain();
      expect(await matchesOf(late.id)).toContain(partId);
      // One new match (the seller is told apart, by the notification centre).
      const after = await t.sql<{ n: number }>(matchNotices, [partId]);
      expect(after[0]!.n).toBe(before[0]!.n + 1);
    });

    it('names a saved search in quotes once: "falcon", not ""falcon""', async () => {
      const saved = await newAlert(other, { alertName: '"falcon"', keywords: 'falcon' });
      const plain = await newAlert(other, { alertName: 'Falcon grilles', keywords: 'falcon' });
      const id = await partOf(admin, { title: 'Falcon XY grille', make: 'ford' });
      await t.drain();
      const titles = await t.sql<{ alert_id: string; title: string }>('select alert_id, title from alert_notifications where related_item_id = $1', [id]);
      expect(titles.find((n) => n.alert_id === saved.id)?.title).toBe('New match for "falcon"');
      expect(titles.find((n) => n.alert_id === plain.id)?.title).toBe('New match for "Falcon grilles"');
    });

    it("never matches the seller's own alerts", async () => {
      const own = await newAlert(admin, { alertName: 'my own make', make: 'porsche' });
      const id = await partOf(admin, { make: 'porsche', title: 'Porsche seat' });
      await t.drain();
      expect(await matchesOf(own.id)).not.toContain(id);
    });

    it('mails the instant matches of a moment in one mail, with a pause link per alert, once', async () => {
      const service = t.rt.container.get(AlertMailService);
      t.clock.advance(60_000);
      expect(await service.mailInstant(buyer.id)).toBe('mailed');
      expect(await service.mailInstant(buyer.id)).toBe('nothing');
      const mails = await outbox('alert_buyer@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/new matches for your Pitlane alerts/);
      expect(mails[0]!.text).toContain(`http://pitlane.test/parts/${partId}`);
      const links = mails[0]!.text.match(/http:\/\/pitlane\.test\/api\/alerts\/pause\?alert=[^\s]+/g)!;
      expect(links.length).toBeGreaterThan(5);
      // The pause link works without signing in, once or twice.
      const link = links.find((l) => l.includes(alerts.any!.id))!;
      const path = link.replace('http://pitlane.test', '');
      const res = await t.agent().get(path).expect(200);
      expect(res.text).toContain('Alert paused');
      await t.agent().get(path).expect(200);
      const list = (await buyer.agent.get('/api/alerts/me').expect(200)).body as AlertDto[];
      expect(list.find((a) => a.id === alerts.any!.id)!.isActive).toBe(false);
      await t.agent().get(`/api/alerts/pause?alert=${alerts.make!.id}&token=forged`).expect(400);
    });

    it('waits for the grouping delay before mailing a fresh match', async () => {
      const fresh = await fastUser(t, 'fresh_buyer');
      await newAlert(fresh, { alertName: 'fresh', keywords: 'gearbox' });
      await partOf(admin, { title: 'Gearbox 915', make: 'porsche' });
      await t.drain();
      const service = t.rt.container.get(AlertMailService);
      expect(await service.mailInstant(fresh.id)).toBe('later');
      t.clock.advance(31_000);
      expect(await service.mailInstant(fresh.id)).toBe('mailed');
    });
  });

  describe('matching a started auction', () => {
    it('notifies the alerts its part matches, with the auction as the item', async () => {
      const alert = await newAlert(other, { alertName: 'Auctions of gauges', keywords: 'gauge' });
      const partId = await partOf(admin, { title: 'VDO oil gauge', make: 'porsche', price: 900 });
      const res = await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { title: 'VDO oil gauge auction' })).expect(201);
      t.clock.advance(HOUR + 1000);
      await tick();
      await t.drain();
      const matched = await matchesOf(alert.id);
      expect(matched).toContain(res.body.id);
      const [n] = await t.sql<{ title: string; link: string }>('select title, link from alert_notifications where related_item_id = $1', [res.body.id]);
      expect(n).toMatchObject({ link: `/auctions/${res.body.id}` });
    });
  });

  describe('the daily digest', () => {
    let digestUser: TestUser;
    beforeAll(async () => {
      digestUser = await fastUser(t, 'digest_user');
      await newAlert(digestUser, { alertName: 'Daily horns', keywords: 'horn', frequency: 'daily', timeZone: 'America/New_York' });
      await newAlert(digestUser, { alertName: 'Daily mirrors', keywords: 'mirror', frequency: 'daily' });
      // 10:00 in New York: past the default digest hour (8).
      t.clock.set('2026-11-24T15:00:00Z');
      await partOf(admin, { title: 'Hella horn pair' });
      await partOf(admin, { title: 'Talbot mirror' });
      await partOf(admin, { title: 'Bosch horn' });
      await t.drain();
    });

    it('sends one mail per user with every match grouped by alert, and only once a day', async () => {
      const service = t.rt.container.get(AlertMailService);
      await service.sendDigests();
      await service.sendDigests();
      const mails = await outbox('digest_user@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your daily Pitlane alert digest: 3 new matches');
      expect(mails[0]!.text).toContain('Daily horns:');
      expect(mails[0]!.text).toContain('Daily mirrors:');
      expect(mails[0]!.text.match(/\/api\/alerts\/pause\?alert=/g)).toHaveLength(2);
      // A match later the same local day waits for the next day's digest.
      await partOf(admin, { title: 'Stebel horn' });
      await t.drain();
      t.clock.set('2026-11-24T22:00:00Z');
      await service.sendDigests();
      expect(await outbox('digest_user@example.com')).toHaveLength(1);
      // 07:00 the next day in New York: before the hour, nothing; at 08:00, the next digest.
      t.clock.set('2026-11-25T12:00:00Z');
      await service.sendDigests();
      expect(await outbox('digest_user@example.com')).toHaveLength(1);
      t.clock.set('2026-11-25T13:00:00Z');
      await service.sendDigests();
      const after = await outbox('digest_user@example.com');
      expect(after).toHaveLength(2);
      expect(after[1]!.subject).toBe('Your daily Pitlane alert digest: 1 new match');
    });

    it('does not mail daily matches as instant ones', async () => {
      expect(await t.rt.container.get(AlertMailService).mailInstant(digestUser.id)).toBe('nothing');
    });
  });
});
