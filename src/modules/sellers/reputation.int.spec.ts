import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { signedInSeller } from '../../../test/sellers.fixtures.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { EVALUATE_BADGES_TASK } from './reputation.service.js';
import { SEED_BADGES, seedSellers } from './sellers.seed.js';
import { fakeOrders } from '../../../test/returns.fixtures.js';

// Reviews need a delivered order: the returns module proves purchases, against an in-memory OrdersApi until payments binds one.
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  const { returnsModule } = await import('../returns/index.js');
  return { modules: [...original.modules.filter((m) => m.name !== 'returns'), fakeOrdersModule(fake), returnsModule] };
});

/** A delivered order of the seller's user to the buyer: what a review needs. */
const bought = (buyerId: string, sellerUserId: string) => fakeOrders.add({ buyerId, sellerId: sellerUserId }).id;

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let admin: { agent: Agent; id: string };

let n = 0;
const newBuyer = async () => {
  n += 1;
  return signedInBuyer(t, { username: `reviewer_${n}`, email: `reviewer_${n}@example.com` });
};

const validBadge = (overrides: Record<string, unknown> = {}) => ({
  name: 'Crowd Favourite',
  description: 'Received a first review.',
  icon: '🎉',
  category: 'milestone',
  type: 'seller',
  rarity: 'rare',
  pointsAwarded: 20,
  requirement: { minReviews: 1 },
  isActive: true,
  sortOrder: 5,
  ...overrides,
});

const em = () => t.rt.orm.em.fork() as EntityManager;

/** A paid order row of payments (issue 22: the sales figures come from paid orders), then the figures refreshed. */
async function paidOrder(sellerUserId: string, buyerId: string, total: string, state = 'paid') {
  const now = t.clock.now().toISOString();
  await t.sql(
    `insert into orders (buyer_id, seller_id, source, state, part_title, price, total, commission, commission_tiers, created_at, updated_at, paid_at, ship_by)
     values ($1, $2, 'buy_now', $3, 'Test part', $4, $4, 0, '[]', $5, $5, $5, $5::timestamptz + interval '72 hours')`,
    [buyerId, sellerUserId, state, total, now],
  );
  await t.rt.container.get(EventBus).publish(em(), { name: 'payments.order.paid', payload: { sellerId: sellerUserId } });
  await t.drain();
}

async function publishWon(payload: Record<string, unknown>) {
  await t.rt.container.get(EventBus).publish(em(), { name: 'auctions.auction.won', payload });
  await t.drain();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => t?.close());

describe('GET /api/sellers/{id}/reputation', () => {
  it('gives a seller with no activity the defaults, by seller id or user id, and 404 for no seller', async () => {
    const seller = await signedInSeller(t, 'quiet_seller');
    const expected = {
      sellerId: seller.sellerId,
      userId: seller.id,
      overallRating: 0,
      totalReviews: 0,
      totalSales: 0,
      totalRevenue: '0.00',
      shippingAccuracy: 100,
      onTimeDelivery: 100,
      reputationPoints: 0,
      currentLevel: 1,
      nextLevelPoints: 100,
      levelName: 'New Seller',
      ratingBand: null,
    };
    expect((await t.agent().get(`/api/sellers/${seller.sellerId}/reputation`).expect(200)).body).toMatchObject(expected);
    expect((await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200)).body).toMatchObject(expected);
    await t.agent().get('/api/sellers/00000000-0000-4000-8000-000000000000/reputation').expect(404);
    await t.agent().get('/api/sellers/not-a-uuid/reputation').expect(400);
  });
});

