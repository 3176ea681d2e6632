import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let bidder2: TestUser;
let admin: TestUser;
let partId: string;

const lifecycle = () => t.rt.container.get(AuctionLifecycleService);
const tick = () => t.inContext(() => lifecycle().tick());

/** Schedules an auction (as the seller) and returns its id. */
async function schedule(overrides: Record<string, unknown> = {}, startIn = HOUR, runFor = 2 * HOUR): Promise<string> {
  // A fresh part each time: a part has at most one open auction.
  partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides, startIn, runFor));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Schedules and opens an auction; the clock ends at its start time. */
async function activeAuction(overrides: Record<string, unknown> = {}, runFor = 2 * HOUR): Promise<string> {
  const id = await schedule(overrides, HOUR, runFor);
  t.clock.advance(HOUR);
  await tick();
  const res = await t.agent().get(`/api/auctions/${id}`).expect(200);
  expect(res.body.status).toBe('active');
  return id;
}

async function putSettings(group: string, body: Record<string, unknown>) {
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body[group];
  await admin.agent.put(`/api/admin/settings/${group}`).send({ ...current, ...body }).expect(200);
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  other = await quickUser(t, 'olga_other', 'admin');
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'jason');
  bidder2 = await quickUser(t, 'kim_bidder');
  partId = await partOf(seller);
  // Every test browser shares the seller's address; pattern analysis is switched on in its own test.
  await putSettings('bidder', { patternAnalysisEnabled: false });
}, 60_000);
afterAll(async () => t?.close());

