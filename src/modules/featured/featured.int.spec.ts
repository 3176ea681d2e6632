import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { requestForm } from '../../../test/reverse.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { FeaturedApi } from './featured.api.js';
import { FEATURED_MESSAGES } from './featured-listing.schemas.js';
import { FEATURED_CACHE_MS } from './featured-public.service.js';
import { CLICKS_PER_MINUTE } from './featured-listing.routes.js';
import { FeaturedStatsRecorder } from './featured-stats.recorder.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
const DAY = 24 * HOUR;
/** Three of the catalog's categories (read after the seed). */
let CATEGORY_A = '';
let CATEGORY_B = '';
let CATEGORY_C = '';

/** An approved part of the admin. */
async function part(title = 'Weber 48 IDA carburettor pair'): Promise<string> {
  const id = await partOf(admin, { title });
  await t.sql('update parts set is_approved = true, is_active = true where id = $1', [id]);
  return id;
}

/** A far-away window of days (each test its own), so bookings of different tests never meet. */
let window = 0;
const days = () => {
  const base = t.clock.now().getTime() + 400 * DAY + window++ * 100 * DAY;
  return (from: number, to: number) => ({ startDate: new Date(base + from * DAY).toISOString(), endDate: new Date(base + to * DAY).toISOString() });
};

const book = (body: Record<string, unknown>) => admin.agent.post('/api/admin/featured-listings').send(body);

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  [CATEGORY_A, CATEGORY_B, CATEGORY_C] = (await t.sql<{ id: string }>('select id from categories order by name limit 3')).map((r) => r.id) as [string, string, string];
  admin = await quickUser(t, 'featured_admin', 'admin');
  buyer = await quickUser(t, 'featured_buyer');
});
afterAll(async () => {
  await t?.close();
});