describe('reviews', () => {
  it('refuses visitors, the seller themselves, and bad ratings with messages', async () => {
    const seller = await signedInSeller(t, 'self_reviewer');
    const buyer = await newBuyer();
    await t.agent().post(`/api/sellers/${seller.sellerId}/reviews`).send({ rating: 5 }).expect(401);
    const own = await seller.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ rating: 5 }).expect(403);
    expect(own.body.message).toBe('You cannot review your own store.');
    for (const rating of [undefined, 0, 6, 4.5, '5']) {
      const res = await buyer.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ rating }).expect(400);
      expect(res.body.errors.rating).toBe('Rating must be a whole number from 1 to 5');
    }
    const sub = await buyer.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ rating: 4, shippingRating: 9 }).expect(400);
    expect(sub.body.errors.shippingRating).toBe('Ratings must be whole numbers from 1 to 5');
  });

  it('records one review per order, a verified purchase, lists newest first and updates the reputation', async () => {
    const seller = await signedInSeller(t, 'reviewed_seller');
    const first = await newBuyer();
    const second = await newBuyer();
    const orderId = bought(first.id, seller.id);
    const res = await first.agent
      .post(`/api/sellers/${seller.id}/reviews`)
      .send({
        orderId,
        rating: 5,
        qualityRating: 5,
        serviceRating: 4,
        shippingRating: 5,
        title: 'Great carb',
        reviewText: 'Exactly as described.',
        pros: [' Fast shipping ', 'Fast shipping', 'Well packed'],
        cons: [],
        wouldRecommend: true,
        isVerifiedPurchase: true,
        helpfulCount: 99,
      })
      .expect(201);
    expect(res.body).toMatchObject({
      sellerId: seller.sellerId,
      reviewerId: first.id,
      isOwnReview: true,
      reviewerName: `reviewer_${n - 1}`,
      rating: 5,
      pros: ['Fast shipping', 'Well packed'],
      orderId,
      isVerifiedPurchase: true,
      helpfulCount: 0,
      sellerResponse: null,
    });
    const again = await first.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId, rating: 1 }).expect(409);
    expect(again.body.message).toBe('You have already reviewed this order.');
    t.clock.advance(60_000);
    await second.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId: bought(second.id, seller.id), rating: 3 }).expect(201);

    const list = await t.agent().get(`/api/sellers/${seller.sellerId}/reviews`).query({ limit: 1 }).expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((r: { rating: number }) => r.rating)).toEqual([3]);
    const rep = await t.agent().get(`/api/sellers/${seller.sellerId}/reputation`).expect(200);
    // 5 stars +5, 3 stars +1 (no badges exist in this test yet).
    expect(rep.body).toMatchObject({ overallRating: 4, totalReviews: 2, customerSatisfaction: 50, ratingBand: 'Good', reputationPoints: 6 });
  });

  it('lets only the seller respond, once, with a non-blank response', async () => {
    const seller = await signedInSeller(t, 'responding_seller');
    const buyer = await newBuyer();
    const review = (await buyer.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId: bought(buyer.id, seller.id), rating: 4 }).expect(201)).body;
    const path = `/api/sellers/${seller.sellerId}/reviews/${review.id}/response`;
    const denied = await buyer.agent.post(path).send({ sellerResponse: 'Thanks!' }).expect(403);
    expect(denied.body.message).toBe('Only the seller can respond to reviews of their store.');
    const blank = await seller.agent.post(path).send({ sellerResponse: '  ' }).expect(400);
    expect(blank.body.errors.sellerResponse).toBe('Response is required');
    const ok = await seller.agent.post(path).send({ sellerResponse: 'Thanks for buying!' }).expect(200);
    expect(ok.body).toMatchObject({ sellerResponse: 'Thanks for buying!', sellerResponseAt: t.clock.now().toISOString() });
    const twice = await seller.agent.post(path).send({ sellerResponse: 'Edited' }).expect(409);
    expect(twice.body.message).toBe('You have already responded to this review.');
    const other = await signedInSeller(t, 'other_store');
    await other.agent.post(`/api/sellers/${other.sellerId}/reviews/${review.id}/response`).send({ sellerResponse: 'x' }).expect(404);
  });

  it('counts a helpful vote once per signed-in user', async () => {
    const seller = await signedInSeller(t, 'helpful_seller');
    const author = await newBuyer();
    const voter = await newBuyer();
    const review = (await author.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId: bought(author.id, seller.id), rating: 5 }).expect(201)).body;
    await t.agent().post(`/api/reviews/${review.id}/helpful`).expect(401);
    const ok = await voter.agent.post(`/api/reviews/${review.id}/helpful`).expect(200);
    expect(ok.body).toEqual({ id: review.id, helpfulCount: 1 });
    const twice = await voter.agent.post(`/api/reviews/${review.id}/helpful`).expect(409);
    expect(twice.body.message).toBe('You have already marked this review as helpful.');
    await author.agent.post(`/api/reviews/${review.id}/helpful`).expect(403);
    await voter.agent.post('/api/reviews/00000000-0000-4000-8000-000000000000/helpful').expect(404);
  });
});

