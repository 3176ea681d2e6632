import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { fakeOfferOrders, offer } from '../../../test/offers.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { OfferOrders } from './offer.orders.js';
import { OfferService } from './offer.service.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let stranger: TestUser;
let admin: TestUser;

/** The orders the offers asked for (a stand-in for the payments module, so these tests check offers alone). */
const { created, orders: fakeOrders } = fakeOfferOrders();

async function mailsTo(username: string) {
  await t.drain();
  return t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by created_at, id', [`${username}@example.com`]);
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'otto_seller', 'admin');
  admin = await quickUser(t, 'ada_offers_admin', 'admin');
  buyer = await quickUser(t, 'bea_buyer');
  buyer2 = await quickUser(t, 'cy_buyer');
  stranger = await quickUser(t, 'stan_stranger');
  t.rt.container.get(OfferOrders).use(fakeOrders);
}, 60_000);
afterAll(async () => t?.close());
beforeEach(() => {
  created.length = 0;
});

describe('making an offer', () => {
  it('records an open offer for the seller to answer, and mails both sides', async () => {
    const partId = await partOf(seller, { price: 2400 });
    const res = await offer(buyer, partId, 2000, 'Cash today').expect(201);
    expect(res.body).toMatchObject({
      kind: 'offer',
      partId,
      buyerId: buyer.id,
      sellerId: seller.id,
      status: 'open',
      amount: '2000.00',
      turn: 'seller',
      rounds: 1,
      maxRounds: 5,
      message: 'Cash today',
      yourSide: 'buyer',
      canAccept: false,
      canCounter: false,
    });
    expect(res.body.steps).toMatchObject([{ actor: 'buyer', action: 'offer', amount: '2000.00', message: 'Cash today' }]);
    expect(new Date(res.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(48 * HOUR);
    expect((await mailsTo('otto_seller')).map((m) => m.subject)).toContain('New offer on Weber 48 IDA carburettor pair: $2000.00');
    expect((await mailsTo('bea_buyer')).map((m) => m.subject)).toContain('Your offer on Weber 48 IDA carburettor pair: $2000.00');
  });

  it('refuses strangers, the seller, bad amounts and parts that cannot be bought', async () => {
    const partId = await partOf(seller, { price: 500 });
    await t.agent().post(`/api/parts/${partId}/offers`).send({ amount: 400 }).expect(401);
    expect((await offer(seller, partId, 400).expect(403)).body.message).toBe('You cannot make an offer on your own part');
    expect((await offer(buyer, partId, 0).expect(400)).body.errors).toEqual({ amount: 'Must be more than 0' });
    expect((await offer(buyer, partId, '').expect(400)).body.errors).toEqual({ amount: 'Amount is required' });
    expect((await offer(buyer, partId, 500.01).expect(400)).body.message).toBe('Your offer cannot be more than the asking price');
    await t.sql('update parts set sold_at = now() where id = $1', [partId]);
    expect((await offer(buyer, partId, 400).expect(409)).body.message).toBe('This part has been sold');
    await t.sql('update parts set sold_at = null, is_active = false where id = $1', [partId]);
    expect((await offer(buyer, partId, 400).expect(409)).body.message).toBe('This part is not for sale');
    await offer(buyer, '00000000-0000-4000-8000-000000000000', 400).expect(404);
  });

  it('allows at most 3 open offers per buyer and part', async () => {
    const partId = await partOf(seller, { price: 900 });
    for (const amount of [500, 550, 600]) await offer(buyer, partId, amount).expect(201);
    expect((await offer(buyer, partId, 650).expect(409)).body.message).toBe('You can have at most 3 open offers on this part');
    // Another buyer has their own three.
    await offer(buyer2, partId, 650).expect(201);
    // Once one is answered, the buyer may offer again.
    const [first] = (await buyer.agent.get(`/api/offers?partId=${partId}&status=open`).expect(200)).body;
    await seller.agent.post(`/api/offers/${first.id}/decline`).send({}).expect(200);
    await offer(buyer, partId, 700).expect(201);
  });
});

describe('reading offers', () => {
  it('lists the caller’s offers as buyer or seller, with the total, and shows one offer only to its sides and admins', async () => {
    const partId = await partOf(seller, { price: 300 });
    const { body: made } = await offer(stranger, partId, 250).expect(201);
    const mine = await stranger.agent.get('/api/offers').expect(200);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(mine.body.map((o: { id: string }) => o.id)).toEqual([made.id]);
    const asSeller = await seller.agent.get(`/api/offers?as=seller&partId=${partId}`).expect(200);
    expect(asSeller.body).toMatchObject([{ id: made.id, yourSide: 'seller', canAccept: true, canDecline: true, canCounter: true }]);
    expect((await buyer.agent.get(`/api/offers?as=seller&partId=${partId}`).expect(200)).body).toEqual([]);
    await buyer.agent.get(`/api/offers/${made.id}`).expect(404);
    await t.agent().get(`/api/offers/${made.id}`).expect(401);
    expect((await admin.agent.get(`/api/offers/${made.id}`).expect(200)).body).toMatchObject({ id: made.id, yourSide: null, canAccept: false });
    await buyer.agent.post(`/api/offers/${made.id}/accept`).expect(404);
  });
});

describe('answering', () => {
  it('lets only the side whose turn it is answer, and counters back and forth up to 5 rounds', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 600).expect(201);
    expect((await buyer.agent.post(`/api/offers/${o.id}/accept`).expect(403)).body.message).toBe('This offer is waiting for the other side');
    await buyer.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 650 }).expect(403);
    t.clock.advance(40 * HOUR);
    const r2 = await seller.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 900, message: 'Best I can do' }).expect(200);
    expect(r2.body).toMatchObject({ amount: '900.00', turn: 'buyer', rounds: 2, message: 'Best I can do', yourSide: 'seller' });
    // A counter restarts the 48 hours.
    expect(new Date(r2.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(48 * HOUR);
    expect((await mailsTo('bea_buyer')).map((m) => m.subject)).toContain('Counter-offer on Weber 48 IDA carburettor pair: $900.00');
    await buyer.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 700 }).expect(200);
    await seller.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 850 }).expect(200);
    const r5 = await buyer.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 800 }).expect(200);
    expect(r5.body).toMatchObject({ rounds: 5, turn: 'seller', canCounter: false });
    const sixth = await seller.agent.post(`/api/offers/${o.id}/counter`).send({ amount: 820 }).expect(409);
    expect(sixth.body.message).toBe('This negotiation has reached its limit of 5 rounds');
    const seller_view = (await seller.agent.get(`/api/offers/${o.id}`).expect(200)).body;
    expect(seller_view).toMatchObject({ canAccept: true, canDecline: true, canCounter: false });
    expect(seller_view.steps.map((s: { action: string }) => s.action)).toEqual(['offer', 'counter', 'counter', 'counter', 'counter']);
  });

  it('declines with an optional reason', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 100).expect(201);
    const res = await seller.agent.post(`/api/offers/${o.id}/decline`).send({ reason: 'Too low for a rebuilt pair' }).expect(200);
    expect(res.body).toMatchObject({ status: 'declined', declineReason: 'Too low for a rebuilt pair', canAccept: false });
    expect((await seller.agent.post(`/api/offers/${o.id}/accept`).expect(409)).body.message).toBe('This offer is no longer open');
    const mail = (await mailsTo('bea_buyer')).filter((m) => m.subject === 'Offer declined: Weber 48 IDA carburettor pair').at(-1);
    expect(mail?.text).toContain('Too low for a rebuilt pair');
  });

  it('accepting creates the order at the agreed price and declines the other offers on the part', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: a } = await offer(buyer, partId, 700).expect(201);
    const { body: b } = await offer(buyer2, partId, 650).expect(201);
    await seller.agent.post(`/api/offers/${a.id}/counter`).send({ amount: 820 }).expect(200);
    const res = await buyer.agent.post(`/api/offers/${a.id}/accept`).expect(200);
    expect(res.body).toMatchObject({ status: 'accepted', amount: '820.00' });
    expect(res.body.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toEqual([{ buyerId: buyer.id, partId, priceCents: 82_000, source: 'offer', sourceId: a.id }]);
    const other = (await buyer2.agent.get(`/api/offers/${b.id}`).expect(200)).body;
    expect(other).toMatchObject({ status: 'declined', declineReason: 'The part was sold to another buyer' });
    expect((await mailsTo('bea_buyer')).map((m) => m.subject)).toContain('Offer accepted: Weber 48 IDA carburettor pair for $820.00');
    expect((await mailsTo('otto_seller')).map((m) => m.subject)).toContain('Offer accepted: Weber 48 IDA carburettor pair for $820.00');
    const accepted = (await mailsTo('bea_buyer')).find((m) => m.subject.startsWith('Offer accepted'));
    expect(accepted?.text).toContain(`/checkout/${res.body.orderId}`);
  });

  it('creates one order when two offers on a part are accepted at once', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: a } = await offer(buyer, partId, 700).expect(201);
    const { body: b } = await offer(buyer2, partId, 710).expect(201);
    const results = await Promise.all([seller.agent.post(`/api/offers/${a.id}/accept`), seller.agent.post(`/api/offers/${b.id}/accept`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(created).toHaveLength(1);
    const rows = await t.sql<{ status: string; n: number }>(`select status, count(*)::int as n from offers where part_id = $1 group by status order by status`, [partId]);
    expect(rows).toEqual([
      { status: 'accepted', n: 1 },
      { status: 'declined', n: 1 },
    ]);
  });
});