describe('the console resource', () => {
  it('is for admins only', async () => {
    await t.agent().get('/api/admin/featured-listings').expect(401);
    await buyer.agent.get('/api/admin/featured-listings').expect(403);
    await buyer.agent.post('/api/admin/featured-listings').send({}).expect(403);
    await buyer.agent.get('/api/admin/featured-revenue').expect(403);
    const res = await admin.agent.get('/api/admin/featured-listings').expect(200);
    expect(res.headers['content-range']).toMatch(/^featured-listings 0-\d+\/\d+$/);
  });

  it('refuses a form without its required fields, with the spec messages', async () => {
    const res = await book({}).expect(400);
    expect(res.body.errors).toMatchObject({
      position: FEATURED_MESSAGES.position,
      startDate: FEATURED_MESSAGES.startDate,
      price: FEATURED_MESSAGES.price,
    });
    const partless = await book({ position: 1, startDate: '2027-01-01', price: '10.00' }).expect(400);
    expect(partless.body.errors).toEqual({ partId: 'Part is required' });
    const auctionless = await book({ listingType: 'auction', position: 1, startDate: '2027-01-01', price: 0 }).expect(400);
    expect(auctionless.body.errors).toEqual({ auctionId: FEATURED_MESSAGES.auction });
  });

  it('checks the position against the page: 1-12 at home, 1-8 on a category page, which needs its category', async () => {
    const partId = await part();
    const w = days()(0, 5);
    for (const position of [0, 13, 2.5]) {
      const res = await book({ partId, position, ...w, price: 10 }).expect(400);
      expect(res.body.errors.position).toBe('Position must be between 1 and 12');
    }
    const nine = await book({ partId, position: 9, placementType: 'category', categoryId: CATEGORY_A, ...w, price: 10 }).expect(400);
    expect(nine.body.errors.position).toBe('Position must be between 1 and 8');
    const noCategory = await book({ partId, position: 2, placementType: 'category', ...w, price: 10 }).expect(400);
    expect(noCategory.body.errors).toEqual({ categoryId: FEATURED_MESSAGES.category });
    await book({ partId, position: 8, placementType: 'category', categoryId: CATEGORY_A, ...w, price: 10 }).expect(201);
    const unknown = await book({ partId, position: 7, placementType: 'category', categoryId: '0b7f6f0e-8a51-4d0e-9d7a-3c1f4b2a6e09', ...w, price: 10 }).expect(400);
    expect(unknown.body.errors).toEqual({ categoryId: 'Category not found' });
  });

  it('needs an end date after the start, and the price as exact money', async () => {
    const partId = await part();
    const w = days();
    const blankEnd = await book({ partId, position: 1, startDate: w(0, 1).startDate, endDate: '', price: 10 }).expect(400);
    expect(blankEnd.body.errors).toEqual({ endDate: FEATURED_MESSAGES.endDate });
    const backwards = await book({ partId, position: 1, startDate: w(5, 6).startDate, endDate: w(0, 5).startDate, price: 10 }).expect(400);
    expect(backwards.body.errors).toEqual({ endDate: FEATURED_MESSAGES.endAfterStart });
    const blankPrice = await book({ partId, position: 1, ...w(0, 1), price: '' }).expect(400);
    expect(blankPrice.body.errors).toEqual({ price: FEATURED_MESSAGES.price });
    await book({ partId, position: 1, ...w(0, 1), price: '10.005' }).expect(400);
    await book({ partId, position: 1, ...w(0, 1), price: -1 }).expect(400);
  });

  it('books a placement for the session admin, 30 days by default, with exact money and derived status', async () => {
    const partId = await part('Borrani wire wheel');
    const { startDate } = days()(0, 1);
    const res = await book({ partId, position: 4, startDate, price: '1234.56', notes: ' paid by invoice 17 ', createdBy: buyer.id }).expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      listingType: 'part',
      partId,
      auctionId: null,
      reverseAuctionId: null,
      position: 4,
      placementType: 'homepage',
      categoryId: null,
      isActive: true,
      startDate,
      endDate: new Date(new Date(startDate).getTime() + 30 * DAY).toISOString(),
      price: '1234.56',
      notes: 'paid by invoice 17',
      createdBy: admin.id,
      status: 'upcoming',
      listingLive: true,
      listingTitle: 'Borrani wire wheel',
      impressions: 0,
      clicks: 0,
      ctr: 0,
    });
    expect(res.body.part).toMatchObject({ id: partId, title: 'Borrani wire wheel', price: '2400.00' });
    const [row] = await t.sql<{ price: string; created_by: string }>('select price::text, created_by from featured_listings where id = $1', [res.body.id]);
    expect(row).toEqual({ price: '1234.56', created_by: admin.id });
    const shown = await admin.agent.get(`/api/admin/featured-listings/${res.body.id}`).expect(200);
    expect(shown.body.price).toBe('1234.56');
  });

  it('derives upcoming, active and expired from the clock, the run being [start, end)', async () => {
    const partId = await part();
    const start = new Date(t.clock.now().getTime() + HOUR);
    const end = new Date(start.getTime() + DAY);
    const saved = t.clock.now();
    const res = await book({ partId, position: 7, placementType: 'category', categoryId: CATEGORY_B, startDate: start.toISOString(), endDate: end.toISOString(), price: 5 }).expect(201);
    const status = async () => (await admin.agent.get(`/api/admin/featured-listings/${res.body.id}`).expect(200)).body.status;
    try {
      expect(await status()).toBe('upcoming');
      t.clock.set(start);
      expect(await status()).toBe('active');
      t.clock.set(new Date(end.getTime() - 1));
      expect(await status()).toBe('active');
      const active = await admin.agent.get('/api/admin/featured-listings').query({ filter: JSON.stringify({ status: 'active', categoryId: CATEGORY_B }) }).expect(200);
      expect(active.body.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
      t.clock.set(end);
      expect(await status()).toBe('expired');
      const expired = await admin.agent.get('/api/admin/featured-listings').query({ filter: JSON.stringify({ status: ['expired'], categoryId: CATEGORY_B }) }).expect(200);
      expect(expired.body.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
    } finally {
      t.clock.set(saved);
    }
  });
});