describe('badges in the console', () => {
  it('refuses non-admins', async () => {
    const buyer = await newBuyer();
    await t.agent().get('/api/admin/badges').expect(401);
    await buyer.agent.post('/api/admin/badges').send(validBadge()).expect(403);
  });

  it.each([
    [{ name: ' ' }, 'name', 'Name is required'],
    [{ description: undefined }, 'description', 'Description is required'],
    [{ icon: '' }, 'icon', 'Icon is required'],
    [{ requirement: undefined }, 'requirement', 'Requirements are required'],
    [{ requirement: {} }, 'requirement', 'Requirements are required'],
    [{ requirement: '{not json' }, 'requirement', 'Requirements are required'],
    [{ pointsAwarded: -1 }, 'pointsAwarded', 'Points must be non-negative'],
    [{ sortOrder: -1 }, 'sortOrder', 'Sort order must be non-negative'],
    [{ category: 'speed' }, 'category', 'Category must be one of sales, service, quality, milestone, special'],
    [{ requirement: { minSales: 1, fastest: true } }, 'requirement', 'Requirement keys are minSales, minRevenue, minRating, minReviews, maxResponseTime, minOnTimeDelivery, maxReturnRate, verified, earlyAdopter'],
  ])('rejects %o with the message for %s', async (override, field, message) => {
    const res = await admin.agent.post('/api/admin/badges').send(validBadge(override)).expect(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('creates, lists, updates and deletes in the simple-rest protocol, with unique names', async () => {
    const created = await admin.agent
      .post('/api/admin/badges')
      .send(validBadge({ name: 'Console Badge', requirement: '{"minSales": 3}', rarity: undefined }))
      .expect(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: 'Console Badge', requirement: { minSales: 3 }, rarity: 'common' });
    const dupe = await admin.agent.post('/api/admin/badges').send(validBadge({ name: 'Console Badge' })).expect(409);
    expect(dupe.body.errors.name).toBe('A badge with this name already exists');
    const list = await admin.agent
      .get('/api/admin/badges')
      .query({ filter: JSON.stringify({ q: 'console' }), range: JSON.stringify([0, 9]), sort: JSON.stringify(['name', 'ASC']) })
      .expect(200);
    expect(list.headers['content-range']).toBe('badges 0-0/1');
    const updated = await admin.agent.patch(`/api/admin/badges/${created.body.id}`).send({ isActive: false, pointsAwarded: 7 }).expect(200);
    expect(updated.body).toMatchObject({ id: created.body.id, isActive: false, pointsAwarded: 7 });
    const active = await t.agent().get('/api/badges').expect(200);
    expect(Array.isArray(active.body)).toBe(true);
    expect(active.headers['x-total-count']).toBe(String(active.body.length));
    expect(active.body.map((b: { id: string }) => b.id)).not.toContain(created.body.id);
    const deleted = await admin.agent.delete(`/api/admin/badges/${created.body.id}`).expect(200);
    expect(deleted.body).toMatchObject({ id: created.body.id, name: 'Console Badge' });
    await admin.agent.get(`/api/admin/badges/${created.body.id}`).expect(404);
  });
});

describe('badge awarding', () => {
  it('awards a badge once, adding its points once, even when the task runs twice', async () => {
    const badge = (await admin.agent.post('/api/admin/badges').send(validBadge()).expect(201)).body;
    const seller = await signedInSeller(t, 'badge_seller');
    const buyer = await newBuyer();
    await buyer.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId: bought(buyer.id, seller.id), rating: 5 }).expect(201);
    await t.drain();
    const jobs = t.rt.container.get(JobQueue);
    await jobs.add(em(), EVALUATE_BADGES_TASK, { sellerUserId: seller.id });
    await t.drain();
    await jobs.add(em(), EVALUATE_BADGES_TASK, { sellerUserId: seller.id });
    await t.drain();
    const held = await t.agent().get(`/api/users/${seller.id}/badges`).expect(200);
    expect(Array.isArray(held.body)).toBe(true);
    expect(held.headers['x-total-count']).toBe(String(held.body.length));
    expect(held.body.filter((b: { badgeId: string }) => b.badgeId === badge.id)).toEqual([
      {
        id: expect.any(String),
        badgeId: badge.id,
        badge: expect.objectContaining({ name: 'Crowd Favourite' }),
        earnedAt: expect.any(String),
        progress: 100,
        isDisplayed: true,
      },
    ]);
    const rep = await t.agent().get(`/api/sellers/${seller.sellerId}/reputation`).expect(200);
    expect(rep.body.reputationPoints).toBe(5 + 20);
    const stats = await admin.agent.get('/api/admin/badge-stats').expect(200);
    expect(stats.body[badge.id]).toBeGreaterThanOrEqual(1);
    const [{ count }] = await t.sql<{ count: number }>('select count(*)::int as count from user_badges where badge_id = $1', [badge.id]);
    expect(count).toBe(stats.body[badge.id]);
  });

  it('lets the holder hide a badge from public lists and part cards, and only the holder', async () => {
    const badge = (await admin.agent.post('/api/admin/badges').send(validBadge({ name: 'Shy Badge', requirement: { minReviews: 1 } })).expect(201)).body;
    const seller = await signedInSeller(t, 'shy_seller');
    const buyer = await newBuyer();
    await buyer.agent.post(`/api/sellers/${seller.sellerId}/reviews`).send({ orderId: bought(buyer.id, seller.id), rating: 5 }).expect(201);
    await t.drain();
    const names = async () => (await t.agent().get('/api/badges/earned').query({ userIds: `${seller.id},${buyer.id}` }).expect(200)).body;
    expect(await names()).toEqual([
      { userId: seller.id, names: expect.arrayContaining(['Shy Badge']) },
      { userId: buyer.id, names: [] },
    ]);
    await buyer.agent.patch(`/api/users/${seller.id}/badges/${badge.id}`).send({ isDisplayed: false }).expect(403);
    await t.agent().patch(`/api/users/${seller.id}/badges/${badge.id}`).send({ isDisplayed: false }).expect(401);
    await seller.agent.patch(`/api/users/${seller.id}/badges/${badge.id}`).send({ isDisplayed: 'no' }).expect(400);
    await buyer.agent.patch(`/api/users/${buyer.id}/badges/${badge.id}`).send({ isDisplayed: false }).expect(404);
    const hidden = await seller.agent.patch(`/api/users/${seller.id}/badges/${badge.id}`).send({ isDisplayed: false }).expect(200);
    expect(hidden.body).toMatchObject({ badgeId: badge.id, isDisplayed: false, progress: 100 });
    const publicList = (await t.agent().get(`/api/users/${seller.id}/badges`).expect(200)).body;
    expect(publicList.map((b: { badgeId: string }) => b.badgeId)).not.toContain(badge.id);
    const ownList = (await seller.agent.get(`/api/users/${seller.id}/badges`).expect(200)).body;
    expect(ownList.find((b: { badgeId: string }) => b.badgeId === badge.id)).toMatchObject({ isDisplayed: false });
    expect((await names())[0].names).not.toContain('Shy Badge');
    await t.agent().get('/api/badges/earned').query({ userIds: 'nope' }).expect(400);
    await t.agent().get('/api/badges/earned').expect(400);
  });
});