describe('scheduling an auction', () => {
  it('creates a scheduled auction with zero totals and money as decimal strings', async () => {
    const form = auctionForm(t, partId, { reservePrice: '150', buyItNowPrice: 200, sellerId: buyer.id });
    const res = await seller.agent.post('/api/auctions').send(form).expect(201);
    expect(res.body).toMatchObject({
      partId,
      sellerId: seller.id,
      sellerName: 'Alice Racer',
      status: 'scheduled',
      auctionType: 'reserve',
      startingBid: '100.00',
      currentBid: '0.00',
      bidIncrement: '10.00',
      reservePrice: '150.00',
      buyItNowPrice: '200.00',
      totalBids: 0,
      watchers: 0,
      extensions: 0,
      autoExtendTrigger: 120,
      autoExtendTime: 120,
      maxExtensions: 3,
      maxRelists: 3,
      relistDelay: 24,
      relistPriceReduction: 0,
      minimumNextBid: '100.00',
      buyItNowAvailable: false,
      images: [expect.objectContaining({ url: 'https://img.example.com/weber.jpg', altText: 'The pair on a bench' })],
      partNumber: null,
    });
    const jobs = await t.sql<{ key: string; task_identifier: string; run_at: Date }>(
      `select key, task_identifier, run_at from graphile_worker.jobs where key like $1 order by key`,
      [`%${res.body.id}`],
    );
    expect(jobs.map((j) => [j.key, j.task_identifier, new Date(j.run_at).toISOString()])).toEqual([
      [`auction-end:${res.body.id}`, 'auctions/end', form.endTime],
      [`auction-start:${res.body.id}`, 'auctions/start', form.startTime],
    ]);
  });

  it('names every missing required field with the form messages', async () => {
    const res = await seller.agent.post('/api/auctions').send({ bidIncrement: '' }).expect(400);
    expect(res.body.errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      partId: 'Part selection is required',
      startingBid: 'Starting bid is required',
      bidIncrement: 'Bid increment is required',
      startTime: 'Start time is required',
      endTime: 'End time is required',
    });
  });

  it('refuses a start in the past, an end before the start and a run shorter than the minimum duration', async () => {
    const past = auctionForm(t, partId, {}, -60_000);
    expect((await seller.agent.post('/api/auctions').send(past).expect(400)).body.message).toBe('Start time must be in the future');
    const backwards = auctionForm(t, partId, {}, HOUR, -60_000);
    expect((await seller.agent.post('/api/auctions').send(backwards).expect(400)).body.message).toBe('End time must be after start time');
    const short = auctionForm(t, partId, {}, HOUR, 30 * 60_000);
    expect((await seller.agent.post('/api/auctions').send(short).expect(400)).body.message).toBe('Auctions must run for at least 1 hour');
  });

  it('enforces relist bounds', async () => {
    const res = await seller.agent
      .post('/api/auctions')
      .send(auctionForm(t, partId, { maxRelists: 11, relistPriceReduction: 51, relistDelay: 0 }))
      .expect(400);
    expect(res.body.errors).toMatchObject({
      maxRelists: 'Max relists must be between 1 and 10',
      relistPriceReduction: 'Price reduction must be between 0 and 50 percent',
      relistDelay: 'Relist delay must be between 1 and 168 hours',
    });
  });

  it('applies the pricing settings to reserve and Buy It Now prices', async () => {
    const post = (o: Record<string, unknown>) => seller.agent.post('/api/auctions').send(auctionForm(t, partId, o));
    expect((await post({ reservePrice: '90' }).expect(400)).body.message).toBe('Reserve price must be at least the starting bid');
    expect((await post({ reservePrice: '180.01' }).expect(400)).body.message).toBe(
      'Reserve price can be at most 80% above the starting bid (180.00)',
    );
    expect((await post({ buyItNowPrice: '119.99' }).expect(400)).body.message).toBe('Buy It Now price must be at least 120.00');
    expect((await post({ auctionType: 'reserve' }).expect(400)).body.message).toBe('Reserve price is required for a reserve auction');
    await putSettings('pricing', { allowReservePrices: false, allowBuyItNow: false });
    try {
      expect((await post({ reservePrice: '150' }).expect(400)).body.message).toBe('Reserve prices are not allowed');
      expect((await post({ buyItNowPrice: '150' }).expect(400)).body.message).toBe('Buy It Now is not allowed');
    } finally {
      await putSettings('pricing', { allowReservePrices: true, allowBuyItNow: true });
    }
  });

  it('lets only sellers schedule, only their own active parts', async () => {
    await t.agent().post('/api/auctions').send(auctionForm(t, partId)).expect(401);
    const notSeller = await buyer.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(403);
    expect(notSeller.body.message).toBe('Only approved sellers can schedule auctions');
    const notOwn = await other.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(403);
    expect(notOwn.body.message).toBe('You can only auction your own parts');
    const unknown = await seller.agent
      .post('/api/auctions')
      .send(auctionForm(t, '00000000-0000-4000-8000-000000000000'))
      .expect(400);
    expect(unknown.body.message).toBe('Part not found');
    const gone = await partOf(seller);
    await t.sql('update parts set is_active = false where id = $1', [gone]);
    expect((await seller.agent.post('/api/auctions').send(auctionForm(t, gone)).expect(400)).body.message).toBe(
      'This part is no longer listed',
    );
  });

  it('refuses a bid increment of $0 in the form and in the settings', async () => {
    const form = auctionForm(t, await partOf(seller), { bidIncrement: 0 });
    const res = await seller.agent.post('/api/auctions').send(form).expect(400);
    expect(res.body.errors).toEqual({ bidIncrement: 'Bid increment must be an amount above $0' });
    const settings = await admin.agent.put('/api/admin/settings/auction').send({ defaultBidIncrement: 0 }).expect(400);
    expect(settings.body.errors).toEqual({ defaultBidIncrement: 'Bid increment must be an amount above $0' });
  });

  it('uses the admin default increment when the form leaves it out', async () => {
    await putSettings('auction', { defaultBidIncrement: 5 });
    try {
      const form = auctionForm(t, await partOf(seller));
      delete (form as Partial<typeof form>).bidIncrement;
      const res = await seller.agent.post('/api/auctions').send(form).expect(201);
      expect(res.body.bidIncrement).toBe('5.00');
    } finally {
      await putSettings('auction', { defaultBidIncrement: 10 });
    }
  });
});