describe('listing types', () => {
  it('takes an approved unsold part only', async () => {
    const w = days()(0, 3);
    const pending = await partOf(admin, { title: 'Pending listing' });
    await t.sql('update parts set is_approved = false where id = $1', [pending]);
    const res = await book({ partId: pending, position: 1, ...w, price: 1 }).expect(400);
    expect(res.body.errors).toEqual({ partId: 'Part must be approved and not sold' });
    const sold = await part('Sold listing');
    await t.sql('update parts set is_active = false, sold_at = now() where id = $1', [sold]);
    await book({ partId: sold, position: 1, ...w, price: 1 }).expect(400);
    const unknown = await book({ partId: '00000000-0000-4000-8000-000000000999', position: 1, ...w, price: 1 }).expect(400);
    expect(unknown.body.errors).toEqual({ partId: 'Part not found' });
  });

  it('takes a scheduled or active auction and a scheduled or active reverse auction', async () => {
    const w = days();
    const partId = await part('Auctioned gearbox');
    const auction = await admin.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201);
    const a = await book({ listingType: 'auction', auctionId: auction.body.id, position: 1, ...w(0, 2), price: 50 }).expect(201);
    expect(a.body).toMatchObject({ listingType: 'auction', auctionId: auction.body.id, partId: null, listingTitle: auction.body.title, listingLive: true });
    expect(a.body.auction).toMatchObject({ id: auction.body.id, status: 'scheduled', startingBid: '100.00' });

    const request = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t)).expect(201);
    const r = await book({ listingType: 'reverse_auction', reverseAuctionId: request.body.id, position: 3, ...w(0, 2), price: 50 }).expect(201);
    expect(r.body.reverseAuction).toMatchObject({ id: request.body.id, maxBudget: '500.00' });

    // The type decides the reference: a part id sent along with an auction is dropped.
    const both = await book({ listingType: 'auction', auctionId: auction.body.id, partId, position: 2, ...w(0, 2), price: 50 }).expect(201);
    expect(both.body.partId).toBeNull();

    await t.sql("update auctions set status = 'ended' where id = $1", [auction.body.id]);
    const ended = await book({ listingType: 'auction', auctionId: auction.body.id, position: 5, ...w(0, 2), price: 50 }).expect(400);
    expect(ended.body.errors).toEqual({ auctionId: 'Auction must be scheduled or active' });
    const unknown = await book({ listingType: 'reverse_auction', reverseAuctionId: partId, position: 5, ...w(0, 2), price: 50 }).expect(400);
    expect(unknown.body.errors).toEqual({ reverseAuctionId: 'Reverse auction not found' });
  });
});

