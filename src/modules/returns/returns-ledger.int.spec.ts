import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { storedPhoto } from '../../../test/returns.fixtures.js';
import { catalogModule } from '../catalog/index.js';

// Returns against the real payments module: a refund of a return reaches the order, the provider and the ledger.
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;

const address = { name: 'Bea Buyer', line1: '1 Paddock Lane', city: 'Monterey', region: 'CA', postalCode: '93940', country: 'us' };
const PHOTO = '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg';
const ledgerSum = async (where: string, params: unknown[]) =>
  (await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries where ${where}`, params))[0]!.s;

/** A part of the seller bought, paid, shipped and delivered by the buyer. */
async function deliveredOrder(price: number): Promise<string> {
  await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
  const partId = await partOf(seller, { price, category: 'brakes', title: 'Girling brake caliper pair' }).finally(() =>
    t.sql(`update users set role = 'seller' where id = $1`, [seller.id]),
  );
  const id = (await buyer.agent.post('/api/orders').send({ partId }).expect(201)).body.orderId as string;
  await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address }).expect(200);
  await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
  await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(200);
  await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'lee_seller', 'admin');
  await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  buyer = await quickUser(t, 'rob_returner');
  await storedPhoto(t);
}, 60_000);
afterAll(async () => t?.close());

describe('refunds of returns through payments', () => {
  it('refunds part of a returned order through payments: the order, a refund ledger entry, and a balanced ledger', async () => {
    const orderId = await deliveredOrder(2000);
    const r = (await buyer.agent.post(`/api/orders/${orderId}/returns`).send({ reason: 'not as described', details: 'Pistons seized', photos: [PHOTO] }).expect(201)).body;
    expect(r).toMatchObject({ state: 'requested', sellerId: seller.id, orderTotal: expect.any(String) });
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship to the shop, label attached' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZBACK' }).expect(200);
    await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200);
    const refunded = await seller.agent.post(`/api/returns/${r.id}/refund`).send({ amount: '500.00', note: 'Cores missing' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ state: 'refunded', refundAmount: '500.00' });

    const order = (await buyer.agent.get(`/api/orders/${orderId}`).expect(200)).body;
    expect(order).toMatchObject({ state: 'partially_refunded', refunded: '500.00' });
    const [refund] = await t.sql<{ n: number }>(`select count(*)::int as n from ledger_entries where order_id = $1 and kind = 'refund'`, [orderId]);
    expect(refund!.n).toBeGreaterThan(0);
    expect(await ledgerSum('order_id = $1', [orderId])).toBe('0.00');
  });

  it('refuses a return of an order that is not delivered', async () => {
    await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
    const partId = await partOf(seller, { price: 300, category: 'brakes' }).finally(() => t.sql(`update users set role = 'seller' where id = $1`, [seller.id]));
    const id = (await buyer.agent.post('/api/orders').send({ partId }).expect(201)).body.orderId as string;
    const res = await buyer.agent.post(`/api/orders/${id}/returns`).send({ reason: 'changed my mind', details: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A return can be requested once the order has been delivered.');
  });
});