describe('listing and reading auctions', () => {
  it('lists with filters, sorting and paging as a JSON array with the total in X-Total-Count', async () => {
    const res = await t.agent().get('/api/auctions').query({ sellerId: seller.id, status: 'scheduled', limit: 2 }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(res.body).toHaveLength(2);
    expect(res.body.every((a: { status: string }) => a.status === 'scheduled')).toBe(true);
    const ends = res.body.map((a: { endTime: string }) => a.endTime);
    expect([...ends].sort()).toEqual(ends);
    await t.agent().get('/api/auctions').query({ sort: 'nonsense' }).expect(400);
  });

  it("lists an auction's bids newest first as a JSON array with the total in X-Total-Count", async () => {
    const id = await activeAuction({ title: 'Bid history list' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 110 }).expect(201);
    const res = await t.agent().get(`/api/auctions/${id}/bids`).query({ limit: 1 }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(res.body).toEqual([expect.objectContaining({ auctionId: id, bidAmount: '110.00', bidType: 'regular', isWinning: true })]);
    const all = await t.agent().get(`/api/auctions/${id}/bids`).expect(200);
    expect(all.body.map((b: { bidAmount: string }) => b.bidAmount)).toEqual(['110.00', '100.00']);
    expect(all.body[1].bidderName).toMatch(/^\w\*\*\*\w$/);
  });

  it('answers 404 for an unknown auction and 400 for a bad id', async () => {
    await t.agent().get('/api/auctions/00000000-0000-4000-8000-000000000000').expect(404);
    await t.agent().get('/api/auctions/nope').expect(400);
  });

  it('hides the reserve per the visibility setting but shows it to the seller', async () => {
    const id = await schedule({ reservePrice: '150' });
    const hidden = (await buyer.agent.get(`/api/auctions/${id}`).expect(200)).body;
    expect(hidden).toMatchObject({ reservePrice: null, reserveMet: null, hasReserve: true });
    expect((await seller.agent.get(`/api/auctions/${id}`).expect(200)).body).toMatchObject({ reservePrice: '150.00', reserveMet: false });
    await putSettings('pricing', { reservePriceVisibility: 'met-status' });
    expect((await buyer.agent.get(`/api/auctions/${id}`).expect(200)).body).toMatchObject({ reservePrice: null, reserveMet: false });
    await putSettings('pricing', { reservePriceVisibility: 'full' });
    expect((await buyer.agent.get(`/api/auctions/${id}`).expect(200)).body).toMatchObject({ reservePrice: '150.00', reserveMet: false });
    await putSettings('pricing', { reservePriceVisibility: 'hidden' });
  });
});

describe('admin settings', () => {
  it('returns every group with the spec defaults', async () => {
    const fresh = await startTestApp();
    try {
      const a = await quickUser(fresh, 'fresh_admin', 'admin');
      const res = await a.agent.get('/api/admin/settings').expect(200);
      expect(res.body).toEqual({
        auction: { autoExtendTrigger: 120, autoExtendTime: 120, maxExtensions: 3, allowProxy: true, defaultBidIncrement: 10, minimumAuctionDuration: 3600 },
        bidder: {
          requireBidderVerification: false,
          minAccountAgeHours: 0,
          allowedCountries: [],
          blockedBidders: [],
          requireApproval: false,
          patternAnalysisEnabled: true,
          geoVerificationEnabled: true,
          maxSuspiciousScore: 80,
          maxUnpaidItems: 0,
        },
        pricing: {
          allowReservePrices: true,
          allowBuyItNow: true,
          maxReservePercentage: 80,
          minBuyItNowMultiplier: 1.2,
          defaultReserveEnabled: false,
          defaultBuyItNowEnabled: true,
          autoRemoveBinAfterBids: false,
          reservePriceVisibility: 'hidden',
          commissionTiers: [
            { from: 0, ratePercent: 7 },
            { from: 1000, ratePercent: 5 },
            { from: 5000, ratePercent: 3 },
          ],
        },
      });
    } finally {
      await fresh.close();
    }
  });

  it('validates and stores one group, for admins only', async () => {
    await buyer.agent.get('/api/admin/settings').expect(403);
    await buyer.agent.put('/api/admin/settings/bidder').send({}).expect(403);
    const current = (await admin.agent.get('/api/admin/settings')).body.bidder;
    const bad = await admin.agent.put('/api/admin/settings/bidder').send({ ...current, maxSuspiciousScore: 101 }).expect(400);
    expect(bad.body.message).toBe('Max suspicious score must be between 0 and 100');
    const badPricing = (await admin.agent.get('/api/admin/settings')).body.pricing;
    const mult = await admin.agent.put('/api/admin/settings/pricing').send({ ...badPricing, minBuyItNowMultiplier: 0.9 }).expect(400);
    expect(mult.body.message).toBe('Min Buy It Now multiplier must be at least 1.0');
    await admin.agent.put('/api/admin/settings/nope').send({}).expect(400);
    const saved = await admin.agent
      .put('/api/admin/settings/bidder')
      .send({ ...current, blockedBidders: ' a, ,b ', allowedCountries: 'USA,CAN' })
      .expect(200);
    expect(saved.body).toMatchObject({ blockedBidders: ['a', 'b'], allowedCountries: ['USA', 'CAN'] });
    await admin.agent.put('/api/admin/settings/bidder').send(current).expect(200);
  });

  it('gives signed-in users the scheduling form settings', async () => {
    await t.agent().get('/api/auction-settings/public').expect(401);
    const res = await buyer.agent.get('/api/auction-settings/public').expect(200);
    expect(res.body).toMatchObject({
      defaults: { bidIncrement: '10.00', autoExtendTrigger: 120, autoExtendTime: 120, maxExtensions: 3, buyItNowEnabled: true },
      minimumAuctionDuration: 3600,
      allowReservePrices: true,
      allowBuyItNow: true,
      maxReservePercentage: 80,
      minBuyItNowMultiplier: 1.2,
    });
  });
});