describe('clashes', () => {
  it('refuses an overlapping active placement on the same position of the same page, naming the position and dates', async () => {
    const partId = await part();
    const w = days();
    const first = await book({ partId, position: 6, ...w(10, 20), price: 100 }).expect(201);
    const res = await book({ partId, position: 6, ...w(19, 25), price: 100 }).expect(409);
    const { startDate, endDate } = w(10, 20);
    const fmt = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
    expect(res.body.message).toBe(`Position 6 on the home page is already booked from ${fmt(startDate)} to ${fmt(endDate)}`);
    expect(res.body.code).toBe('featured_position_taken');
    // Inside, around, and one millisecond of overlap at either edge.
    await book({ partId, position: 6, ...w(12, 13), price: 100 }).expect(409);
    await book({ partId, position: 6, ...w(5, 30), price: 100 }).expect(409);
    await book({ partId, position: 6, startDate: w(0, 0).startDate, endDate: new Date(new Date(startDate).getTime() + 1).toISOString(), price: 1 }).expect(409);
    await book({ partId, position: 6, startDate: new Date(new Date(endDate).getTime() - 1).toISOString(), endDate: w(0, 40).endDate, price: 1 }).expect(409);
    // Touching edges do not clash: one run ends when the next begins.
    await book({ partId, position: 6, ...w(20, 30), price: 100 }).expect(201);
    await book({ partId, position: 6, ...w(5, 10), price: 100 }).expect(201);
    // Another position, another page, or a switched-off placement do not clash either.
    await book({ partId, position: 7, ...w(10, 20), price: 100 }).expect(201);
    await book({ partId, position: 6, placementType: 'category', categoryId: CATEGORY_A, ...w(10, 20), price: 100 }).expect(201);
    await book({ partId, position: 6, placementType: 'category', categoryId: CATEGORY_B, ...w(10, 20), price: 100 }).expect(201);
    await book({ partId, position: 6, ...w(10, 20), price: 100, isActive: false }).expect(201);
    // A placement never clashes with itself when changed; moving onto a taken run does.
    await admin.agent.patch(`/api/admin/featured-listings/${first.body.id}`).send({ notes: 'moved' }).expect(200);
    const moved = await admin.agent.put(`/api/admin/featured-listings/${first.body.id}`).send({ ...first.body, position: 7 }).expect(409);
    expect(moved.body.message).toContain('Position 7 on the home page is already booked from');
  });

  it('keeps the rule under concurrent bookings (the exclusion constraint)', async () => {
    const partId = await part();
    const w = days()(0, 10);
    const results = await Promise.all(Array.from({ length: 4 }, () => book({ partId, position: 9, ...w, price: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('changing and removing', () => {
  it('checks the whole record after a PATCH or PUT and keeps what was not sent', async () => {
    const partId = await part();
    const w = days();
    const created = (await book({ partId, position: 2, ...w(0, 10), price: '99.90' }).expect(201)).body;
    const bad = await admin.agent.patch(`/api/admin/featured-listings/${created.id}`).send({ position: 13 }).expect(400);
    expect(bad.body.errors).toEqual({ position: 'Position must be between 1 and 12' });
    const toCategory = await admin.agent.patch(`/api/admin/featured-listings/${created.id}`).send({ placementType: 'category' }).expect(400);
    expect(toCategory.body.errors).toEqual({ categoryId: FEATURED_MESSAGES.category });
    const patched = await admin.agent.patch(`/api/admin/featured-listings/${created.id}`).send({ notes: 'Renewed' }).expect(200);
    expect(patched.body).toMatchObject({ position: 2, price: '99.90', notes: 'Renewed', partId, startDate: created.startDate, endDate: created.endDate });
    // The manager's PUT sends the whole record back, derived fields included.
    const put = await admin.agent.put(`/api/admin/featured-listings/${created.id}`).send({ ...patched.body, position: 3, price: '120.00' }).expect(200);
    expect(put.body).toMatchObject({ id: created.id, position: 3, price: '120.00', createdBy: admin.id });
    await admin.agent.put(`/api/admin/featured-listings/${created.id}`).send({ ...put.body, endDate: null }).expect(400);
  });

  it('removes a placement, answering the record', async () => {
    const partId = await part();
    const created = (await book({ partId, position: 2, ...days()(0, 10), price: 1 }).expect(201)).body;
    const res = await admin.agent.delete(`/api/admin/featured-listings/${created.id}`).expect(200);
    expect(res.body.id).toBe(created.id);
    await admin.agent.get(`/api/admin/featured-listings/${created.id}`).expect(404);
    await admin.agent.delete(`/api/admin/featured-listings/${created.id}`).expect(404);
  });
});

describe('the public call', () => {
  let categoryParts: string[];
  beforeAll(async () => {
    // Every public test below runs "now": clear today's home page of earlier tests' bookings first.
    categoryParts = [];
    for (let i = 0; i < 9; i++) categoryParts.push(await part(`Category part ${i + 1}`));
  });

  it('answers the live placements of the page by position, with their listings, never more than its slots', async () => {
    const now = t.clock.now().getTime();
    const run = { startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + DAY).toISOString() };
    for (let position = 1; position <= 8; position++) {
      await book({ partId: categoryParts[position - 1], position, placementType: 'category', categoryId: CATEGORY_A, ...run, price: 10 }).expect(201);
    }
    // Upcoming, expired and switched-off placements are not shown.
    await book({ partId: categoryParts[8], position: 1, placementType: 'category', categoryId: CATEGORY_A, startDate: new Date(now + 2 * DAY).toISOString(), endDate: new Date(now + 3 * DAY).toISOString(), price: 10 }).expect(201);
    await book({ partId: categoryParts[8], position: 2, placementType: 'category', categoryId: CATEGORY_A, startDate: new Date(now - 3 * DAY).toISOString(), endDate: new Date(now - HOUR).toISOString(), price: 10 }).expect(201);
    await book({ partId: categoryParts[8], position: 3, placementType: 'category', categoryId: CATEGORY_A, ...run, price: 10, isActive: false }).expect(201);

    const res = await t.agent().get('/api/featured-listings').query({ placementType: 'category', categoryId: CATEGORY_A }).expect(200);
    expect(res.body).toHaveLength(8);
    expect(res.body.map((l: { position: number }) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(res.body[0]).toMatchObject({ listingType: 'part', position: 1, placementType: 'category', categoryId: CATEGORY_A, part: { id: categoryParts[0], title: 'Category part 1', price: '2400.00' } });
    expect(res.body[0].part.images[0]).toMatchObject({ url: expect.any(String) });

    // Straight into the table, past the service: the page still never answers more than its slots.
    await t.sql(
      `insert into featured_listings (listing_type, part_id, position, placement_type, category_id, start_date, end_date, price, created_by)
       select 'part', $1, p, 'homepage', null, $2, $3, 1, $4 from generate_series(1, 12) as p`,
      [categoryParts[0], new Date(now - HOUR), new Date(now + DAY), admin.id],
    );
    t.clock.advance(FEATURED_CACHE_MS + 1);
    const home = await t.agent().get('/api/featured-listings').query({ placementType: 'homepage' }).expect(200);
    expect(home.body.length).toBeLessThanOrEqual(12);
    expect(home.body).toHaveLength(12);
    const plain = await t.agent().get('/api/featured-listings').expect(200);
    expect(plain.body).toEqual(home.body);
    // The cards' Featured mark: the parts featured now, on any page.
    const ids = await t.agent().get('/api/featured-listings/part-ids').expect(200);
    expect(ids.body).toEqual(expect.arrayContaining(categoryParts.slice(0, 8)));
    expect(ids.body).not.toContain(categoryParts[8]);
  });

  it('refuses a category page without its category', async () => {
    const res = await t.agent().get('/api/featured-listings').query({ placementType: 'category' }).expect(400);
    expect(res.body.errors).toEqual({ categoryId: FEATURED_MESSAGES.category });
    await t.agent().get('/api/featured-listings').query({ placementType: 'sidebar' }).expect(400);
  });

  it('stops showing a placement whose listing stopped being live, and the console says so', async () => {
    const now = t.clock.now().getTime();
    const partId = await part('Soon sold');
    const created = (
      await book({ partId, position: 5, placementType: 'category', categoryId: CATEGORY_B, startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + DAY).toISOString(), price: 10 }).expect(201)
    ).body;
    const page = () => t.agent().get('/api/featured-listings').query({ placementType: 'category', categoryId: CATEGORY_B }).expect(200);
    expect((await page()).body.map((l: { id: string }) => l.id)).toContain(created.id);
    await t.sql('update parts set is_active = false, sold_at = now() where id = $1', [partId]);
    // Served from memory for at most FEATURED_CACHE_MS.
    t.clock.advance(FEATURED_CACHE_MS + 1);
    expect((await page()).body.map((l: { id: string }) => l.id)).not.toContain(created.id);
    const shown = await admin.agent.get(`/api/admin/featured-listings/${created.id}`).expect(200);
    expect(shown.body).toMatchObject({ listingLive: false, status: 'active', listingTitle: 'Soon sold' });
  });

  it('shows a console change at once (the cache is dropped)', async () => {
    const now = t.clock.now().getTime();
    const partId = await part('Just booked');
    const page = () => t.agent().get('/api/featured-listings').query({ placementType: 'category', categoryId: CATEGORY_B }).expect(200);
    const before = (await page()).body.length;
    await book({ partId, position: 6, placementType: 'category', categoryId: CATEGORY_B, startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + DAY).toISOString(), price: 10 }).expect(201);
    expect((await page()).body).toHaveLength(before + 1);
  });

  it('counts impressions per page view and clicks in batches, off the request path', async () => {
    const recorder = t.rt.container.get(FeaturedStatsRecorder);
    await recorder.flush();
    const now = t.clock.now().getTime();
    const a = (await book({ partId: await part('Counted A'), position: 1, placementType: 'category', categoryId: CATEGORY_C, startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + DAY).toISOString(), price: 10 }).expect(201)).body;
    const b = (await book({ partId: await part('Counted B'), position: 2, placementType: 'category', categoryId: CATEGORY_C, startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + DAY).toISOString(), price: 10 }).expect(201)).body;
    for (let i = 0; i < 3; i++) await t.agent().get('/api/featured-listings').query({ placementType: 'category', categoryId: CATEGORY_C }).expect(200);
    await t.agent().post(`/api/featured-listings/${a.id}/click`).expect(204);
    await t.agent().post('/api/featured-listings/00000000-0000-4000-8000-000000000999/click').expect(204);
    await t.agent().post('/api/featured-listings/not-an-id/click').expect(400);
    // One address cannot inflate a placement's clicks.
    const burst = await Promise.all(Array.from({ length: CLICKS_PER_MINUTE }, () => t.agent().post(`/api/featured-listings/${b.id}/click`)));
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    // Nothing written yet: all of it waits in memory, merged by placement and day.
    expect(await t.sql('select * from featured_listing_daily where featured_listing_id = any($1::uuid[])', [[a.id, b.id]])).toEqual([]);
    expect(recorder.pending).toBe(3);
    await recorder.flush();
    const rows = await t.sql<{ id: string; impressions: string; clicks: string }>(
      'select featured_listing_id as id, impressions::text, clicks::text from featured_listing_daily where featured_listing_id = any($1::uuid[]) order by impressions, clicks',
      [[a.id, b.id]],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: a.id, impressions: '3', clicks: '1' },
        { id: b.id, impressions: '3', clicks: String(CLICKS_PER_MINUTE - 3) },
      ]),
    );
    const shown = await admin.agent.get(`/api/admin/featured-listings/${a.id}`).expect(200);
    expect(shown.body).toMatchObject({ impressions: 3, clicks: 1, ctr: 0.3333 });
  });
});

describe('revenue', () => {
  it('reports revenue by month and page, occupancy and performance, and gives payments the months', async () => {
    const partId = await part('Revenue part');
    // A year ahead of every other test: the report's months hold only these.
    const base = new Date(Date.UTC(t.clock.now().getUTCFullYear() + 5, 2, 1));
    const at = (month: number, day: number) => new Date(Date.UTC(base.getUTCFullYear(), month, day)).toISOString();
    await book({ partId, position: 1, startDate: at(2, 1), endDate: at(2, 11), price: '100.10' }).expect(201);
    await book({ partId, position: 2, startDate: at(2, 21), endDate: at(3, 5), price: '0.20' }).expect(201);
    await book({ partId, position: 1, placementType: 'category', categoryId: CATEGORY_A, startDate: at(3, 1), endDate: at(3, 31), price: '50.00' }).expect(201);
    const year = base.getUTCFullYear();
    const res = await admin.agent.get('/api/admin/featured-revenue').query({ from: `${year}-03`, to: `${year}-04` }).expect(200);
    expect(res.body.months).toEqual([
      { month: `${year}-03`, homepage: '100.30', category: '0.00', total: '100.30', placements: 2 },
      { month: `${year}-04`, homepage: '0.00', category: '50.00', total: '50.00', placements: 1 },
    ]);
    expect(res.body.days).toBe(61);
    const home = res.body.pages.find((p: { placementType: string }) => p.placementType === 'homepage');
    expect(home).toMatchObject({ revenue: '100.30', placements: 2, bookedSlotDays: 25, possibleSlotDays: 12 * 61 });
    expect(home.occupancy).toBeCloseTo(25 / (12 * 61), 4);
    const category = res.body.pages.find((p: { categoryId: string }) => p.categoryId === CATEGORY_A);
    expect(category).toMatchObject({ revenue: '50.00', bookedSlotDays: 30, possibleSlotDays: 8 * 61 });
    expect(res.body.totals).toMatchObject({ revenue: '150.30', placements: 3 });
    expect(res.body.placements).toHaveLength(3);

    const months = await t.inContext(() => t.rt.container.get(FeaturedApi).revenueByMonth(new Date(Date.UTC(year, 2, 1)), new Date(Date.UTC(year, 5, 1))));
    expect(months.map((m) => [m.month, m.total])).toEqual([
      [`${year}-03`, '100.30'],
      [`${year}-04`, '50.00'],
      [`${year}-05`, '0.00'],
    ]);
    await admin.agent.get('/api/admin/featured-revenue').query({ from: `${year}-05`, to: `${year}-04` }).expect(400);
    await admin.agent.get('/api/admin/featured-revenue').query({ from: '2026-13' }).expect(400);
  });
});
