import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { requestForm } from '../../../test/reverse.fixtures.js';
import { reverseModule } from '../reverse/index.js';
import { auctionsModule } from '../auctions/index.js';
import { catalogModule } from '../catalog/index.js';
import type { MarketWatchItemDto, PricePointDto, SoldPriceHistoryDto, WatchCandidateDto } from './garage.dto.js';
import { MarketWatchService } from './market-watch.service.js';
import { PriceHistoryService } from './price-history.service.js';
import { EventBus } from '../../platform/events.js';

describe('market watch and price history', () => {
  let t: TestApp;
  /** The auctions' minute tick: starts and ends the auctions due by the test clock. */
  const tick = () => auctionsModule.tasks!['auctions/tick']!(t.rt.container)({}, {} as never);
  let admin: TestUser;
  let watcher: TestUser;
  let other: TestUser;
  let partId: string;

  const priceNotices = (userId: string) =>
    t.sql<{ title: string; message: string; link: string }>(
      "select title, message, link from alert_notifications where user_id = $1 and notification_type = 'price_change' order by created_at",
      [userId],
    );

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    admin = await quickUser(t, 'market_admin', 'admin');
    watcher = await fastUser(t, 'market_watcher');
    other = await fastUser(t, 'market_other');
    partId = await partOf(admin, { title: 'Solex 40 PII carburettor', price: 1000, partNumber: '40-PII-4', make: 'porsche', model: '356' });
    await t.drain();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => t.clock.advance(60_000));

  it('watches a part at its current price, once per item, for its owner only', async () => {
    const res = await watcher.agent.post('/api/market-watch').send({ partId, priceAlertThreshold: 10 }).expect(201);
    const watch = res.body as MarketWatchItemDto;
    expect(watch).toMatchObject({
      userId: watcher.id,
      watchType: 'part',
      partId,
      title: 'Solex 40 PII carburettor',
      itemPath: `/parts/${partId}`,
      originalPrice: '1000.00',
      currentPrice: '1000.00',
      priceChangePercent: 0,
      priceDirection: 'stable',
      priceAlertThreshold: 10,
    });
    const again = await watcher.agent.post('/api/market-watch').send({ watchType: 'part', partId }).expect(201);
    expect(again.body.id).toBe(watch.id);
    const list = await watcher.agent.get('/api/market-watch/me').expect(200);
    expect(list.body).toHaveLength(1);
    await other.agent.get(`/api/market-watch/${watcher.id}`).expect(403);
    await admin.agent.get(`/api/market-watch/${watcher.id}`).expect(200);
    await other.agent.delete(`/api/market-watch/item/${watch.id}`).expect(403);
    await other.agent.get(`/api/market-watch/item/${watch.id}/history`).expect(403);
  });

  it('names the bad fields', async () => {
    const none = await watcher.agent.post('/api/market-watch').send({}).expect(400);
    expect(none.body.errors.partId).toBe('Choose an item to watch');
    const threshold = await watcher.agent.post('/api/market-watch').send({ partId, priceAlertThreshold: 0 }).expect(400);
    expect(threshold.body.errors.priceAlertThreshold).toBe('Price alert threshold must be a percentage between 0.1 and 100');
    await watcher.agent.post('/api/market-watch').send({ partId: '00000000-0000-4000-8000-000000000000' }).expect(404);
  });

  it("changes a watch's alert threshold for its owner only, and names a bad value", async () => {
    const [watch] = (await watcher.agent.get('/api/market-watch/me').expect(200)).body as MarketWatchItemDto[];
    const bad = await watcher.agent.patch(`/api/market-watch/item/${watch!.id}`).send({ priceAlertThreshold: 0 }).expect(400);
    expect(bad.body.errors.priceAlertThreshold).toBe('Price alert threshold must be a percentage between 0.1 and 100');
    await other.agent.patch(`/api/market-watch/item/${watch!.id}`).send({ priceAlertThreshold: 5 }).expect(403);
    const edited = await watcher.agent.patch(`/api/market-watch/item/${watch!.id}`).send({ priceAlertThreshold: 7.5 }).expect(200);
    expect(edited.body).toMatchObject({ id: watch!.id, priceAlertThreshold: 7.5 });
    const back = await watcher.agent.patch(`/api/market-watch/item/${watch!.id}`).send({ priceAlertThreshold: 10 }).expect(200);
    expect(back.body.priceAlertThreshold).toBe(10);
  });

  it('moves the watch with a price edit and notifies when the move reaches the threshold, once per crossing', async () => {
    await admin.agent.patch(`/api/parts/${partId}`).send({ price: 800 }).expect(200);
    await t.drain();
    const [watch] = (await watcher.agent.get('/api/market-watch/me').expect(200)).body as MarketWatchItemDto[];
    expect(watch).toMatchObject({ currentPrice: '800.00', originalPrice: '1000.00', priceChangePercent: -20, priceDirection: 'down' });
    let notices = await priceNotices(watcher.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Price down 20% on an item you watch', message: 'Now $800.00 (was $1,000.00).', link: `/parts/${partId}` });
    // 5% from the last notified price: under the threshold.
    await admin.agent.patch(`/api/parts/${partId}`).send({ price: 760 }).expect(200);
    await t.drain();
    notices = await priceNotices(watcher.id);
    expect(notices).toHaveLength(1);
    // An edit that leaves the price alone records nothing.
    await admin.agent.patch(`/api/parts/${partId}`).send({ title: 'Solex 40 PII carburettor, rebuilt' }).expect(200);
    await t.drain();
    const line = (await watcher.agent.get(`/api/market-watch/item/${watch!.id}/history`).expect(200)).body as PricePointDto[];
    expect(line.map((p) => [p.price, p.eventType])).toEqual([
      ['1000.00', 'listed'],
      ['800.00', 'price_changed'],
      ['760.00', 'price_changed'],
    ]);
    // Up 12.5% from the last notified price (800): notified again.
    t.clock.advance(1000);
    await admin.agent.patch(`/api/parts/${partId}`).send({ price: 900 }).expect(200);
    await t.drain();
    notices = await priceNotices(watcher.id);
    expect(notices.map((n) => n.title)).toEqual(['Price down 20% on an item you watch', 'Price up 12.5% on an item you watch']);
  });

  it("follows a watched auction's current bid on the minute sweep, and records its final price", async () => {
    const auctionPart = await partOf(admin, { title: 'Fuchs 15x6 wheel', price: 500, partNumber: '911.361.013.02', make: 'porsche', model: '911' });
    const { body: auction } = await admin.agent.post('/api/auctions').send(auctionForm(t, auctionPart, { title: 'Fuchs wheel auction' })).expect(201);
    t.clock.advance(HOUR + 1000);
    await tick();
    await t.drain();
    const { body: watch } = await watcher.agent.post('/api/market-watch').send({ auctionId: auction.id, priceAlertThreshold: 50 }).expect(201);
    expect(watch).toMatchObject({ watchType: 'auction', originalPrice: '100.00', itemPath: `/auctions/${auction.id}` });
    const bid = await other.agent.post(`/api/auctions/${auction.id}/bids`).send({ bidAmount: '160.00' });
    expect([200, 201]).toContain(bid.status);
    await t.drain();
    const sweep = () => t.inContext(() => t.rt.container.get(MarketWatchService).sweep());
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [moved] = ((await watcher.agent.get('/api/market-watch/me').expect(200)).body as MarketWatchItemDto[]).filter((w) => w.auctionId);
    expect(moved).toMatchObject({ currentPrice: '160.00', priceChangePercent: 60, priceDirection: 'up' });
    expect((await priceNotices(watcher.id)).at(-1)!.link).toBe(`/auctions/${auction.id}`);
    // The end: the final price goes into the sold-price history by part number.
    t.clock.advance(3 * HOUR);
    await tick();
    await t.drain();
    const history = (await t.agent().get('/api/market/history?partNumber=911 361 013 02').expect(200)).body as SoldPriceHistoryDto;
    expect(history).toMatchObject({ count: 1, median: '160.00', min: '160.00', max: '160.00' });
    expect(history.points[0]!.eventType).toBe('auction_final');
  });

  it('answers sold prices by make, model and category with count, median (even count) and range', async () => {
    const prices = t.rt.container.get(PriceHistoryService);
    const [part] = await t.inContext(async () => (await import('../catalog/index.js')).CatalogApi).then((Api) => t.inContext(() => t.rt.container.get(Api).findParts([partId])));
    for (const [i, cents] of [30000, 10000, 20000, 45000].entries()) {
      await prices.record({ kind: 'order', partId, priceCents: cents, eventType: 'sold', part: part!, sourceKey: `order:test-${i}` });
    }
    // Recorded once per key.
    await prices.record({ kind: 'order', partId, priceCents: 99900, eventType: 'sold', part: part!, sourceKey: 'order:test-0' });
    const res = await t.agent().get('/api/market/history?make=porsche&model=356&category=intake').expect(200);
    expect(res.body).toMatchObject({ count: 4, median: '250.00', min: '100.00', max: '450.00' });
    await t.agent().get('/api/market/history').expect(400);
    const none = await t.agent().get('/api/market/history?partNumber=NOPE-1').expect(200);
    expect(none.body).toEqual({ count: 0, median: null, min: null, max: null, points: [] });
  });

  it('records a paid order as a sale once, and leaves auction orders to the auction final price', async () => {
    const soldPart = await partOf(admin, { title: 'Koni shock pair', price: 300, partNumber: 'KONI-8240', make: 'porsche' });
    const publish = async (payload: Record<string, unknown>) => {
      const orm = t.rt.db.orm;
      await orm.em.fork().transactional((em) => t.rt.container.get(EventBus).publish(em, { name: 'payments.order.paid', payload }));
      await t.drain();
    };
    const order = { orderId: '00000000-0000-4000-8000-0000000000a1', buyerId: watcher.id, sellerId: admin.id, partId: soldPart, source: 'buy_now', sourceId: null, totalCents: 29_950 };
    await publish(order);
    await publish(order);
    await publish({ ...order, orderId: '00000000-0000-4000-8000-0000000000a2', source: 'auction_won', totalCents: 50_000 });
    const history = (await t.agent().get('/api/market/history?partNumber=koni8240').expect(200)).body as SoldPriceHistoryDto;
    expect(history).toMatchObject({ count: 1, median: '299.50' });
    expect(history.points[0]!.eventType).toBe('sold');
  });

  it("finds parts, open auctions and active wanted requests for the watch form's picker", async () => {
    const res = await watcher.agent.get('/api/market-watch/search?q=solex').expect(200);
    expect((res.body as WatchCandidateDto[]).map((c) => c.id)).toEqual([partId]);
    await watcher.agent.get('/api/market-watch/search?q=s').expect(400);

    const gaugePart = await partOf(admin, { title: 'Jaeger tachometer', price: 700 });
    const { body: auction } = await admin.agent.post('/api/auctions').send(auctionForm(t, gaugePart, { title: 'Jaeger tach auction' })).expect(201);
    const { body: request } = await other.agent.post('/api/reverse-auctions').send(requestForm(t, { title: 'Wanted: Jaeger tachometer 8000 rpm' })).expect(201);
    t.clock.advance(HOUR + 1000);
    await tick();
    await reverseModule.tasks!['reverse/tick']!(t.rt.container)({}, {} as never);
    const auctions = (await watcher.agent.get('/api/market-watch/search?q=jaeger&watchType=auction').expect(200)).body as WatchCandidateDto[];
    expect(auctions).toEqual([expect.objectContaining({ watchType: 'auction', id: auction.id, title: 'Jaeger tach auction', price: '100.00', itemPath: `/auctions/${auction.id}` })]);
    const requests = (await watcher.agent.get('/api/market-watch/search?q=jaeger&watchType=reverse_auction').expect(200)).body as WatchCandidateDto[];
    expect(requests.map((r) => r.id)).toEqual([request.id]);
    expect(requests[0]).toMatchObject({ watchType: 'reverse_auction', price: '500.00', itemPath: `/reverse-auctions/${request.id}` });
  });

  it('stops watching', async () => {
    const [watch] = (await watcher.agent.get('/api/market-watch/me').expect(200)).body as MarketWatchItemDto[];
    await watcher.agent.delete(`/api/market-watch/item/${watch!.id}`).expect(200);
    await watcher.agent.delete(`/api/market-watch/item/${watch!.id}`).expect(404);
  });
});
