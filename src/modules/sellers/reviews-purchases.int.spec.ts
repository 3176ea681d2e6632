import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { fakeOrders } from '../../../test/returns.fixtures.js';
import { EventBus } from '../../platform/events.js';

// Issue 23: reviews from real purchases. Orders come from an in-memory OrdersApi until payments binds one.
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  const { returnsModule } = await import('../returns/index.js');
  return { modules: [...original.modules.filter((m) => m.name !== 'returns'), fakeOrdersModule(fake), returnsModule] };
});

let t: TestApp;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let reader: TestUser;
let admin: TestUser;

const theirsOrNone = () => '00000000-0000-4000-8000-000000000000';
const NO_PURCHASE = 'You can review a seller only for an order you bought from them, once it has been delivered.';
const review = (who: TestUser, body: Record<string, unknown>, sellerId = seller.id) => who.agent.post(`/api/sellers/${sellerId}/reviews`).send(body);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set('2027-03-01T10:00:00Z');
  seller = await approvedSeller(t, 'vera_seller');
  otherSeller = await approvedSeller(t, 'otto_seller');
  buyer = await fastUser(t, 'bob_buyer');
  reader = await fastUser(t, 'rhea_reader');
  admin = await fastUser(t, 'adm_reviews');
  await t.sql(`update users set role = 'admin' where id = $1`, [admin.id]);
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/sellers/{id}/reviews from a purchase', () => {
  it('refuses a review without a purchase, with someone else\'s order or another seller\'s order', async () => {
    const none = await review(buyer, { rating: 5 });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(NO_PURCHASE);
    const unknown = await review(buyer, { rating: 5, orderId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body.message).toBe(NO_PURCHASE);
    const theirs = fakeOrders.add({ buyerId: reader.id, sellerId: seller.id });
    expect((await review(buyer, { rating: 5, orderId: theirs.id })).body.message).toBe(NO_PURCHASE);
    const elsewhere = fakeOrders.add({ buyerId: buyer.id, sellerId: otherSeller.id });
    expect((await review(buyer, { rating: 5, orderId: elsewhere.id })).body.message).toBe(NO_PURCHASE);
    expect((await review(buyer, { rating: 5, orderId: 'nope' })).status).toBe(400);
  });

  it('waits for delivery', async () => {
    const shipped = fakeOrders.add({ buyerId: buyer.id, sellerId: seller.id, state: 'shipped', deliveredAt: null });
    const res = await review(buyer, { rating: 5, orderId: shipped.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You can review this order once it has been delivered.');
  });

  it('takes one verified review per delivered or completed order, and another for a repeat purchase', async () => {
    const first = fakeOrders.add({ buyerId: buyer.id, sellerId: seller.id, state: 'completed' });
    const res = await review(buyer, {
      orderId: first.id,
      rating: 4,
      qualityRating: 5,
      serviceRating: 4,
      shippingRating: 3,
      title: 'Solid carb',
      reviewText: 'Runs well after a jet change.',
      pros: ['Honest photos'],
      cons: ['Slow shipping'],
      wouldRecommend: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ orderId: first.id, isVerifiedPurchase: true, rating: 4, shippingRating: 3, wouldRecommend: true, pros: ['Honest photos'] });
    const twice = await review(buyer, { orderId: first.id, rating: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already reviewed this order.');
    const second = fakeOrders.add({ buyerId: buyer.id, sellerId: seller.id });
    const plain = await review(buyer, { orderId: second.id, rating: 5 });
    expect(plain.status).toBe(201);
    // Spec 001 §9: a review would recommend its seller unless it says otherwise.
    expect(plain.body.wouldRecommend).toBe(true);
    const [{ fallback }] = await t.sql<{ fallback: string }>(
      `select column_default as fallback from information_schema.columns where table_name = 'seller_reviews' and column_name = 'would_recommend'`,
    );
    expect(fallback).toBe('true');
    const ofFirst = await buyer.agent.get(`/api/sellers/${seller.id}/reviews`).query({ orderId: first.id }).expect(200);
    expect(ofFirst.body.map((x: { orderId: string }) => x.orderId)).toEqual([first.id]);
    const none = await buyer.agent.get(`/api/sellers/${seller.id}/reviews`).query({ orderId: theirsOrNone() }).expect(200);
    expect(none.body).toEqual([]);
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from seller_reviews where reviewer_id = $1 and is_verified_purchase', [buyer.id]);
    expect(n).toBe(2);
  });
});

describe('GET /api/sellers/{id}/reviews (issue 31 part 4)', () => {
  it('shows everyone the reviewer by display name and the verified mark only, never the order or account', async () => {
    const order = fakeOrders.add({ buyerId: buyer.id, sellerId: otherSeller.id, state: 'completed' });
    const posted = (await review(buyer, { orderId: order.id, rating: 5, title: 'Quick' }, otherSeller.id).expect(201)).body;
    expect(posted).toMatchObject({ orderId: order.id, reviewerId: buyer.id, isOwnReview: true });
    for (const agent of [t.agent(), reader.agent]) {
      const [item] = (await agent.get(`/api/sellers/${otherSeller.id}/reviews`).expect(200)).body;
      expect(item).toMatchObject({ id: posted.id, reviewerName: 'bob_buyer', isVerifiedPurchase: true, isOwnReview: false });
      expect(item).not.toHaveProperty('orderId');
      expect(item).not.toHaveProperty('reviewerId');
      expect(JSON.stringify(item)).not.toContain(order.id);
      expect(JSON.stringify(item)).not.toContain(buyer.id);
    }
    const [mine] = (await buyer.agent.get(`/api/sellers/${otherSeller.id}/reviews`).expect(200)).body;
    expect(mine).toMatchObject({ id: posted.id, isOwnReview: true });
    expect(mine).not.toHaveProperty('orderId');
  });

  it('keeps the orderId filter for the reviewer and admins: nobody else can test an order for a review', async () => {
    const order = fakeOrders.add({ buyerId: reader.id, sellerId: otherSeller.id, state: 'completed' });
    const posted = (await review(reader, { orderId: order.id, rating: 4 }, otherSeller.id).expect(201)).body;
    const path = `/api/sellers/${otherSeller.id}/reviews`;
    const anonymous = await t.agent().get(path).query({ orderId: order.id }).expect(401);
    expect(anonymous.body.message).toBe('Sign in to see your review of an order.');
    expect((await buyer.agent.get(path).query({ orderId: order.id }).expect(200)).body).toEqual([]);
    const own = (await reader.agent.get(path).query({ orderId: order.id }).expect(200)).body;
    expect(own).toEqual([expect.objectContaining({ id: posted.id, orderId: order.id, reviewerId: reader.id, isOwnReview: true })]);
    const asAdmin = (await admin.agent.get(path).query({ orderId: order.id }).expect(200)).body;
    expect(asAdmin).toEqual([expect.objectContaining({ id: posted.id, orderId: order.id, isOwnReview: false })]);
  });
});

describe('reports and moderation', () => {
  it('takes one report per other user and lets admins hide, restore and dismiss', async () => {
    const order = fakeOrders.add({ buyerId: reader.id, sellerId: seller.id });
    const r = (await review(reader, { orderId: order.id, rating: 1, reviewText: 'Rude seller, avoid' }).expect(201)).body;
    expect((await reader.agent.post(`/api/reviews/${r.id}/report`).send({ reason: 'x' })).status).toBe(403);
    expect((await buyer.agent.post(`/api/reviews/${r.id}/report`).send({})).body.errors.reason).toBe('Tell us what is wrong with this review');
    expect((await buyer.agent.post(`/api/reviews/${r.id}/report`).send({ reason: 'Personal attack' })).body).toEqual({ id: r.id, reported: true });
    const again = await buyer.agent.post(`/api/reviews/${r.id}/report`).send({ reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this review.');
    await seller.agent.post(`/api/reviews/${r.id}/report`).send({ reason: 'Not true' }).expect(200);

    expect((await buyer.agent.get('/api/admin/reported-reviews')).status).toBe(403);
    const list = await admin.agent.get('/api/admin/reported-reviews').expect(200);
    expect(list.headers['content-range']).toBe('reported-reviews 0-0/1');
    expect(list.body[0]).toMatchObject({ id: r.id, reportCount: 2, isPublic: true, sellerName: 'vera_seller' });
    expect(list.body[0].reports.map((x: { reason: string }) => x.reason)).toEqual(['Personal attack', 'Not true']);

    const before = (await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200)).body;
    const hidden = await admin.agent.put(`/api/admin/reported-reviews/${r.id}`).send({ isPublic: false }).expect(200);
    expect(hidden.body).toMatchObject({ isPublic: false, moderatedAt: expect.any(String) });
    const publicList = await t.agent().get(`/api/sellers/${seller.id}/reviews`).expect(200);
    expect(publicList.body.map((x: { id: string }) => x.id)).not.toContain(r.id);
    const after = (await t.agent().get(`/api/sellers/${seller.id}/reputation`).expect(200)).body;
    expect(after.totalReviews).toBe(before.totalReviews - 1);

    await admin.agent.put(`/api/admin/reported-reviews/${r.id}`).send({ isPublic: true, dismissReports: true }).expect(200);
    expect((await admin.agent.get('/api/admin/reported-reviews').expect(200)).body).toEqual([]);
    expect((await t.agent().get(`/api/sellers/${seller.id}/reviews`).expect(200)).body.map((x: { id: string }) => x.id)).toContain(r.id);
  });
});

describe('reputation from orders and returns', () => {
  it('computes the return rate and repeat customers from delivered orders and returns', async () => {
    const fresh = await approvedSeller(t, 'rate_seller');
    const events = t.rt.container.get(EventBus);
    const deliver = async (buyerId: string) => {
      const order = fakeOrders.add({ buyerId, sellerId: fresh.id, deliveredAt: t.clock.now().toISOString() });
      await events.publish(t.rt.orm.em.fork() as EntityManager, {
        name: 'payments.order.delivered',
        payload: { orderId: order.id, buyerId, sellerId: fresh.id, partId: null, source: 'buy_now', sourceId: null, totalCents: order.totalCents },
      });
      return order;
    };
    const a = await deliver(buyer.id);
    await deliver(buyer.id);
    await deliver(reader.id);
    await deliver(admin.id);
    await t.drain();
    await buyer.agent.post(`/api/orders/${a.id}/returns`).send({ reason: 'changed my mind', details: 'Found one locally' }).expect(201);
    await t.drain();
    const rep = (await t.agent().get(`/api/sellers/${fresh.id}/reputation`).expect(200)).body;
    // 1 return of 4 delivered orders; 1 of 3 buyers bought twice.
    expect(rep).toMatchObject({ returnRate: 25, repeatCustomerRate: 33.33 });
  });
});
