import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { offer } from '../../../test/offers.fixtures.js';
import { catalogModule } from '../catalog/index.js';

// Offers with the real payments module: an accepted offer is a pending_payment order at the agreed price.
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'peg_seller', 'admin');
  buyer = await quickUser(t, 'quinn_buyer');
  buyer2 = await quickUser(t, 'ravi_buyer');
}, 60_000);
afterAll(async () => t?.close());

describe('accepted offers and orders', () => {
  it('creates the order at the agreed price for the buyer, who then sees it', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 700).expect(201);
    await seller.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 850 }).expect(200);
    const accepted = (await buyer.agent.post(`/api/offers/${o.id}/accept`).expect(200)).body;
    expect(accepted.orderId).toBeTruthy();
    const order = (await buyer.agent.get(`/api/orders/${accepted.orderId}`).expect(200)).body;
    expect(order).toMatchObject({ source: 'offer', sourceId: o.id, state: 'pending_payment', partId, price: '850.00', buyerId: buyer.id, sellerId: seller.id });
  });

  it('refuses the acceptance when the part is already in another open order', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 700).expect(201);
    await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
    const res = await seller.agent.post(`/api/offers/${o.id}/accept`).expect(409);
    expect(res.body.message).toBeTruthy();
    expect((await buyer.agent.get(`/api/offers/${o.id}`).expect(200)).body.status).toBe('open');
  });

  it('refuses an offer on a part held by an unpaid order up front, with 409 and why', async () => {
    const partId = await partOf(seller, { price: 1000 });
    await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
    const res = await offer(buyer, partId, 700).expect(409);
    expect(res.body).toMatchObject({ code: 'part_reserved', message: 'This part is reserved in another checkout. You can make an offer if that order is not paid.' });
    const own = await offer(buyer2, partId, 700).expect(409);
    expect(own.body.code).toBe('part_in_your_checkout');
    expect(await t.sql('select 1 from offers where part_id = $1', [partId])).toEqual([]);
  });

  it('takes offers again once the unpaid order is cancelled', async () => {
    const partId = await partOf(seller, { price: 1000 });
    await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
    await offer(buyer, partId, 700).expect(409);
    await t.sql(`update orders set state = 'cancelled', cancel_reason = 'unpaid' where part_id = $1`, [partId]);
    const again = await offer(buyer, partId, 700);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('gives one order when two offers on a part are accepted at once', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: a } = await offer(buyer, partId, 700).expect(201);
    const { body: b } = await offer(buyer2, partId, 720).expect(201);
    const results = await Promise.all([seller.agent.post(`/api/offers/${a.id}/accept`), seller.agent.post(`/api/offers/${b.id}/accept`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const orders = await t.sql<{ n: number }>('select count(*)::int as n from orders where part_id = $1', [partId]);
    expect(orders[0]!.n).toBe(1);
  });
});
