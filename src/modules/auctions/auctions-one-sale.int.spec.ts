import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { EventBus } from '../../platform/events.js';
import { CatalogApi, catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';

// Issue 25 "One part, one sale" and issue 17 "A part sold in an auction is still for sale".

let t: TestApp;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let bidder: TestUser;

const tick = () => t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
/** CatalogApi.fixedPriceAvailability, as a request (or the payments module) would call it. */
const availability = (partId: string) => t.inContext(() => t.rt.container.get(CatalogApi).fixedPriceAvailability(partId));
const createAuction = (partId: string, overrides: Record<string, unknown> = {}) =>
  seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides));

/** Schedules an auction of `partId` and opens it (the clock moves to its start). */
async function activeAuction(partId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await createAuction(partId, overrides);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  t.clock.advance(HOUR);
  await tick();
  expect((await t.agent().get(`/api/auctions/${res.body.id}`).expect(200)).body.status).toBe('active');
  return res.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  other = await quickUser(t, 'olga_other', 'admin');
  buyer = await quickUser(t, 'jason');
  bidder = await quickUser(t, 'kim_bidder');
  const current = (await seller.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await seller.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 60_000);
afterAll(async () => t?.close());

describe('which parts can go into an auction', () => {
  it('refuses a part waiting for review, a rejected, withdrawn or sold one, with the reason beside the part', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['is_approved = false, rejection_reason = null', 'pending', 400, 'This part is still waiting for review: it can be auctioned once it is approved'],
      ['is_approved = false, rejection_reason = $2', 'rejected', 400, 'This part was not approved, so it cannot be auctioned'],
      ['is_active = false', 'withdrawn', 400, 'This part is no longer listed'],
      ['is_active = false, sold_at = now()', 'sold', 409, 'This part has been sold'],
    ];
    for (const [set, label, status, message] of cases) {
      const partId = await partOf(seller);
      const params = set.includes('$2') ? [partId, 'Blurry photos'] : [partId];
      await t.sql(`update parts set ${set} where id = $1`, params);
      const res = await createAuction(partId);
      expect([label, res.status, res.body.message, res.body.errors?.partId]).toEqual([label, status, message, message]);
    }
    const auctions = await t.sql<{ n: number }>('select count(*)::int as n from auctions');
    expect(auctions[0]!.n).toBe(0);
  });

  it("refuses another seller's part and accepts the seller's own approved, live part", async () => {
    const partId = await partOf(seller);
    const foreign = await other.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(403);
    expect(foreign.body.message).toBe('You can only auction your own parts');
    await createAuction(partId).expect(201);
  });
});

