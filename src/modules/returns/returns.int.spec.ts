import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { fakeOrders, storedPhoto } from '../../../test/returns.fixtures.js';

// Until the payments module binds OrdersApi, the tests run against an in-memory one (test/returns.fixtures.ts).
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  const { returnsModule } = await import('./index.js');
  return { modules: [...original.modules.filter((m) => m.name !== 'returns'), fakeOrdersModule(fake), returnsModule] };
});

let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let admin: TestUser;

const DAY = 24 * 3600_000;
const PHOTO = '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg';

/** A delivered order of `seller`'s to `buyer`, delivered a day before the clock. */
function deliveredOrder(overrides: Parameters<typeof fakeOrders.add>[0] | Record<string, unknown> = {}) {
  return fakeOrders.add({
    buyerId: buyer.id,
    sellerId: seller.id,
    deliveredAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
    ...overrides,
  });
}

const requestReturn = (orderId: string, body: Record<string, unknown>, who = buyer) => who.agent.post(`/api/orders/${orderId}/returns`).send(body);

async function mailsTo(username: string) {
  await t.drain();
  return t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by created_at, id', [`${username}@example.com`]);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set('2027-03-01T10:00:00Z'); // a Monday, after the database's now (jobs run by its time)
  await storedPhoto(t);
  buyer = await fastUser(t, 'rita_returns');
  seller = await approvedSeller(t, 'sam_seller');
  stranger = await fastUser(t, 'nosy_neighbour');
  admin = await fastUser(t, 'ada_admin');
  await t.sql(`update users set role = 'admin' where id = $1`, [admin.id]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('requesting a return', () => {
  it('refuses a photo that names no stored upload, naming the field', async () => {
    const missing = '/api/uploads/files/ffffffffffffffffffffffffffffffff.jpg';
    const res = await requestReturn(deliveredOrder().id, { reason: 'not as described', details: 'Cracked.', photos: [PHOTO, { url: missing }] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'upload_not_found', errors: { 'photos.1': 'This photo was not found on Pitlane. Please upload it again.' } });
    expect(Object.keys(res.body.errors)).toEqual(['photos.1']);
  });

  it('accepts a return with photos inside the window, keeps its history and mails both sides', async () => {
    const order = deliveredOrder();
    const res = await requestReturn(order.id, { reason: 'not as described', details: 'The casting is cracked.', photos: [PHOTO] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      orderId: order.id,
      state: 'requested',
      reason: 'not as described',
      shippingPaidBy: 'seller',
      photos: [{ url: PHOTO }],
      viewerRole: 'buyer',
      orderTotal: '275.00',
      respondBy: '2027-03-04T10:00:00.000Z',
    });
    expect(res.body.history).toMatchObject([{ state: 'requested', action: 'request', actorRole: 'buyer' }]);
    expect((await mailsTo('sam_seller')).map((m) => m.subject)).toContain('Return requested: Holley 4150 carburetor');
    expect((await mailsTo('rita_returns')).map((m) => m.subject)).toContain('Return requested: Holley 4150 carburetor');
    const again = await requestReturn(order.id, { reason: 'wrong item', details: 'Again', photos: [PHOTO] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A return has already been requested for this order.');
  });

  it('requires photos for not as described, damaged in transit and wrong item, not for preference reasons', async () => {
    for (const reason of ['not as described', 'damaged in transit', 'wrong item']) {
      const res = await requestReturn(deliveredOrder().id, { reason, details: 'See the part' });
      expect(res.status, reason).toBe(400);
      expect(res.body.errors.photos).toBe('Add 1 to 5 photos showing the problem (JPEG or PNG, up to 5 MB each).');
    }
    const ok = await requestReturn(deliveredOrder().id, { reason: 'changed my mind', details: 'Bought two by mistake' });
    expect(ok.status).toBe(201);
    expect(ok.body.shippingPaidBy).toBe('buyer');
  });

  it('refuses unknown reasons, too many photos and photos that are not uploads', async () => {
    const order = deliveredOrder();
    const bad = await requestReturn(order.id, { reason: 'meh', details: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.reason).toContain("not as described, damaged in transit, wrong item, doesn't fit, changed my mind");
    const many = await requestReturn(order.id, { reason: 'wrong item', details: 'x', photos: Array(6).fill(PHOTO) });
    expect(many.body.errors.photos).toBe('At most 5 photos');
    const foreign = await requestReturn(order.id, { reason: 'wrong item', details: 'x', photos: ['https://evil.example.com/a.jpg'] });
    expect(foreign.status).toBe(400);
  });

  it('refuses before delivery and after the 7-day window', async () => {
    const shipped = deliveredOrder({ state: 'shipped', deliveredAt: null });
    const early = await requestReturn(shipped.id, { reason: 'wrong item', details: 'x', photos: [PHOTO] });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A return can be requested once the order has been delivered.');
    const old = deliveredOrder({ deliveredAt: new Date(t.clock.now().getTime() - 8 * DAY).toISOString() });
    const late = await requestReturn(old.id, { reason: 'wrong item', details: 'x', photos: [PHOTO] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The 7-day return window for this order ended on Feb 28, 2027.');
  });

  it('lets only the buyer request, and hides other people\'s orders', async () => {
    const order = deliveredOrder();
    expect((await requestReturn(order.id, { reason: 'wrong item', details: 'x', photos: [PHOTO] }, seller)).status).toBe(403);
    expect((await requestReturn(order.id, { reason: 'wrong item', details: 'x', photos: [PHOTO] }, stranger)).status).toBe(404);
    expect((await t.agent().post(`/api/orders/${order.id}/returns`).send({ reason: 'wrong item', details: 'x' })).status).toBe(401);
  });
});

describe('eligibility per category and reason', () => {
  const preference = ["doesn't fit", 'changed my mind'];
  const faults = ['not as described', 'damaged in transit', 'wrong item'];
  let electrical: string;
  let custom: string;
  let brakes: string;
  beforeAll(async () => {
    await t.sql(`insert into categories (name, slug, icon) values ('Electrical', 'electrical', 'zap'), ('Exhaust', 'exhaust', 'gear'), ('Brakes', 'brakes', 'gear') on conflict do nothing`);
    await t.sql(`insert into makes (name, slug) values ('Ford', 'ford') on conflict do nothing`);
    [electrical] = await insertParts(t, seller.id, 1, { title: 'Lucas distributor', description: 'x', category: 'electrical', make: 'ford' });
    [custom] = await insertParts(t, seller.id, 1, { title: 'Custom stainless headers', description: 'x', category: 'exhaust', make: 'ford' });
    [brakes] = await insertParts(t, seller.id, 1, { title: 'Brake caliper', description: 'x', category: 'brakes', make: 'ford' });
  });

  const cases: [string, () => Record<string, unknown>, string | null][] = [
    ['an ordinary part', () => ({ partId: brakes, partTitle: 'Brake caliper 1' }), null],
    ['a Final Sale item', () => ({ partId: brakes, partTitle: 'Brake caliper 1', finalSale: true }), 'A Final Sale item'],
    ['an electrical part', () => ({ partId: electrical, partTitle: 'Lucas distributor 1' }), 'An electrical part'],
    ['a custom part', () => ({ partId: custom, partTitle: 'Custom stainless headers 1' }), 'A custom or modified part'],
    ['an auction win', () => ({ partId: brakes, partTitle: 'Brake caliper 1', source: 'auction_won', finalSale: true }), 'An auction win'],
  ];
  for (const [name, facts, blocked] of cases) {
    it(`${blocked ? 'refuses' : 'accepts'} ${name} for doesn't fit and changed my mind, and accepts faults`, async () => {
      for (const reason of preference) {
        const res = await requestReturn(deliveredOrder(facts()).id, { reason, details: 'x' });
        if (blocked) {
          expect(res.status, reason).toBe(409);
          expect(res.body.code).toBe('not_returnable_for_reason');
          expect(res.body.message).toBe(
            `${blocked} cannot be returned for "doesn't fit" or "changed my mind". If the part was not as described, damaged in transit or the wrong item, choose that reason.`,
          );
        } else {
          expect(res.status, reason).toBe(201);
        }
      }
      for (const reason of faults) {
        const res = await requestReturn(deliveredOrder(facts()).id, { reason, details: 'x', photos: [PHOTO] });
        expect(res.status, `${name} ${reason}`).toBe(201);
      }
    });
  }

  it('sends transit damage to the carrier claim guidance', async () => {
    const res = await requestReturn(deliveredOrder().id, { reason: 'damaged in transit', details: 'Box crushed', photos: [PHOTO] });
    expect(res.body.shippingPaidBy).toBe('carrier_claim');
    expect(res.body.policyNote).toContain('files a claim with the carrier');
  });
});

describe('the seller answers, the buyer ships back, the seller refunds', () => {
  it('runs approve, ship, receive and a full refund that reaches payments', async () => {
    const order = deliveredOrder();
    const r = (await requestReturn(order.id, { reason: 'wrong item', details: 'Sent a 4160', photos: [PHOTO] })).body;
    expect((await buyer.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'x' })).status).toBe(403);
    expect((await stranger.agent.get(`/api/returns/${r.id}`)).status).toBe(404);
    const approved = await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship to 1 Main St, Detroit' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', instructions: 'Ship to 1 Main St, Detroit', viewerRole: 'seller' });
    const decline = await seller.agent.post(`/api/returns/${r.id}/decline`).send({ reason: 'No' });
    expect(decline.status).toBe(409);
    expect(decline.body.message).toBe('This return cannot be declined while it is approved.');
    const shipped = await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' });
    expect(shipped.body).toMatchObject({ state: 'shipped_back', carrier: 'UPS', trackingNumber: '1Z999', actions: ['escalate'] });
    expect((await seller.agent.post(`/api/returns/${r.id}/receive`)).body.state).toBe('received');
    const tooMuch = await seller.agent.post(`/api/returns/${r.id}/refund`).send({ amount: '300.00' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe("The refund cannot be more than $275.00, what is left of the order's total.");
    const refunded = await seller.agent.post(`/api/returns/${r.id}/refund`).send({});
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ state: 'refunded', refundAmount: '275.00' });
    expect(fakeOrders.refunds.at(-1)).toMatchObject({ orderId: order.id, amountCents: 27_500, actorId: seller.id });
    expect(refunded.body.history.map((h: { state: string }) => h.state)).toEqual(['requested', 'approved', 'shipped_back', 'received', 'refunded']);
    expect((await seller.agent.post(`/api/returns/${r.id}/refund`).send({})).status).toBe(409);
    const subjects = (await mailsTo('rita_returns')).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Return approved: Holley 4150 carburetor', 'Return refunded: Holley 4150 carburetor']));
  });

  it('refunds part of the order', async () => {
    const order = deliveredOrder();
    const r = (await requestReturn(order.id, { reason: "doesn't fit", details: 'Wrong bolt pattern' })).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Keep it, partial refund' }).expect(200);
    const res = await seller.agent.post(`/api/returns/${r.id}/refund`).send({ amount: 50, note: 'Restocking' });
    expect(res.body).toMatchObject({ state: 'refunded', refundAmount: '50.00' });
    expect(fakeOrders.orders.get(order.id)!.refundedCents).toBe(5000);
  });

  it('offers the seller what remains to refund after an earlier refund, and caps the refund there', async () => {
    const order = deliveredOrder({ totalCents: 88_000 });
    const r = (await requestReturn(order.id, { reason: 'wrong item', details: 'Sent a 4160', photos: [PHOTO] })).body;
    expect(r).toMatchObject({ orderTotal: '880.00', refundable: '880.00' });
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship it back' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z1' }).expect(200);
    await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200);
    fakeOrders.orders.get(order.id)!.refundedCents = 10_000; // $100 refunded already (say, a goodwill refund on the order)
    const seen = (await seller.agent.get(`/api/returns/${r.id}`).expect(200)).body;
    expect(seen).toMatchObject({ orderTotal: '880.00', refundable: '780.00', actions: ['refund'] });
    const tooMuch = await seller.agent.post(`/api/returns/${r.id}/refund`).send({ amount: '780.01' }).expect(400);
    expect(tooMuch.body.message).toBe("The refund cannot be more than $780.00, what is left of the order's total.");
    const refunded = await seller.agent.post(`/api/returns/${r.id}/refund`).send({}).expect(200);
    expect(refunded.body).toMatchObject({ state: 'refunded', refundAmount: '780.00', refundable: '0.00' });
  });

  it('lets the seller put a part that came back, refunded, on sale again through the catalog, once', async () => {
    await t.sql(`insert into categories (name, slug, icon) values ('Brakes', 'brakes', 'gear') on conflict do nothing`);
    await t.sql(`insert into makes (name, slug) values ('Ford', 'ford') on conflict do nothing`);
    const [partId] = await insertParts(t, seller.id, 1, { title: 'Returned Holley', description: 'x', category: 'brakes', make: 'ford', price: 250 });
    const order = deliveredOrder({ partId });
    // As payments' paid order left it: sold by this order, off sale.
    await t.sql('update parts set sold_at = now(), sold_order_id = $2, is_active = false where id = $1', [partId, order.id]);
    const r = (await requestReturn(order.id, { reason: "doesn't fit", details: 'Wrong flange' })).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship it back' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z3' }).expect(200);
    expect((await seller.agent.post(`/api/returns/${r.id}/relist`).expect(409)).body.code).toBe('not_relistable');
    const received = (await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200)).body;
    expect(received.relistable).toBe(false); // not refunded yet
    const refunded = (await seller.agent.post(`/api/returns/${r.id}/refund`).send({}).expect(200)).body;
    expect(refunded.relistable).toBe(true);
    expect((await buyer.agent.get(`/api/returns/${r.id}`).expect(200)).body.relistable).toBe(false);
    await buyer.agent.post(`/api/returns/${r.id}/relist`).expect(403);
    await stranger.agent.post(`/api/returns/${r.id}/relist`).expect(404);
    const relisted = await seller.agent.post(`/api/returns/${r.id}/relist`).expect(200);
    expect(relisted.body.relistable).toBe(false);
    const part = (await t.agent().get(`/api/parts/${partId}`).expect(200)).body;
    expect(part).toMatchObject({ isSold: false, isActive: true });
    const [row] = await t.sql<{ sold_order_id: string | null }>('select sold_order_id from parts where id = $1', [partId]);
    expect(row!.sold_order_id).toBeNull();
    expect((await seller.agent.post(`/api/returns/${r.id}/relist`).expect(409)).body.code).toBe('not_relistable');
  });

  it("does not offer to relist the part of an auction sale, which follows the auction's rules", async () => {
    await t.sql(`insert into categories (name, slug, icon) values ('Brakes', 'brakes', 'gear') on conflict do nothing`);
    await t.sql(`insert into makes (name, slug) values ('Ford', 'ford') on conflict do nothing`);
    const [partId] = await insertParts(t, seller.id, 1, { title: 'Auctioned Holley', description: 'x', category: 'brakes', make: 'ford', price: 250 });
    const order = deliveredOrder({ partId, source: 'auction_won' });
    await t.sql('update parts set sold_at = now(), is_active = false where id = $1', [partId]);
    const r = (await requestReturn(order.id, { reason: 'wrong item', details: 'x', photos: [PHOTO] })).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship it back' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z4' }).expect(200);
    await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200);
    expect((await seller.agent.post(`/api/returns/${r.id}/refund`).send({}).expect(200)).body.relistable).toBe(false);
    await seller.agent.post(`/api/returns/${r.id}/relist`).expect(409);
  });

  it("lists by default, for the seller, the returns waiting for them: requested, shipped back and received", async () => {
    const requested = (await requestReturn(deliveredOrder().id, { reason: 'changed my mind', details: 'x' })).body;
    const shippedBack = (await requestReturn(deliveredOrder().id, { reason: 'changed my mind', details: 'x' })).body;
    await seller.agent.post(`/api/returns/${shippedBack.id}/approve`).send({ instructions: 'Ship it back' }).expect(200);
    await buyer.agent.post(`/api/returns/${shippedBack.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z2' }).expect(200);
    const approved = (await requestReturn(deliveredOrder().id, { reason: 'changed my mind', details: 'x' })).body;
    await seller.agent.post(`/api/returns/${approved.id}/approve`).send({ instructions: 'Ship it back' }).expect(200);
    const res = await seller.agent.get('/api/returns?as=seller&state=awaiting_seller&limit=100').expect(200);
    const ids = (res.body as { id: string; state: string }[]).map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([requested.id, shippedBack.id]));
    expect(ids).not.toContain(approved.id);
    expect(res.body.every((x: { state: string }) => ['requested', 'shipped_back', 'received'].includes(x.state))).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(ids.length);
    await seller.agent.get('/api/returns?as=seller&state=waiting').expect(400);
  });

  it('lists the buyer\'s returns and the seller\'s with ?as=seller', async () => {
    const mine = await buyer.agent.get('/api/returns').expect(200);
    expect(Array.isArray(mine.body)).toBe(true);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(0);
    expect(mine.body.every((r: { buyerId: string }) => r.buyerId === buyer.id)).toBe(true);
    const sold = await seller.agent.get('/api/returns?as=seller&state=requested').expect(200);
    expect(sold.body.every((r: { sellerId: string; state: string }) => r.sellerId === seller.id && r.state === 'requested')).toBe(true);
    expect((await stranger.agent.get('/api/returns?as=seller').expect(200)).body).toEqual([]);
  });
});

describe('deadlines and escalation', () => {
  async function runDeadlineJob(id: string) {
    await t.sql(`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = $1), run_at := now())`, [`return-respond-by:${id}`]);
    await t.drain();
  }

  it('gives the seller 3 business days across a weekend, then escalates to the admins', async () => {
    t.clock.set('2027-03-05T15:00:00Z'); // a Friday
    const r = (await requestReturn(deliveredOrder().id, { reason: 'wrong item', details: 'x', photos: [PHOTO] })).body;
    expect(r.respondBy).toBe('2027-03-10T15:00:00.000Z'); // the next Wednesday
    const [job] = await t.sql<{ run_at: Date }>('select run_at from graphile_worker.jobs where key = $1', [`return-respond-by:${r.id}`]);
    expect(new Date(job!.run_at).toISOString()).toBe('2027-03-10T15:00:00.000Z');

    t.clock.set('2027-03-10T14:59:00Z'); // a minute early: nothing happens, the job waits again
    await runDeadlineJob(r.id);
    expect((await buyer.agent.get(`/api/returns/${r.id}`)).body.state).toBe('requested');

    t.clock.set('2027-03-10T15:00:00Z');
    await runDeadlineJob(r.id);
    const escalated = (await admin.agent.get(`/api/returns/${r.id}`)).body;
    expect(escalated).toMatchObject({ state: 'escalated', viewerRole: 'admin', actions: ['decide'] });
    expect(escalated.escalationReason).toBe("The seller did not answer within 3 business days; Pitlane's team will decide.");
    expect(escalated.history.at(-1)).toMatchObject({ state: 'escalated', actorRole: 'system' });
    expect((await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'late' })).status).toBe(409);
    await t.drain();
    const team = await t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1', [t.rt.config.supportEmail]);
    expect(team.find((m) => m.text.includes(`/admin/returns/${r.id}/show`))?.subject).toBe('Return to decide: Holley 4150 carburetor');
  });

  it('keeps a request answered in time from escalating', async () => {
    t.clock.set('2027-03-08T09:00:00Z');
    const r = (await requestReturn(deliveredOrder().id, { reason: 'wrong item', details: 'x', photos: [PHOTO] })).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Send it back' }).expect(200);
    const jobs = await t.sql('select id from graphile_worker.jobs where key = $1', [`return-respond-by:${r.id}`]);
    expect(jobs).toEqual([]);
  });

  it('lets the buyer escalate a decline and an admin refund part of it through the console', async () => {
    const order = deliveredOrder();
    const r = (await requestReturn(order.id, { reason: 'not as described', details: 'Listed as NOS, it is used', photos: [PHOTO] })).body;
    await seller.agent.post(`/api/returns/${r.id}/decline`).send({ reason: 'It was described as used' }).expect(200);
    expect((await seller.agent.post(`/api/returns/${r.id}/escalate`).send({})).status).toBe(403);
    const esc = await buyer.agent.post(`/api/returns/${r.id}/escalate`).send({ reason: 'The photos show NOS packaging' });
    expect(esc.body).toMatchObject({ state: 'escalated', escalationReason: 'The photos show NOS packaging' });

    expect((await buyer.agent.put(`/api/admin/returns/${r.id}`).send({ decision: 'reject', note: 'x' })).status).toBe(403);
    const list = await admin.agent.get('/api/admin/returns').query({ filter: JSON.stringify({ state: 'escalated' }) }).expect(200);
    expect(list.headers['content-range']).toMatch(/^returns 0-\d+\/\d+$/);
    expect(list.body.map((x: { id: string }) => x.id)).toContain(r.id);
    const one = await admin.agent.get(`/api/admin/returns/${r.id}`).expect(200);
    expect(one.body.photos).toEqual([{ url: PHOTO }]);
    expect(one.body.history.map((h: { note: string | null }) => h.note)).toContain('It was described as used');

    const decided = await admin.agent.put(`/api/admin/returns/${r.id}`).send({ decision: 'refund', amount: '100.00', note: 'Half-way: the listing was unclear' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ state: 'refunded', adminDecision: 'refund', adminNote: 'Half-way: the listing was unclear', refundAmount: '100.00' });
    expect(fakeOrders.refunds.at(-1)).toMatchObject({ orderId: order.id, amountCents: 10_000, actorId: admin.id });
  });

  it('lets an admin reject an escalation, which closes the return', async () => {
    const r = (await requestReturn(deliveredOrder().id, { reason: 'wrong item', details: 'x', photos: [PHOTO] })).body;
    await seller.agent.post(`/api/returns/${r.id}/decline`).send({ reason: 'Right item, see part number' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/escalate`).send({}).expect(200);
    const res = await admin.agent.put(`/api/admin/returns/${r.id}`).send({ decision: 'reject', note: 'The part number matches the listing' });
    expect(res.body).toMatchObject({ state: 'closed', adminDecision: 'reject' });
  });

  it('closes a decline the buyer did not escalate within 7 days', async () => {
    const r = (await requestReturn(deliveredOrder().id, { reason: 'wrong item', details: 'x', photos: [PHOTO] })).body;
    await seller.agent.post(`/api/returns/${r.id}/decline`).send({ reason: 'No' }).expect(200);
    t.clock.advance(7 * DAY);
    await t.sql(`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = $1), run_at := now())`, [`return-close:${r.id}`]);
    await t.drain();
    expect((await buyer.agent.get(`/api/returns/${r.id}`)).body.state).toBe('closed');
  });
});