describe('sales from auctions', () => {
  it('credits a won auction once to the seller analytics; the reputation counts paid orders', async () => {
    const seller = await signedInSeller(t, 'auction_seller');
    const buyer = await newBuyer();
    const sale = {
      auctionId: '11111111-1111-4111-8111-111111111111',
      partId: '22222222-2222-4222-8222-222222222222',
      sellerId: seller.id,
      winnerId: buyer.id,
      amount: '1250.50',
    };
    await publishWon(sale);
    await publishWon(sale);
    await publishWon({ ...sale, auctionId: '33333333-3333-4333-8333-333333333333', amount: '99.5' });
    await paidOrder(seller.id, buyer.id, '1250.50');
    await paidOrder(seller.id, buyer.id, '99.50');
    await paidOrder(seller.id, buyer.id, '500.00', 'cancelled');
    const rep = await t.agent().get(`/api/sellers/${seller.sellerId}/reputation`).expect(200);
    expect(rep.body).toMatchObject({ totalSales: 2, totalRevenue: '1350.00', repeatCustomerRate: 100, monthlyGrowth: 100 });
    expect(rep.body.reputationPoints).toBeGreaterThanOrEqual(20);
    const analytics = await admin.agent
      .get('/api/admin/seller-analytics')
      .query({ range: JSON.stringify([0, 99]) })
      .expect(200);
    expect(analytics.body.find((r: { userId: string }) => r.userId === seller.id)).toMatchObject({ soldCount: 2, revenue: '1350.00' });
  });
});

