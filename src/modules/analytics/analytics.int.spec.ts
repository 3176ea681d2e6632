import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { ListingActivityRecorder } from './listing-activity.recorder.js';
import type { ActiveListingRow, SellerPerformanceRow } from './analytics.dto.js';

let t: TestApp;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;
let cheap: string;
let dear: string;
let auctioned: string;
let auctionId: string;
const DAY = 24 * 3600_000;

const flush = () => t.rt.container.get(ListingActivityRecorder).flush();
const view = (itemType: 'part' | 'auction', itemId: string) => ({ events: [{ type: 'view', itemType, itemId }] });
const listings = async (query = '') => {
  const res = await admin.agent.get(`/api/admin/active-listings${query}`);
  expect(res.status).toBe(200);
  return { rows: res.body as ActiveListingRow[], range: res.headers['content-range'] as string };
};
const rowOf = async (id: string) => (await listings(`?range=${encodeURIComponent('[0,499]')}`)).rows.find((r) => r.id === id)!;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  admin = await quickUser(t, 'analytics_admin', 'admin');
  seller = await approvedSeller(t, 'analytics_seller');
  buyer = await fastUser(t, 'analytics_buyer');
  // Two parts of one category and condition (median 200.00) and a third that goes to auction.
  cheap = await partOf(admin, { title: 'Cheap Weber pair', price: 100 });
  dear = await partOf(admin, { title: 'Dear Weber pair', price: 300 });
  auctioned = await partOf(admin, { title: 'Auctioned Weber pair', price: 200 });
  await t.sql('update parts set is_approved = true where id = any($1::uuid[])', [[cheap, dear, auctioned]]);
  const res = await admin.agent.post('/api/auctions').send(auctionForm(t, auctioned, { startingBid: '150.00' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  auctionId = res.body.id as string;
  // Hand the listings to an approved seller (an admin's parts have no storefront name).
  await t.sql('update parts set seller_id = $1 where id = any($2::uuid[])', [seller.id, [cheap, dear, auctioned]]);
  await t.sql('update auctions set seller_id = $1 where id = $2', [seller.id, auctionId]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/analytics/events', () => {
  it('refuses bad events with a message per field', async () => {
    const res = await t.agent().post('/api/analytics/events').send({ events: [{ type: 'stare', itemType: 'part', itemId: 'nope' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ 'events.0.type': 'Type must be view, impression or click', 'events.0.itemId': 'Not a valid id' });
    const empty = await t.agent().post('/api/analytics/events').send({ events: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ events: 'At least one event is required' });
  });

  it('counts a page view once per visitor per day, in batches written off the request path', async () => {
    const anonymous = t.agent();
    for (let i = 0; i < 3; i++) expect((await anonymous.post('/api/analytics/events').set('User-Agent', 'browser-a').send(view('part', cheap))).status).toBe(202);
    expect((await buyer.agent.post('/api/analytics/events').send(view('part', cheap))).status).toBe(202);
    expect((await buyer.agent.post('/api/analytics/events').send(view('part', cheap))).status).toBe(202);
    // Nothing is written until the batch is.
    expect(await t.sql('select * from listing_activity_daily where item_id = $1', [cheap])).toEqual([]);
    await flush();
    expect((await rowOf(cheap)).views).toBe(2);
    // The next day the same visitors count again.
    t.clock.advance(24 * 3600_000);
    await anonymous.post('/api/analytics/events').set('User-Agent', 'browser-a').send(view('part', cheap));
    await flush();
    expect((await rowOf(cheap)).views).toBe(3);
    // A different browser on the same network is another visitor.
    await t.agent().post('/api/analytics/events').set('User-Agent', 'browser-b').send(view('part', cheap));
    await flush();
    expect((await rowOf(cheap)).views).toBe(4);
  });

  it('adds up search impressions and clicks, with the click-through rate', async () => {
    const before = await rowOf(dear);
    expect(before.clickThroughPercent).toBeNull();
    const shown = { events: [{ type: 'impression', itemType: 'part', itemId: dear }, { type: 'impression', itemType: 'part', itemId: cheap }] };
    for (let i = 0; i < 4; i++) await t.agent().post('/api/analytics/events').send(shown);
    await t.agent().post('/api/analytics/events').send({ events: [{ type: 'click', itemType: 'part', itemId: dear }] });
    await flush();
    const after = await rowOf(dear);
    expect(after).toMatchObject({ impressions: 4, clicks: 1, clickThroughPercent: 25 });
  });

  it('forgets earlier days\' visitors but keeps their counts', async () => {
    t.clock.advance(3 * 24 * 3600_000);
    const pruned = await t.rt.container.get(ListingActivityRecorder).pruneVisitors();
    expect(pruned).toBeGreaterThan(0);
    expect(await t.sql('select * from listing_view_visitors')).toEqual([]);
    expect((await rowOf(cheap)).views).toBe(4);
  });
});

describe('GET /api/admin/active-listings', () => {
  it('is for admins only', async () => {
    expect((await t.agent().get('/api/admin/active-listings')).status).toBe(401);
    expect((await buyer.agent.get('/api/admin/active-listings')).status).toBe(403);
  });

  it('lists every live listing with real figures: price against the median, watchers, messages, days listed', async () => {
    await buyer.agent.post('/api/watchlist').send({ partId: dear }).expect(201);
    const conversation = await buyer.agent.post('/api/conversations').send({
      participantIds: [seller.id],
      subject: 'Weber pair',
      initialMessage: 'Are these the 48 IDA or the 48 IDF?',
      relatedItemId: dear,
      relatedItemType: 'part',
    });
    expect(conversation.status).toBe(201);
    const { rows, range } = await listings(`?sort=${encodeURIComponent('["price","ASC"]')}`);
    expect(range).toMatch(/^active-listings 0-2\/3$/);
    // The auctioned part is listed once, as its auction.
    expect(rows.map((r) => [r.listingType, r.title, r.price])).toEqual([
      ['part', 'Cheap Weber pair', '100.00'],
      ['auction', 'Auctioned Weber pair', '150.00'],
      ['part', 'Dear Weber pair', '300.00'],
    ]);
    const d = rows[2]!;
    expect(d).toMatchObject({ id: dear, sellerName: 'analytics_seller parts', categoryMedian: '200.00', priceVsMedianPercent: 50, watchers: 1, messages: 1, bids: null });
    expect(d.daysListed).toBe(4);
    expect(rows[0]!.priceVsMedianPercent).toBe(-50);
    expect(rows[1]).toMatchObject({ id: auctionId, bids: 0, priceVsMedianPercent: -25 });
  });

  it('carries the spec\'s part fields: location, description, isApproved and isSold, the auction\'s from its part', async () => {
    await t.sql("update parts set location = 'Maranello', description = 'Rebuilt in 2024, never fitted.' where id = $1", [auctioned]);
    const { rows } = await listings(`?sort=${encodeURIComponent('["price","ASC"]')}`);
    expect(rows[0]).toMatchObject({
      id: cheap,
      location: 'Modena',
      description: 'A matched pair of Weber 48 IDA carburettors, rebuilt and bench flowed.',
      isApproved: true,
      isSold: false,
    });
    expect(rows[1]).toMatchObject({ id: auctionId, location: 'Maranello', description: 'Rebuilt in 2024, never fitted.', isApproved: true, isSold: false });
  });

  it('filters, sorts by recorded figures and refuses unknown sorts', async () => {
    const auctions = await listings(`?filter=${encodeURIComponent('{"listingType":"auction"}')}`);
    expect(auctions.rows.map((r) => r.id)).toEqual([auctionId]);
    const byViews = await listings(`?sort=${encodeURIComponent('["views","DESC"]')}`);
    expect(byViews.rows[0]!.id).toBe(cheap);
    const searched = await listings(`?filter=${encodeURIComponent('{"q":"dear"}')}`);
    expect(searched.rows.map((r) => r.id)).toEqual([dear]);
    const bad = await admin.agent.get(`/api/admin/active-listings?sort=${encodeURIComponent('["secret","ASC"]')}`);
    expect(bad.status).toBe(400);
    const badFilter = await admin.agent.get(`/api/admin/active-listings?filter=${encodeURIComponent('{"listingType":"boat"}')}`);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.errors).toMatchObject({ listingType: 'Listing type must be part or auction' });
  });

  it('leaves out sold and hidden parts', async () => {
    await t.sql('update parts set is_active = false where id = $1', [cheap]);
    const { rows } = await listings();
    expect(rows.map((r) => r.id)).not.toContain(cheap);
    await t.sql('update parts set is_active = true where id = $1', [cheap]);
  });
});

describe('GET /api/admin/seller-analytics', () => {
  it('adds listing views, conversion and the seller\'s response time', async () => {
    const [c] = await t.sql<{ id: string }>('select id from conversations where seller_id = $1', [seller.id]);
    t.clock.advance(30 * 60_000);
    const reply = await seller.agent.post(`/api/conversations/${c!.id}/messages`).send({ content: 'They are 48 IDA, rebuilt last winter.' });
    expect(reply.status).toBe(201);
    const res = await admin.agent.get('/api/admin/seller-analytics');
    expect(res.status).toBe(200);
    const row = (res.body as SellerPerformanceRow[]).find((r) => r.userId === seller.id)!;
    // Nothing ended yet: no conversion to show (not 0 %).
    expect(row).toMatchObject({ listingViews: 4, conversations: 1, answeredConversations: 1, responseMedianMinutes: 30 });
    expect(row).toMatchObject({ conversionPercent: null, endedListings: 0, soldListings: 0 });
  });

  it('converts sales over the listings that ended in the last 90 days, counted over those listings: never above 100 %', async () => {
    const sellerRow = async () => {
      const res = await admin.agent.get('/api/admin/seller-analytics').expect(200);
      return (res.body as SellerPerformanceRow[]).find((r) => r.userId === seller.id)!;
    };
    // Listed and withdrawn before going live (listings of this seller need approval): never on sale, so not ended.
    const pending = await partOf(seller, { title: 'Pending Weber pair', price: 120 });
    await seller.agent.post(`/api/parts/${pending}/withdraw`).expect(200);
    // Sold 100 days ago: outside the period.
    const old = await partOf(seller, { title: 'Old Weber pair', price: 90 });
    await t.sql('update parts set is_approved = true, is_active = false, sold_at = $2 where id = $1', [old, new Date(t.clock.now().getTime() - 100 * DAY)]);
    // Hidden while the seller was suspended: not ended either.
    const hidden = await partOf(seller, { title: 'Hidden Weber pair', price: 95 });
    await t.sql('update parts set is_approved = true, is_active = false, hidden_by_suspension_at = $2, updated_at = $2 where id = $1', [hidden, t.clock.now()]);
    // The old figure divided all-time sales (38 here) by the listings now (345.5 % for a demo seller).
    await t.sql(
      `insert into seller_reputation (id, user_id, total_sales) values (gen_random_uuid(), $1, 38)
         on conflict (user_id) do update set total_sales = 38`,
      [seller.id],
    );
    await seller.agent.post(`/api/parts/${dear}/mark-sold`).expect(200);
    await seller.agent.post(`/api/parts/${cheap}/withdraw`).expect(200);
    expect(await sellerRow()).toMatchObject({ soldCount: 38, endedListings: 2, soldListings: 1, conversionPercent: 50 });

    // 91 days on, those two ended before the period: nothing to show again.
    t.clock.advance(91 * DAY);
    expect(await sellerRow()).toMatchObject({ endedListings: 0, soldListings: 0, conversionPercent: null });
  });
});
