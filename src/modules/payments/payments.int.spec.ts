import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { storedPhoto } from '../../../test/returns.fixtures.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { EventBus } from '../../platform/events.js';
import { OrderTimersService } from './order-timers.service.js';
import type { OrderTimer } from './payments.tasks.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let stranger: TestUser;
let admin: TestUser;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const address = { name: 'Bea Buyer', line1: '1 Paddock Lane', city: 'Monterey', region: 'CA', postalCode: '93940', country: 'us' };

/** A part of the seller (listed as admin, then the account is a plain seller again). */
async function part(overrides: Record<string, unknown> = {}): Promise<string> {
  await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
  try {
    return await partOf(seller, overrides);
  } finally {
    await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  }
}

async function paidOrder(price = 2400, who = buyer): Promise<string> {
  const partId = await part({ price });
  const created = await who.agent.post('/api/orders').send({ partId }).expect(201);
  const id = created.body.orderId as string;
  await who.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: price >= 5000 ? 'waiver' : undefined, waiverAccepted: price >= 5000 ? true : undefined }).expect(200);
  await who.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
  return id;
}

const timer = (name: OrderTimer, id: string) => t.rt.container.get(OrderTimersService).run(name, id);
const ledgerSum = async (where: string, params: unknown[]) =>
  (await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries where ${where}`, params))[0]!.s;
const job = async (key: string) => (await t.sql<{ run_at: Date; task_identifier: string }>('select run_at, task_identifier from graphile_worker.jobs where key = $1', [key]))[0];

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'bea_buyer');
  buyer2 = await quickUser(t, 'cy_buyer');
  stranger = await quickUser(t, 'stan_stranger');
}, 180_000);
afterAll(async () => t?.close());

describe('Buy Now', () => {
  it('creates a pending order reserved for 15 minutes; the commission is shown to the seller, not the buyer', async () => {
    const partId = await part({ price: 1000 });
    const res = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const order = res.body.order;
    expect(order).toMatchObject({ state: 'pending_payment', source: 'buy_now', partId, price: '1000.00', total: '1000.00', commission: null, sellerNet: null, viewerRole: 'buyer' });
    expect(new Date(order.payBy).getTime() - t.clock.now().getTime()).toBe(15 * MIN);
    expect(order.actions).toMatchObject({ canPay: true, canCancel: true, canShip: false });
    const asSeller = await seller.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(asSeller.body).toMatchObject({ commission: '70.00', sellerNet: '930.00', viewerRole: 'seller' });
    expect(await job(`order-cancelUnpaid:${order.id}`)).toMatchObject({ task_identifier: 'payments/cancel-unpaid' });
    // The same buyer again gets the same order; another buyer a clear 409.
    const again = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    expect(again.body.orderId).toBe(order.id);
    const other = await buyer2.agent.post('/api/orders').send({ partId }).expect(409);
    expect(other.body.message).toBe('This part is already reserved in another checkout or sold');
  });

  it('prices new orders by the commission tiers the console saves in its Pricing settings; earlier orders keep theirs', async () => {
    const before = await buyer.agent.post('/api/orders').send({ partId: await part({ price: 2000 }) }).expect(201);
    const pricing = (await admin.agent.get('/api/admin/settings').expect(200)).body.pricing;
    expect(pricing.commissionTiers).toEqual([{ from: 0, ratePercent: 7 }, { from: 1000, ratePercent: 5 }, { from: 5000, ratePercent: 3 }]);
    const tiers = [{ from: 0, ratePercent: 10 }, { from: 1500, ratePercent: 2.5 }];
    try {
      const saved = await admin.agent.put('/api/admin/settings/pricing').send({ ...pricing, commissionTiers: tiers }).expect(200);
      expect(saved.body.commissionTiers).toEqual(tiers);
      expect((await admin.agent.get('/api/admin/settings').expect(200)).body.pricing.commissionTiers).toEqual(tiers);
      // Stored once, as the payments module's setting: the auctions' pricing group no longer carries them.
      expect((await t.sql<{ tiers: unknown }>('select commission_tiers as tiers from payment_settings'))[0]!.tiers).toEqual(tiers);
      expect((await t.sql<{ value: Record<string, unknown> }>(`select value from auction_settings where group_name = 'pricing'`))[0]!.value).not.toHaveProperty('commissionTiers');
      const after = await buyer.agent.post('/api/orders').send({ partId: await part({ price: 2000 }) }).expect(201);
      // $2,000: 10 % of $1,500 and 2.5 % of $500 = $162.50; the order made before keeps 7 % + 5 % = $120.00.
      expect((await seller.agent.get(`/api/orders/${after.body.orderId}`).expect(200)).body.commission).toBe('162.50');
      expect((await seller.agent.get(`/api/orders/${before.body.orderId}`).expect(200)).body.commission).toBe('120.00');
      const bad = await admin.agent.put('/api/admin/settings/pricing').send({ ...pricing, commissionTiers: [{ from: 5, ratePercent: 3 }] }).expect(400);
      expect(bad.body.message).toBe('The first commission tier must start at 0');
    } finally {
      await admin.agent.put('/api/admin/settings/pricing').send(pricing).expect(200);
    }
  });

  it('refuses to price an order when the commission tiers cannot be read, instead of falling back to defaults', async () => {
    const [row] = await t.sql<{ commission_tiers: unknown }>('select commission_tiers from payment_settings');
    await t.sql('delete from payment_settings');
    try {
      const partId = await part();
      await buyer.agent.post('/api/orders').send({ partId }).expect(500);
      expect(await t.sql('select id from orders where part_id = $1', [partId])).toEqual([]);
    } finally {
      await t.sql(`insert into payment_settings (id, commission_tiers, updated_at) values (1, $1::jsonb, now())`, [JSON.stringify(row!.commission_tiers)]);
    }
  });

  it('refuses signed-out callers, the seller buying their own part, and unknown parts', async () => {
    const partId = await part();
    await t.agent().post('/api/orders').send({ partId }).expect(401);
    await seller.agent.post('/api/orders').send({ partId }).expect(403);
    await buyer.agent.post('/api/orders').send({ partId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await buyer.agent.post('/api/orders').send({ partId: 'nope' }).expect(400);
  });

  it('gives one order to 20 buyers racing for one part, and a 409 to the others', async () => {
    const partId = await part({ price: 500 });
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => fastUser(t, `racer_${i}`)));
    const results = await Promise.all(racers.map((r) => r.agent.post('/api/orders').send({ partId })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await t.sql('select id from orders where part_id = $1', [partId])).toHaveLength(1);
  });
});

describe('orders are private', () => {
  it('shows an order to its buyer, seller and admins only; others get 404', async () => {
    const partId = await part();
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    await stranger.agent.get(`/api/orders/${body.orderId}`).expect(404);
    await t.agent().get(`/api/orders/${body.orderId}`).expect(401);
    const asAdmin = await admin.agent.get(`/api/orders/${body.orderId}`).expect(200);
    expect(asAdmin.body.viewerRole).toBe('admin');
    expect(Array.isArray(asAdmin.body.ledger)).toBe(true);
    const asBuyer = await buyer.agent.get(`/api/orders/${body.orderId}`).expect(200);
    expect(asBuyer.body.ledger).toBeNull();
  });

  it('lists the buyer purchases and, as seller, the sales, with X-Total-Count', async () => {
    const mine = await buyer2.agent.get('/api/orders').expect(200);
    expect(Number(mine.headers['x-total-count'])).toBe(mine.body.length);
    expect(mine.body.every((o: { buyerId: string }) => o.buyerId === buyer2.id)).toBe(true);
    const sales = await seller.agent.get('/api/orders?as=seller&limit=2').expect(200);
    expect(sales.body).toHaveLength(2);
    expect(Number(sales.headers['x-total-count'])).toBeGreaterThan(2);
    expect(sales.body.every((o: { sellerId: string }) => o.sellerId === seller.id)).toBe(true);
  });
});

describe('checkout and payment in test mode', () => {
  it('asks for the shipping address and the Final Sale acknowledgement, then pays, sells the part and balances the ledger', async () => {
    const partId = await part({ price: 999.99, category: 'electrical', title: 'Lucas dynamo, rebuilt' });
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const id = body.orderId;
    expect(body.order.finalSale).toBe(true);
    await buyer.agent.post(`/api/orders/${id}/checkout`).send({}).expect(400);
    const noAck = await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address }).expect(400);
    expect(noAck.body.errors.acknowledgeFinalSale).toBeDefined();
    await stranger.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, acknowledgeFinalSale: true }).expect(404);
    const checkout = await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, acknowledgeFinalSale: true }).expect(200);
    expect(checkout.body).toMatchObject({ provider: 'test', testMode: true, publishableKey: null, amount: '999.99', currency: 'usd', finalSaleRequired: true });
    expect(checkout.body.clientSecret).toMatch(/^pi_test_/);
    await stranger.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(404);
    const paid = await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    expect(paid.body).toMatchObject({ state: 'paid', shippingAddress: { country: 'US' } });
    expect(new Date(paid.body.shipBy).getTime() - new Date(paid.body.paidAt).getTime()).toBe(72 * HOUR);
    // Confirming twice applies the payment once.
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    expect(await t.sql('select 1 from ledger_entries where order_id = $1', [id])).toHaveLength(4);
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
    expect(await ledgerSum(`order_id = $1 and account = 'marketplace'`, [id])).toBe('70.00');
    // No card is charged in test mode: no provider fee, and no job to ask a provider for one.
    expect(await job(`order-providerFee:${id}`)).toBeUndefined();
    await t.drain();
    expect(await t.sql(`select 1 from ledger_entries where order_id = $1 and kind = 'provider_fee'`, [id])).toHaveLength(0);
    const partNow = await t.agent().get(`/api/parts/${partId}`);
    expect(partNow.body.isSold).toBe(true);
    expect(await job(`order-shipReminder:${id}`)).toBeDefined();
    expect(await job(`order-shipLate:${id}`)).toBeDefined();
    const mails = await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by id', ['bea_buyer@example.com']);
    expect(mails.map((m) => m.subject)).toContain('Payment received: Lucas dynamo, rebuilt');
  });

  it('refuses test confirmation before checkout', async () => {
    const partId = await part();
    const { body } = await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
    await buyer2.agent.post('/api/payments/test/confirm').send({ orderId: body.orderId }).expect(409);
  });
});

describe('shipping, delivery and completion', () => {
  it('lets only the seller ship and only the buyer confirm delivery, then completes after the return window', async () => {
    const id = await paidOrder();
    await buyer.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(403);
    await stranger.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(404);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: '', trackingNumber: '1Z999' }).expect(400);
    const shipped = await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(200);
    expect(shipped.body).toMatchObject({ state: 'shipped', carrier: 'UPS', trackingNumber: '1Z999', lateShipment: false });
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(409);
    await seller.agent.post(`/api/orders/${id}/confirm-delivery`).expect(403);
    const delivered = await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
    expect(delivered.body.state).toBe('delivered');
    expect(delivered.body.history.map((h: { state: string }) => h.state)).toEqual(['pending_payment', 'pending_payment', 'paid', 'shipped', 'delivered']);
    expect(await timer('complete', id)).toBe('not due');
    t.clock.advance(7 * DAY);
    expect(await timer('complete', id)).toBe('completed');
    expect(await timer('complete', id)).toBe('not delivered');
    const done = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(done.body.state).toBe('completed');
  });

  it('reminds the seller at 48 hours, flags a late shipment at 72, and delivers 14 days after shipping', async () => {
    const id = await paidOrder();
    expect(await timer('shipReminder', id)).toBe('not due');
    t.clock.advance(48 * HOUR);
    expect(await timer('shipReminder', id)).toBe('reminded');
    expect(await timer('shipReminder', id)).toBe('nothing to remind');
    t.clock.advance(24 * HOUR);
    expect(await timer('shipLate', id)).toBe('flagged late');
    const late = await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'DHL', trackingNumber: 'JD0001' }).expect(200);
    expect(late.body.lateShipment).toBe(true);
    // The late shipment lowers the seller's on-time delivery figure (sellers' reputation, from paid orders).
    await t.drain();
    const [rep] = await t.sql<{ on_time_delivery: string; total_sales: number }>('select on_time_delivery, total_sales from seller_reputation where user_id = $1', [seller.id]);
    expect(Number(rep!.on_time_delivery)).toBeLessThan(100);
    expect(rep!.total_sales).toBeGreaterThan(0);
    t.clock.advance(14 * DAY - MIN);
    expect(await timer('autoDeliver', id)).toBe('not due');
    t.clock.advance(MIN);
    expect(await timer('autoDeliver', id)).toBe('delivered');
    const seen = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.state).toBe('delivered');
    expect(seen.body.history.at(-1).note).toBe('Delivered (14 days after shipping)');
  });
});

describe('cancellation', () => {
  it('cancels an unpaid Buy Now order after 15 minutes and frees the part', async () => {
    const partId = await part();
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    t.clock.advance(14 * MIN);
    expect(await timer('cancelUnpaid', body.orderId)).toBe('not due');
    t.clock.advance(MIN);
    expect(await timer('cancelUnpaid', body.orderId)).toBe('cancelled');
    const seen = await buyer.agent.get(`/api/orders/${body.orderId}`).expect(200);
    expect(seen.body).toMatchObject({ state: 'cancelled', cancelReason: 'unpaid' });
    await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
  });

  it('lets the buyer cancel an unpaid Buy Now order; a paid one only the seller, with a full refund', async () => {
    const partId = await part();
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    await stranger.agent.post(`/api/orders/${body.orderId}/cancel`).send({}).expect(404);
    const cancelled = await buyer.agent.post(`/api/orders/${body.orderId}/cancel`).send({ reason: 'Changed my mind' }).expect(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelReason: 'buyer' });
    await buyer.agent.post(`/api/orders/${body.orderId}/cancel`).send({}).expect(409);

    const id = await paidOrder(1500);
    // The page offers the buyer no Cancel on a paid order: the server would refuse it.
    expect((await buyer.agent.get(`/api/orders/${id}`).expect(200)).body.actions.canCancel).toBe(false);
    expect((await seller.agent.get(`/api/orders/${id}`).expect(200)).body.actions.canCancel).toBe(true);
    expect((await admin.agent.get(`/api/orders/${id}`).expect(200)).body.actions.canCancel).toBe(true);
    await buyer.agent.post(`/api/orders/${id}/cancel`).send({}).expect(409);
    const bySeller = await seller.agent.post(`/api/orders/${id}/cancel`).send({ reason: 'Damaged in storage' }).expect(200);
    expect(bySeller.body).toMatchObject({ state: 'cancelled', refunded: '1500.00', cancelReason: 'seller' });
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
    expect(await ledgerSum(`order_id = $1 and account = 'marketplace'`, [id])).toBe('0.00');
  });

  it('treats an admin who bought the part as its buyer: no Cancel or Mark Shipped offered on the paid order, and none taken', async () => {
    const id = await paidOrder(800, admin);
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.viewerRole).toBe('buyer');
    expect(seen.body.actions).toMatchObject({ canCancel: false, canShip: false, canRefund: true });
    const refused = await admin.agent.post(`/api/orders/${id}/cancel`).send({}).expect(409);
    expect(refused.body.message).toBe('This order is paid: ask the seller to cancel it, or contact support');
    const notShipped = await admin.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(403);
    expect(notShipped.body.message).toBe('Only the seller can mark this order shipped');
    expect((await seller.agent.get(`/api/orders/${id}`).expect(200)).body.state).toBe('paid');
  });
});

describe('admin refunds and the console', () => {
  it('refunds partly then fully, returning the commission in proportion', async () => {
    const id = await paidOrder(2000);
    await buyer.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '10.00', reason: 'x' }).expect(403);
    const tooMuch = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '2000.01', reason: 'Too much' }).expect(409);
    expect(tooMuch.body).toMatchObject({ code: 'refund_exceeds_remaining', message: 'A refund of $2000.01 is more than the $2000.00 left to refund on this order' });
    await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '0', reason: 'Nothing' }).expect(400);
    const part = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '500.00', reason: 'Scratch not in photos' }).expect(200);
    // Commission on $2,000: $70 + $50 = $120; a quarter returned.
    expect(part.body).toMatchObject({ state: 'partially_refunded', refunded: '500.00', commission: '90.00', sellerNet: '1410.00' });
    // The answer names the refund this request made: its id is its entry among the order's payments.
    expect(part.body.refund).toMatchObject({ amount: '500.00', status: 'succeeded', providerRef: expect.stringMatching(/^re_test_/) });
    expect(part.body.payments).toContainEqual(expect.objectContaining({ id: part.body.refund.id, kind: 'refund', status: 'succeeded', amount: '500.00' }));
    expect(part.body.actions.canRefund).toBe(true);
    const full = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: 1500, reason: 'Returned' }).expect(200);
    expect(full.body).toMatchObject({ state: 'refunded', refunded: '2000.00', commission: '0.00' });
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
    expect(await ledgerSum(`order_id = $1 and account = 'seller'`, [id])).toBe('0.00');
    expect(await ledgerSum('true', [])).toBe('0.00');
    const audit = await t.sql<{ action: string; actor_id: string }>(`select action, actor_id from audit_log where entity_type = 'order' and entity_id = $1`, [id]);
    expect(audit).toEqual([
      { action: 'order.refunded', actor_id: admin.id },
      { action: 'order.refunded', actor_id: admin.id },
    ]);
  });

  it('lists orders for the console with filters and Content-Range', async () => {
    const res = await admin.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ state: 'refunded', sellerId: seller.id }))}&range=[0,9]`).expect(200);
    expect(res.headers['content-range']).toMatch(/^orders 0-\d+\/\d+$/);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((o: { state: string }) => o.state === 'refunded')).toBe(true);
    const cheap = await admin.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ total_lte: '600' }))}`).expect(200);
    expect(cheap.body.every((o: { total: string }) => Number(o.total) <= 600)).toBe(true);
    await buyer.agent.get('/api/admin/orders').expect(403);
  });

  it('answers the Finance page by month, and as CSV', async () => {
    const res = await admin.agent.get('/api/admin/finance?months=3').expect(200);
    expect(res.body).toHaveLength(3);
    expect(Number(res.body[0].grossSales)).toBeGreaterThan(0);
    expect(res.body[0]).toHaveProperty('featuredRevenue');
    const csv = await admin.agent.get('/api/admin/finance?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('month,orders,grossSales,commission,refunds,featuredRevenue,providerFees');
    // Test mode charges no card, so no provider fee.
    expect(res.body[0].providerFees).toBe('0.00');
  });
});

describe('escrow from $5,000', () => {
  it('requires the escrow choice or the signed waiver, stored with time, address and user agent', async () => {
    const partId = await part({ price: 6000 });
    const { body } = await buyer2.agent.post('/api/orders').send({ partId }).expect(201);
    expect(body.order.escrow).toMatchObject({ applies: true, threshold: '5000.00', choice: null });
    const none = await buyer2.agent.post(`/api/orders/${body.orderId}/checkout`).send({ shippingAddress: address }).expect(400);
    expect(none.body.errors.escrowChoice).toBeDefined();
    await buyer2.agent.post(`/api/orders/${body.orderId}/checkout`).send({ shippingAddress: address, escrowChoice: 'waiver' }).expect(400);
    await buyer2.agent.post(`/api/orders/${body.orderId}/checkout`).set('User-Agent', 'TestBrowser/1.0').send({ shippingAddress: address, escrowChoice: 'waiver', waiverAccepted: true }).expect(200);
    const [row] = await t.sql<{ waiver_signed_at: Date; waiver_ip: string; waiver_user_agent: string }>('select waiver_signed_at, waiver_ip, waiver_user_agent from orders where id = $1', [body.orderId]);
    expect(row).toMatchObject({ waiver_user_agent: 'TestBrowser/1.0' });
    expect(row!.waiver_ip).toBeTruthy();
    expect(row!.waiver_signed_at).toBeTruthy();
  });

  it('holds escrowed money until the buyer confirms, then transfers it to the seller less the commission', async () => {
    const partId = await part({ price: 5000 });
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const id = body.orderId;
    await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: 'escrow' }).expect(200);
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    expect(await ledgerSum(`order_id = $1 and account = 'escrow'`, [id])).toBe('5000.00');
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'FedEx', trackingNumber: 'FX1' }).expect(200);
    const done = await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
    expect(done.body.escrow.releasedAt).not.toBeNull();
    expect(await ledgerSum(`order_id = $1 and account = 'escrow'`, [id])).toBe('0.00');
    expect(await ledgerSum(`order_id = $1 and account = 'seller'`, [id])).toBe('4730.00');
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
  });

  it("takes refunds after the release back from the seller's transfer in the test provider too, once", async () => {
    const partId = await part({ price: 5000 });
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const id = body.orderId;
    await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: 'escrow' }).expect(200);
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'FedEx', trackingNumber: 'FX2' }).expect(200);
    await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
    expect(await ledgerSum(`order_id = $1 and account = 'seller'`, [id])).toBe('4730.00');

    // $500 of $5,000: $27 of the $270 commission returned, so $473 comes back from the seller.
    await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '500.00', reason: 'Pitted chrome' }).expect(200);
    expect(await ledgerSum(`order_id = $1 and kind = 'refund' and account = 'marketplace'`, [id])).toBe('-500.00');
    expect(await ledgerSum(`order_id = $1 and kind = 'transfer_reversal' and account = 'seller'`, [id])).toBe('-473.00');
    expect(await ledgerSum(`order_id = $1 and account = 'seller'`, [id])).toBe('4257.00');
    const { EscrowService } = await import('./escrow.service.js');
    expect(await t.rt.container.get(EscrowService).reverseTransfers(id)).toEqual({ result: 'nothing owed', failed: false });
    await t.drain();
    expect(await ledgerSum(`order_id = $1 and kind = 'transfer_reversal' and account = 'seller'`, [id])).toBe('-473.00');

    const full = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '4500.00', reason: 'Returned' }).expect(200);
    expect(full.body).toMatchObject({ state: 'refunded', refunded: '5000.00', commission: '0.00' });
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    const reversals = seen.body.payments.filter((p: { kind: string }) => p.kind === 'transfer_reversal');
    expect(reversals.map((p: { status: string; amount: string; providerRef: string }) => [p.status, p.amount, p.providerRef]).sort()).toEqual([
      ['succeeded', '4257.00', `trr_test_order${id.replaceAll('-', '')}transferreversalto500000`],
      ['succeeded', '473.00', `trr_test_order${id.replaceAll('-', '')}transferreversalto50000`],
    ]);
    expect(seen.body.history.map((h: { note: string }) => h.note)).toEqual(
      expect.arrayContaining(['Transfer reversed: $473.00 taken back from the seller', 'Transfer reversed: $4257.00 taken back from the seller']),
    );
    const asBuyer = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(asBuyer.body.history.map((h: { note: string }) => h.note).filter((n: string) => /transfer/i.test(n))).toEqual([]);
    expect(asBuyer.body.payments.map((p: { kind: string }) => p.kind).sort()).toEqual(['charge', 'refund', 'refund']);
    const asSeller = await seller.agent.get(`/api/orders/${id}`).expect(200);
    expect(asSeller.body.history.map((h: { note: string }) => h.note)).toContain('Transfer reversed: $473.00 taken back from the seller');
    expect(await ledgerSum(`order_id = $1 and account = 'seller'`, [id])).toBe('0.00');
    expect(await ledgerSum(`order_id = $1 and account = 'marketplace'`, [id])).toBe('0.00');
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
    expect(await ledgerSum('seller_id = $1', [seller.id])).toBe('0.00');
    expect(await ledgerSum('true', [])).toBe('0.00');
  });

  it('releases escrow when the 3-day inspection ends after an automatic delivery', async () => {
    const partId = await part({ price: 7000 });
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const id = body.orderId;
    await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: 'escrow' }).expect(200);
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'FedEx', trackingNumber: 'FX2' }).expect(200);
    t.clock.advance(14 * DAY);
    expect(await timer('autoDeliver', id)).toBe('delivered');
    expect(await timer('escrowRelease', id)).toBe('not due');
    t.clock.advance(3 * DAY);
    expect(await timer('escrowRelease', id)).toBe('released');
    expect(await timer('escrowRelease', id)).toBe('nothing held');
  });

  it('holds escrowed money while a return request is open, and lets it go when the return ends', async () => {
    const partId = await part({ price: 8000 });
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    const id = body.orderId;
    await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: 'escrow' }).expect(200);
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'FedEx', trackingNumber: 'FX3' }).expect(200);
    t.clock.advance(14 * DAY);
    expect(await timer('autoDeliver', id)).toBe('delivered');
    const returnEvent = async (name: string) => {
      const bus = t.rt.container.get(EventBus);
      await t.rt.orm.em.fork().transactional((tx) =>
        bus.publish(tx, { name, payload: { returnId: '55555555-5555-4555-8555-555555555555', orderId: id, buyerId: buyer.id, sellerId: seller.id, state: 'requested' } }),
      );
      await t.drain();
    };
    await returnEvent('returns.return.requested');
    t.clock.advance(3 * DAY);
    expect(await timer('escrowRelease', id)).toBe('held by a return');
    await returnEvent('returns.return.closed');
    expect(await timer('escrowRelease', id)).toBe('released');
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.history.map((h: { note: string }) => h.note)).toEqual(
      expect.arrayContaining(['Escrow held: the buyer requested a return', 'Escrow hold lifted: the return ended', 'Escrow released: the 3-day inspection period ended']),
    );
  });
});

describe('auction wins and reverse awards', () => {
  it('creates a final-sale order with 48 hours to pay for an auction winner, and refuses the buyer cancelling it', async () => {
    const partId = await part({ price: 800 });
    const auctionId = '11111111-1111-4111-8111-111111111111';
    await t.rt.container.get((await import('./order-creation.service.js')).OrderCreationService).createAuctionOrder({ auctionId, partId, winnerId: buyer.id, amount: '750.00' });
    const [row] = await t.sql<{ id: string; final_sale: boolean; source: string; pay_by: Date; created_at: Date }>('select id, final_sale, source, pay_by, created_at from orders where source_id = $1', [auctionId]);
    expect(row).toMatchObject({ final_sale: true, source: 'auction_won' });
    expect(new Date(row!.pay_by).getTime() - new Date(row!.created_at).getTime()).toBe(48 * HOUR);
    await buyer.agent.post(`/api/orders/${row!.id}/cancel`).send({}).expect(409);
    t.clock.advance(48 * HOUR);
    expect(await timer('cancelUnpaid', row!.id)).toBe('cancelled');
    const strikes = await t.rt.container.get((await import('./orders.api.js')).OrdersApi).unpaidStrikes(buyer.id);
    expect(strikes).toBe(1);
  });

  it('creates the orders from the auctions.auction.won and reverse.quote.accepted events', async () => {
    const partId = await part({ price: 900 });
    const auctionId = '33333333-3333-4333-8333-333333333333';
    const requestId = '44444444-4444-4444-8444-444444444444';
    await t.inContext(async () => {
      const bus = t.rt.container.get(EventBus);
      await t.rt.orm.em.fork().transactional(async (tx) => {
        await bus.publish(tx, { name: 'auctions.auction.won', payload: { auctionId, partId, sellerId: seller.id, winnerId: buyer2.id, amount: '880.00' } });
        await bus.publish(tx, { name: 'reverse.quote.accepted', payload: { reverseAuctionId: requestId, bidId: auctionId, buyerId: buyer2.id, sellerId: seller.id, amount: '150.00', title: 'Wanted: MGB oil cooler' } });
      });
    });
    await t.drain();
    const rows = await t.sql<{ source: string; total: string; buyer_id: string }>('select source, total::text as total, buyer_id from orders where source_id in ($1, $2) order by source', [auctionId, requestId]);
    expect(rows).toEqual([
      { source: 'auction_won', total: '880.00', buyer_id: buyer2.id },
      { source: 'reverse_award', total: '150.00', buyer_id: buyer2.id },
    ]);
    const mails = await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1', ['cy_buyer@example.com']);
    expect(mails.map((m) => m.subject)).toContain('Complete your purchase: Wanted: MGB oil cooler');
    // Every subscriber of the orders' events takes an award's order (no part: partId null) without failing.
    const failed = await t.sql<{ task_identifier: string; last_error: string }>('select task_identifier, last_error from graphile_worker.jobs where last_error is not null');
    expect(failed).toEqual([]);
  });

  it('creates one order per reverse award, without a listed part', async () => {
    const svc = t.rt.container.get((await import('./order-creation.service.js')).OrderCreationService);
    const award = { reverseAuctionId: '22222222-2222-4222-8222-222222222222', buyerId: buyer.id, sellerId: seller.id, amount: '320.00', title: 'Wanted: Jaguar E-type bonnet latch' };
    const first = await svc.createAwardOrder(award);
    const second = await svc.createAwardOrder(award);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const seen = await buyer.agent.get(`/api/orders/${first}`).expect(200);
    expect(seen.body).toMatchObject({ partId: null, partTitle: 'Wanted: Jaguar E-type bonnet latch', source: 'reverse_award', total: '320.00' });
  });
});

describe('concurrent refunds (issue 31)', () => {
  const PHOTO = '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg';
  // A return's photos must be uploads Pitlane stored (the returns module checks), so this one is stored first.
  beforeAll(() => storedPhoto(t));
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const refundRows = (orderId: string) =>
    t.sql<{ id: string; status: string; amount: string; provider_ref: string | null }>(
      `select id, status, amount::text, provider_ref from order_payments where order_id = $1 and kind = 'refund' order by created_at, id`,
      [orderId],
    );
  const refund = (orderId: string, amount: string, key?: string) => {
    const req = admin.agent.post(`/api/admin/orders/${orderId}/refund`);
    return (key ? req.set('Idempotency-Key', key) : req).send({ amount, reason: `Refund of ${amount}` });
  };

  /** What the database holds of an order's refunds agrees with `madeCents` everywhere: order, payments, ledger. */
  async function expectRefunded(orderId: string, madeCents: number, madeIds: string[]) {
    const rows = await refundRows(orderId);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect(rows.map((r) => r.id).sort()).toEqual([...madeIds].sort());
    expect(new Set(rows.map((r) => r.provider_ref)).size).toBe(rows.length);
    expect(rows.reduce((sum, r) => sum + cents(r.amount), 0)).toBe(madeCents);
    const order = (await admin.agent.get(`/api/orders/${orderId}`).expect(200)).body;
    expect(cents(order.refunded)).toBe(madeCents);
    expect(cents(await ledgerSum(`order_id = $1 and kind = 'refund' and account = 'buyer'`, [orderId]))).toBe(madeCents);
    expect(await ledgerSum('order_id = $1', [orderId])).toBe('0.00');
  }

  it('answers 20 parallel refunds of $1 to $20 with 2xx only for the refunds made, adding up to what was refunded; the rest 409', async () => {
    const id = await paidOrder(100);
    const amounts = Array.from({ length: 20 }, (_, i) => i + 1);
    const answers = await Promise.all(amounts.map((a) => refund(id, `${a}.00`)));
    expect(answers.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const made = answers.filter((r) => r.status === 200);
    // Each 2xx names its own refund, of the amount it asked for.
    answers.forEach((r, i) => r.status === 200 && expect(r.body.refund.amount).toBe(`${amounts[i]}.00`));
    const madeCents = made.reduce((sum, r) => sum + cents(r.body.refund.amount), 0);
    expect(madeCents).toBeGreaterThan(0);
    expect(madeCents).toBeLessThanOrEqual(10_000);
    await expectRefunded(id, madeCents, made.map((r) => r.body.refund.id));
    // Every refusal is a 409 that says why: each asked for more than is left even now.
    const refused = answers.map((r, i) => ({ r, cents: amounts[i]! * 100 })).filter(({ r }) => r.status === 409);
    expect(refused.length).toBeGreaterThan(0);
    for (const { r, cents: asked } of refused) {
      expect(r.body.code).toBe('refund_exceeds_remaining');
      expect(asked).toBeGreaterThan(10_000 - madeCents);
    }
  });

  it("refunds a seller's full return refund racing 10 admin refunds of $60 on an $80 order only as far as the money goes", async () => {
    const id = await paidOrder(80);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZRACE' }).expect(200);
    await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
    const r = (await buyer.agent.post(`/api/orders/${id}/returns`).send({ reason: 'not as described', details: 'Cracked casting', photos: [PHOTO] }).expect(201)).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship it back, label attached' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZBACK' }).expect(200);
    await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200);

    const [ret, ...admins] = await Promise.all([
      seller.agent.post(`/api/returns/${r.id}/refund`).send({}),
      ...Array.from({ length: 10 }, () => refund(id, '60.00')),
    ]);
    expect([ret, ...admins].map((a) => a!.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const adminsMade = admins.filter((a) => a.status === 200);
    // $60 fits once in $80: at most one admin refund is made, and the others are told why.
    expect(adminsMade.length).toBeLessThanOrEqual(1);
    expect(admins.filter((a) => a.status === 409).every((a) => a.body.code === 'refund_exceeds_remaining')).toBe(true);
    const returnCents = ret!.status === 200 ? cents(ret!.body.refundAmount) : 0;
    const madeCents = returnCents + adminsMade.reduce((sum, a) => sum + cents(a.body.refund.amount), 0);
    expect(madeCents).toBeGreaterThan(0);
    expect(madeCents).toBeLessThanOrEqual(8000);
    const rows = await refundRows(id);
    expect(rows).toHaveLength(adminsMade.length + (ret!.status === 200 ? 1 : 0));
    expect(rows.reduce((sum, x) => sum + cents(x.amount), 0)).toBe(madeCents);
    const order = (await admin.agent.get(`/api/orders/${id}`).expect(200)).body;
    expect(cents(order.refunded)).toBe(madeCents);
    expect(await ledgerSum('order_id = $1', [id])).toBe('0.00');
    // The return says refunded exactly when its refund was made; refused, it can be refunded again later.
    const [state] = await t.sql<{ state: string; refund_amount: string | null }>('select state, refund_amount::text from returns where id = $1', [r.id]);
    expect(state).toEqual(ret!.status === 200 ? { state: 'refunded', refund_amount: ret!.body.refundAmount } : { state: 'received', refund_amount: null });
  });

  it('makes one refund of 20 identical clicks carrying one Idempotency-Key, answering each with the same answer', async () => {
    const id = await paidOrder(100);
    const key = `refund-dialog-${id}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id, '5.00', key)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body).toMatchObject({ refunded: '5.00', state: 'partially_refunded', refund: { amount: '5.00', status: 'succeeded' } });
    await expectRefunded(id, 500, [answers[0]!.body.refund.id]);
    // Later, the same key is still the same refund and the same answer; with another amount it is refused.
    const again = await refund(id, '5.00', key).expect(200);
    expect(again.body).toEqual(answers[0]!.body);
    const other = await refund(id, '6.00', key).expect(409);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused', message: expect.stringMatching(/already used for another refund/) });
    await refund(id, '5.00', 'bad key with spaces').expect(400);
    await expectRefunded(id, 500, [answers[0]!.body.refund.id]);
    // A new key is a new refund.
    const next = await refund(id, '5.00', `${key}-2`).expect(200);
    expect(next.body).toMatchObject({ refunded: '10.00', refund: { amount: '5.00' } });
    await expectRefunded(id, 1000, [answers[0]!.body.refund.id, next.body.refund.id]);
  });

  it('makes 20 identical clicks without a key distinct refunds until the remainder runs out, then 409', async () => {
    const id = await paidOrder(60);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id, '5.00')));
    const made = answers.filter((r) => r.status === 200);
    expect(made).toHaveLength(12);
    expect(new Set(made.map((r) => r.body.refund.id)).size).toBe(12);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(8);
    expect(refused.every((r) => r.body.code === 'refund_exceeds_remaining' && /left to refund on this order/.test(r.body.message))).toBe(true);
    await expectRefunded(id, 6000, made.map((r) => r.body.refund.id));
    const order = (await admin.agent.get(`/api/orders/${id}`).expect(200)).body;
    expect(order).toMatchObject({ state: 'refunded', refunded: '60.00', commission: '0.00' });
    expect(await ledgerSum('true', [])).toBe('0.00');
  });
});