describe('one open auction per part', () => {
  it('refuses a second scheduled or active auction of a part with a 409, and allows a new one once it ended unsold', async () => {
    const partId = await partOf(seller);
    const first = await activeAuction(partId);
    const second = await createAuction(partId).expect(409);
    expect(second.body).toMatchObject({ code: 'part_in_auction', message: 'This part already has a scheduled or active auction' });

    t.clock.advance(2 * HOUR);
    await tick();
    expect((await t.agent().get(`/api/auctions/${first}`)).body).toMatchObject({ status: 'ended', winnerId: null });
    await createAuction(partId).expect(201);
  });

  it('lets exactly one of several concurrent schedules of one part through (the database index holds)', async () => {
    const partId = await partOf(seller);
    const results = await Promise.all(Array.from({ length: 8 }, () => createAuction(partId)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.message).toBe('This part already has a scheduled or active auction');
    }
    const rows = await t.sql<{ n: number }>(
      `select count(*)::int as n from auctions where part_id = $1 and status in ('scheduled', 'active')`,
      [partId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a second open auction even when the service checks are passed (straight in the database)', async () => {
    const partId = await partOf(seller);
    const id = (await createAuction(partId).expect(201)).body.id as string;
    await expect(
      t.sql(
        `insert into auctions (part_id, seller_id, title, description, starting_bid, bid_increment, start_time, end_time)
         select part_id, seller_id, title, description, starting_bid, bid_increment, start_time, end_time from auctions where id = $1`,
        [id],
      ),
    ).rejects.toThrow(/auctions_one_open_per_part/);
  });
});

describe('a part under auction is not for sale at its fixed price', () => {
  it('names the scheduled or active auction on the part, and frees the part when the auction ends unsold', async () => {
    const partId = await partOf(seller);
    expect((await t.agent().get(`/api/parts/${partId}`).expect(200)).body.activeAuctionId).toBeNull();
    expect(await availability(partId)).toEqual({ available: true, reason: null, activeAuctionId: null });

    const created = await createAuction(partId).expect(201);
    const auctionId = created.body.id as string;
    expect((await t.agent().get(`/api/parts/${partId}`).expect(200)).body).toMatchObject({ activeAuctionId: auctionId, isSold: false });
    expect(await availability(partId)).toEqual({ available: false, reason: 'in_auction', activeAuctionId: auctionId });
    const listed = await t.agent().get(`/api/parts?sellerId=${seller.id}&limit=100`).expect(200);
    expect(listed.body.find((p: { id: string }) => p.id === partId)?.activeAuctionId).toBe(auctionId);

    t.clock.advance(HOUR);
    await tick();
    expect((await t.agent().get(`/api/parts/${partId}`).expect(200)).body.activeAuctionId).toBe(auctionId);

    t.clock.advance(2 * HOUR);
    await tick();
    await t.drain();
    expect((await t.agent().get(`/api/parts/${partId}`).expect(200)).body).toMatchObject({ activeAuctionId: null, isSold: false, isActive: true });
    expect((await availability(partId))?.available).toBe(true);
  });
});

describe('a sold auction sells its part', () => {
  it('marks the part sold after Buy It Now: it leaves search, its page says sold, watchlists show it unavailable', async () => {
    const partId = await partOf(seller, { title: 'Borrani wire wheel set', description: 'Five Borrani wire wheels, rebuilt.' });
    await buyer.agent.post('/api/watchlist').send({ partId }).expect(201);
    expect((await t.agent().get('/api/parts?q=borrani').expect(200)).body.map((p: { id: string }) => p.id)).toContain(partId);

    const auctionId = await activeAuction(partId, { buyItNowPrice: '250' });
    await buyer.agent.post(`/api/auctions/${auctionId}/buy-it-now`).expect(201);
    // Until the catalog has heard of the sale, the won auction already refuses a new one.
    const early = await createAuction(partId).expect(409);
    expect(early.body.message).toBe('This part has been sold');
    await t.drain();

    const part = (await t.agent().get(`/api/parts/${partId}`).expect(200)).body;
    expect(part).toMatchObject({ isSold: true, isActive: false, activeAuctionId: null });
    expect(part.soldAt).toEqual(expect.any(String));
    expect((await t.agent().get('/api/parts?q=borrani').expect(200)).body).toEqual([]);
    const watchlist = (await buyer.agent.get('/api/watchlist').expect(200)).body as Array<{ partId: string; isPartAvailable: boolean }>;
    expect(watchlist.find((e) => e.partId === partId)?.isPartAvailable).toBe(false);
    expect(await availability(partId)).toMatchObject({ available: false, reason: 'sold' });
    expect((await createAuction(partId).expect(409)).body.message).toBe('This part has been sold');
  });

  it('marks the part sold when an auction is won at its end with the reserve met, and not when the reserve is missed', async () => {
    const wonPart = await partOf(seller);
    const won = await activeAuction(wonPart, { reservePrice: '120' });
    await bidder.agent.post(`/api/auctions/${won}/bids`).send({ bidAmount: 130 }).expect(201);
    const missedPart = await partOf(seller);
    const missed = await activeAuction(missedPart, { reservePrice: '150' });
    await bidder.agent.post(`/api/auctions/${missed}/bids`).send({ bidAmount: 110 }).expect(201);

    t.clock.advance(3 * HOUR);
    await tick();
    await t.drain();
    expect((await t.agent().get(`/api/auctions/${won}`)).body).toMatchObject({ status: 'ended', winnerId: bidder.id });
    expect((await t.agent().get(`/api/parts/${wonPart}`).expect(200)).body).toMatchObject({ isSold: true, isActive: false });
    expect((await t.agent().get(`/api/auctions/${missed}`)).body).toMatchObject({ status: 'ended', winnerId: null });
    expect((await t.agent().get(`/api/parts/${missedPart}`).expect(200)).body).toMatchObject({ isSold: false, isActive: true });
  });

  it('closes the open auction of a part sold elsewhere, which then takes no bids', async () => {
    const partId = await partOf(seller);
    const auctionId = await activeAuction(partId);
    await bidder.agent.post(`/api/auctions/${auctionId}/bids`).send({ bidAmount: 100 }).expect(201);

    // The catalog's side of a sale elsewhere: the part is marked sold and `catalog.part.sold` published.
    const em = t.rt.orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute('update parts set sold_at = now(), is_active = false where id = ?', [partId]);
      await t.rt.container.get(EventBus).publish(tx, { name: 'catalog.part.sold', payload: { partId, sellerId: seller.id } });
    });
    await t.drain();

    expect((await t.agent().get(`/api/auctions/${auctionId}`)).body).toMatchObject({ status: 'ended', winnerId: null });
    const late = await buyer.agent.post(`/api/auctions/${auctionId}/bids`).send({ bidAmount: 200 });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
  });
});