describe('tiers from real activity', () => {
  it('moves a seller from New Seller to Trusted Seller at 100 points (the tenth sale)', async () => {
    const seller = await signedInSeller(t, 'tier_seller');
    const buyer = await newBuyer();
    const sale = (i: number) => ({
      auctionId: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
      sellerId: seller.id,
      winnerId: buyer.id,
      amount: '10.00',
    });
    for (let i = 1; i <= 9; i++) await paidOrder(seller.id, buyer.id, sale(i).amount);
    const before = await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200);
    expect(before.body).toMatchObject({ reputationPoints: 90, currentLevel: 1, levelName: 'New Seller', nextLevelPoints: 100 });
    await paidOrder(seller.id, buyer.id, sale(10).amount);
    const after = await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200);
    expect(after.body).toMatchObject({ reputationPoints: 100, currentLevel: 2, levelName: 'Trusted Seller', nextLevelPoints: 500 });
  });
});

describe('seed', () => {
  it('adds the default badges once and changes nothing the second time', async () => {
    const first = await seedSellers(t.rt.container);
    expect(first).toEqual([`badges: ${SEED_BADGES.length} added, 0 unchanged`]);
    const second = await seedSellers(t.rt.container);
    expect(second).toEqual([`badges: 0 added, ${SEED_BADGES.length} unchanged`]);
  });
});

describe('approval and badges', () => {
  it('evaluates badges after an approval, awarding the seeded Verified Seller badge', async () => {
    await seedSellers(t.rt.container);
    const seller = await signedInSeller(t, 'fresh_seller');
    await t.drain();
    const held = await t.agent().get(`/api/users/${seller.id}/badges`).expect(200);
    expect(held.body.map((b: { badge: { name: string } }) => b.badge.name)).toContain('Verified Seller');
    const rep = await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200);
    expect(rep.body.reputationPoints).toBeGreaterThanOrEqual(10);
  });
});