describe('expiry', () => {
  it('expires an unanswered offer after 48 hours by its job, and refuses answers after it', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 700).expect(201);
    t.clock.advance(47 * HOUR);
    await t.drain();
    expect((await buyer.agent.get(`/api/offers/${o.id}`).expect(200)).body.status).toBe('open');
    t.clock.advance(HOUR);
    expect((await seller.agent.post(`/api/offers/${o.id}/accept`).expect(409)).body.message).toBe('This offer has expired');
    // One job per offer, at its expiry; the worker runs it then (here: its handler, at the clock's time).
    const [job] = await t.sql<{ task_identifier: string; run_at: Date }>('select task_identifier, run_at from graphile_worker.jobs where key = $1', [
      `offer-expire:${o.id}`,
    ]);
    expect(job).toMatchObject({ task_identifier: 'offers/expire' });
    expect(new Date(job!.run_at).toISOString()).toBe(o.expiresAt);
    expect(await t.rt.container.get(OfferService).expire(o.id)).toBe(true);
    const after = (await buyer.agent.get(`/api/offers/${o.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'expired', canAccept: false });
    expect(after.steps.at(-1)).toMatchObject({ actor: 'system', action: 'expire' });
    expect((await mailsTo('otto_seller')).map((m) => m.subject)).toContain('Offer expired: Weber 48 IDA carburettor pair');
  });

  it('expires nothing early, and the catch-up expires what is due', async () => {
    const partId = await partOf(seller, { price: 1000 });
    const { body: o } = await offer(buyer, partId, 700).expect(201);
    const offers = t.rt.container.get(OfferService);
    expect(await offers.expire(o.id)).toBe(false);
    t.clock.advance(48 * HOUR);
    expect(await offers.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await buyer.agent.get(`/api/offers/${o.id}`).expect(200)).body.status).toBe('expired');
  });
});

describe('automatic answers', () => {
  it('keeps the auto prices to the seller, and accepts or declines new offers by them', async () => {
    const partId = await partOf(seller, { price: 1000 });
    await buyer.agent.get(`/api/parts/${partId}/offer-prices`).expect(403);
    await buyer.agent.put(`/api/parts/${partId}/offer-prices`).send({ autoAcceptPrice: 1 }).expect(403);
    const bad = await seller.agent.put(`/api/parts/${partId}/offer-prices`).send({ autoAcceptPrice: 800, autoDeclinePrice: 800 }).expect(400);
    expect(bad.body.errors).toEqual({ autoDeclinePrice: 'The auto-decline price must be below the auto-accept price' });
    const set = await seller.agent.put(`/api/parts/${partId}/offer-prices`).send({ autoAcceptPrice: 900, autoDeclinePrice: '600' }).expect(200);
    expect(set.body).toEqual({ partId, autoAcceptPrice: '900.00', autoDeclinePrice: '600.00' });
    // Never in the public part.
    const part = JSON.stringify((await buyer.agent.get(`/api/parts/${partId}`).expect(200)).body);
    expect(part).not.toContain('900.00');
    expect(part).not.toMatch(/auto/i);

    const low = await offer(buyer, partId, 599).expect(201);
    expect(low.body).toMatchObject({ status: 'declined', declineReason: 'Thank you for your offer. The seller is not able to accept it.' });
    const middle = await offer(buyer, partId, 600).expect(201);
    expect(middle.body.status).toBe('open');
    const high = await offer(buyer2, partId, 900).expect(201);
    expect(high.body).toMatchObject({ status: 'accepted', amount: '900.00' });
    expect(created).toEqual([{ buyerId: buyer2.id, partId, priceCents: 90_000, source: 'offer', sourceId: high.body.id }]);
    expect((await buyer.agent.get(`/api/offers/${middle.body.id}`).expect(200)).body.status).toBe('declined');
    // Cleared prices answer nothing automatically.
    await seller.agent.put(`/api/parts/${partId}/offer-prices`).send({ autoAcceptPrice: null, autoDeclinePrice: '' }).expect(200);
    expect((await seller.agent.get(`/api/parts/${partId}/offer-prices`).expect(200)).body).toEqual({ partId, autoAcceptPrice: null, autoDeclinePrice: null });
  });
});

describe('without a payments module', () => {
  it('records the acceptance and leaves the order to a job', async () => {
    const orders = t.rt.container.get(OfferOrders);
    orders.use(undefined);
    try {
      const partId = await partOf(seller, { price: 1000 });
      const { body: o } = await offer(buyer, partId, 700).expect(201);
      const res = await seller.agent.post(`/api/offers/${o.id}/accept`).expect(200);
      expect(res.body).toMatchObject({ status: 'accepted', orderId: null });
      // The part is held for that buyer meanwhile.
      expect((await offer(buyer2, partId, 800).expect(409)).body.message).toBe('This part has been sold');
      orders.use(fakeOrders);
      const orderId = await t.rt.container.get(OfferService).createPendingOrder(o.id);
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await buyer.agent.get(`/api/offers/${o.id}`).expect(200)).body.orderId).toBe(orderId);
    } finally {
      orders.use(fakeOrders);
    }
  });
});
