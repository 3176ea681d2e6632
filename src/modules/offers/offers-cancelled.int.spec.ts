import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { offer, publishEvent } from '../../../test/offers.fixtures.js';
import { taskList } from '../../jobs/runner.js';
import { catalogModule } from '../catalog/index.js';
import { PAYMENTS_EVENTS } from '../payments/index.js';

// An accepted offer's order cancelled by payments (through the real event bus and worker): the offer is `cancelled`
// with the order's reason, both sides see it, and the part takes offers again.
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;

const HOUR = 3600_000;

/** An offer of `buyer` on a fresh part, accepted by the seller: its id, the part and the order. */
async function acceptedOffer(price = 1000, amount = 800) {
  const partId = await partOf(seller, { price });
  const { body: o } = await offer(buyer, partId, amount).expect(201);
  const accepted = (await seller.agent.post(`/api/offers/${o.id}/accept`).expect(200)).body;
  expect(accepted.orderId).toBeTruthy();
  await t.drain();
  return { offerId: o.id as string, partId, orderId: accepted.orderId as string };
}

const publish = (name: string, payload: unknown) => publishEvent(t, name, payload);

const failedJobs = () => t.sql<{ task_identifier: string; last_error: string }>(`select task_identifier, last_error from graphile_worker.jobs where last_error is not null`);

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sid_seller', 'admin');
  buyer = await quickUser(t, 'bess_buyer');
  buyer2 = await quickUser(t, 'carl_buyer');
}, 60_000);
afterAll(async () => t?.close());

describe('an accepted offer whose order is cancelled', () => {
  it('becomes cancelled (by the buyer) for both sides, and the part takes offers and an order again', async () => {
    const { offerId, partId, orderId } = await acceptedOffer();
    await buyer.agent.post(`/api/orders/${orderId}/cancel`).send({ reason: 'Found one closer to home' }).expect(200);
    await t.drain();

    const seen = (await buyer.agent.get(`/api/offers/${offerId}`).expect(200)).body;
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', orderId, canAccept: false, canDecline: false, canCounter: false });
    expect(seen.steps.at(-1)).toMatchObject({ actor: 'system', action: 'cancel', message: 'The order was cancelled by the buyer' });
    const sellerView = (await seller.agent.get(`/api/offers/${offerId}`).expect(200)).body;
    expect(sellerView).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', yourSide: 'seller' });

    // In the lists: under its own status, and no longer among the accepted ones.
    const cancelled = (await buyer.agent.get('/api/offers?status=cancelled').expect(200)).body;
    expect(cancelled.map((o: { id: string }) => o.id)).toContain(offerId);
    const accepted = (await buyer.agent.get('/api/offers?status=accepted').expect(200)).body;
    expect(accepted.map((o: { id: string }) => o.id)).not.toContain(offerId);
    const sellers = (await seller.agent.get(`/api/offers?as=seller&partId=${partId}`).expect(200)).body;
    expect(sellers).toEqual([expect.objectContaining({ id: offerId, status: 'cancelled' })]);

    // The part is free again: a new offer from another buyer, accepted, is a new order.
    const { body: again } = await offer(buyer2, partId, 900).expect(201);
    const second = (await seller.agent.post(`/api/offers/${again.id}/accept`).expect(200)).body;
    expect(second.orderId).toBeTruthy();
    expect(second.orderId).not.toBe(orderId);
    expect(await failedJobs()).toEqual([]);
  });

  it('becomes cancelled with reason unpaid when payments cancels the order at the end of the pay window', async () => {
    const { offerId, partId, orderId } = await acceptedOffer(1200, 1000);
    t.clock.advance(48 * HOUR);
    // The payments timer, run as the worker runs it (its job is due by the test clock, not by PostgreSQL's).
    await taskList(t.rt)['payments/cancel-unpaid']!({ orderId }, {} as never);
    await t.drain();
    const seen = (await buyer.agent.get(`/api/offers/${offerId}`).expect(200)).body;
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid' });
    expect(seen.steps.at(-1)).toMatchObject({ action: 'cancel', message: 'The order was cancelled: the buyer did not pay in time' });
    // The same buyer may offer again.
    await offer(buyer, partId, 1100).expect(201);
  });

  it('is idempotent and ignores events about other orders', async () => {
    const { offerId, partId, orderId } = await acceptedOffer(1500, 1300);
    const base = { orderId, buyerId: buyer.id, sellerId: seller.id, partId, sourceId: offerId, totalCents: 130000 };
    // Another source, or another order naming this offer: nothing changes.
    await publish(PAYMENTS_EVENTS.orderCancelled, { ...base, source: 'buy_now', reason: 'buyer' });
    await publish(PAYMENTS_EVENTS.orderCancelled, { ...base, orderId: '00000000-0000-4000-8000-000000000001', source: 'offer', reason: 'buyer' });
    await publish(PAYMENTS_EVENTS.orderCancelled, { ...base, sourceId: 'not-an-offer-id', source: 'offer', reason: 'buyer' });
    expect((await buyer.agent.get(`/api/offers/${offerId}`).expect(200)).body.status).toBe('accepted');

    await publish(PAYMENTS_EVENTS.orderCancelled, { ...base, source: 'offer', reason: 'seller' });
    await publish(PAYMENTS_EVENTS.orderCancelled, { ...base, source: 'offer', reason: 'admin' });
    const seen = (await seller.agent.get(`/api/offers/${offerId}`).expect(200)).body;
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'seller' });
    expect(seen.steps.filter((s: { action: string }) => s.action === 'cancel')).toHaveLength(1);
    expect(await failedJobs()).toEqual([]);
  });
});
