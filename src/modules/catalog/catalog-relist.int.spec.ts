import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { publishEvent } from '../../../test/offers.fixtures.js';
import { EventBus, type DomainEvent } from '../../platform/events.js';
import { catalogModule } from './index.js';

// A paid fixed-price order cancelled before shipping puts its part back on sale; after shipping it stays sold.
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let admin: TestUser;

const address = { name: 'Bea Buyer', line1: '1 Paddock Lane', city: 'Monterey', region: 'CA', postalCode: '93940', country: 'us' };

async function part(title: string): Promise<string> {
  await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
  try {
    return await partOf(seller, { title, price: 1200 });
  } finally {
    await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  }
}

/** The buyer buys the part with the test provider; the mark-sold job has run. */
async function buy(partId: string, who: TestUser): Promise<string> {
  const created = await who.agent.post('/api/orders').send({ partId }).expect(201);
  const id = created.body.orderId as string;
  await who.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address }).expect(200);
  await who.agent.post('/api/payments/test/confirm').send({ orderId: id }).expect(200);
  await t.drain();
  return id;
}

const partNow = async (partId: string) => (await t.agent().get(`/api/parts/${partId}`).expect(200)).body as { isSold: boolean; isActive: boolean };
const searchIds = async (q: string) => ((await t.agent().get('/api/parts').query({ q }).expect(200)).body as { id: string }[]).map((p) => p.id);
const watched = async (who: TestUser, partId: string) =>
  ((await who.agent.get('/api/watchlist').expect(200)).body as { partId: string; isPartAvailable: boolean }[]).find((w) => w.partId === partId);
/** How many times the catalog published `catalog.part.back_on_sale` for the part. */
let published: DomainEvent[] = [];
const backOnSale = (partId: string) => published.filter((e) => e.name === 'catalog.part.back_on_sale' && (e.payload as { partId: string }).partId === partId);

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'rae_seller', 'admin');
  await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  admin = await quickUser(t, 'ari_admin', 'admin');
  buyer = await quickUser(t, 'bo_buyer');
  buyer2 = await quickUser(t, 'cal_buyer');
  const bus = t.rt.container.get(EventBus);
  const publish = bus.publish.bind(bus);
  vi.spyOn(bus, 'publish').mockImplementation(async (em, event) => {
    published.push(event);
    return publish(em, event);
  });
  published = [];
}, 60_000);
afterAll(async () => t?.close());

describe('a paid order cancelled before shipping', () => {
  it('puts the part back on sale once: in search, available in watchlists, buyable by another buyer', async () => {
    const partId = await part('Borrani wire wheel Quokka');
    await buyer2.agent.post('/api/watchlist').send({ partId }).expect(201);
    const first = await buy(partId, buyer);
    expect(await partNow(partId)).toMatchObject({ isSold: true });
    expect(await searchIds('quokka')).not.toContain(partId);
    expect((await watched(buyer2, partId))?.isPartAvailable).toBe(false);

    const cancelled = await seller.agent.post(`/api/orders/${first}/cancel`).send({ reason: 'Found a crack' }).expect(200);
    expect(cancelled.body.state).toBe('cancelled');
    await t.drain();
    expect(await partNow(partId)).toMatchObject({ isSold: false, isActive: true });
    expect(await searchIds('quokka')).toContain(partId);
    expect((await watched(buyer2, partId))?.isPartAvailable).toBe(true);

    // Another buyer buys it; the first order's event replayed changes nothing.
    const second = await buy(partId, buyer2);
    expect(await partNow(partId)).toMatchObject({ isSold: true });
    const [row] = await t.sql<{ sold_order_id: string }>('select sold_order_id from parts where id = $1', [partId]);
    expect(row!.sold_order_id).toBe(second);
    const facts = { orderId: first, buyerId: buyer.id, sellerId: seller.id, partId, source: 'buy_now', sourceId: null, totalCents: 120000, reason: 'seller', paid: true };
    await publishEvent(t, 'payments.order.cancelled', facts);
    expect(await partNow(partId)).toMatchObject({ isSold: true });
    expect(backOnSale(partId)).toEqual([{ name: 'catalog.part.back_on_sale', payload: { partId, sellerId: seller.id, orderId: first } }]);
  });

  it('also relists when an admin cancels, and a replay right after relists nothing twice', async () => {
    const partId = await part('Koni damper pair Wombat');
    const orderId = await buy(partId, buyer);
    await admin.agent.post(`/api/orders/${orderId}/cancel`).send({}).expect(200);
    await t.drain();
    const [before] = await t.sql<{ updated_at: Date }>('select updated_at from parts where id = $1', [partId]);
    expect(await partNow(partId)).toMatchObject({ isSold: false });
    const facts = { orderId, buyerId: buyer.id, sellerId: seller.id, partId, source: 'buy_now', sourceId: null, totalCents: 120000, reason: 'admin', paid: true };
    await publishEvent(t, 'payments.order.cancelled', facts);
    const [after] = await t.sql<{ updated_at: Date }>('select updated_at from parts where id = $1', [partId]);
    expect(after!.updated_at).toEqual(before!.updated_at);
    expect(backOnSale(partId)).toHaveLength(1);
    expect(await searchIds('wombat')).toContain(partId);
  });
});

describe('what stays sold', () => {
  it('a shipped order: it cannot be cancelled, and a full refund leaves the part sold', async () => {
    const partId = await part('Hewland gearbox casing Numbat');
    const orderId = await buy(partId, buyer);
    await seller.agent.post(`/api/orders/${orderId}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z999' }).expect(200);
    await seller.agent.post(`/api/orders/${orderId}/cancel`).send({}).expect(409);
    await admin.agent.post(`/api/admin/orders/${orderId}/refund`).send({ amount: '1200.00', reason: 'Damaged in transit' }).expect(200);
    await t.drain();
    expect(await partNow(partId)).toMatchObject({ isSold: true });
    expect(await searchIds('numbat')).not.toContain(partId);
    expect(backOnSale(partId)).toEqual([]);
  });

  it('an unpaid order cancelled, an auction order, or a part the seller marked sold elsewhere', async () => {
    const partId = await part('Lola nose cone Bilby');
    // An unpaid cancelled order only reserved the part: it was never sold, and stays on sale.
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    await buyer.agent.post(`/api/orders/${body.orderId}/cancel`).send({}).expect(200);
    await t.drain();
    expect(await partNow(partId)).toMatchObject({ isSold: false });
    // Sold by an order whose cancelled event names an auction source (the auction's relist rules apply).
    const orderId = await buy(partId, buyer2);
    const facts = { orderId, buyerId: buyer2.id, sellerId: seller.id, partId, source: 'auction_won', sourceId: null, totalCents: 120000, reason: 'admin', paid: true };
    await publishEvent(t, 'payments.order.cancelled', facts);
    expect(await partNow(partId)).toMatchObject({ isSold: true });
    // Marked sold elsewhere by the seller (no order sold it): an order's cancellation does not touch it.
    const other = await part('Lola rear wing Bilby');
    await seller.agent.post(`/api/parts/${other}/mark-sold`).send({}).expect(200);
    await publishEvent(t, 'payments.order.cancelled', { ...facts, partId: other, source: 'buy_now' });
    expect(await partNow(other)).toMatchObject({ isSold: true });
    expect([...backOnSale(partId), ...backOnSale(other)]).toEqual([]);
  });
});

describe('a suspended seller', () => {
  it('gets the part back hidden with their other listings, and live again when reinstated', async () => {
    const partId = await part('Ferrari valve cover Dingo');
    const orderId = await buy(partId, buyer);
    await t.sql('update users set suspended_at = now() where id = $1', [seller.id]);
    try {
      await admin.agent.post(`/api/orders/${orderId}/cancel`).send({}).expect(200);
      await t.drain();
      const [row] = await t.sql('select sold_at, sold_order_id, is_active, hidden_by_suspension_at from parts where id = $1', [partId]);
      expect(row).toMatchObject({ sold_at: null, sold_order_id: null, is_active: false });
      expect(row!.hidden_by_suspension_at).not.toBeNull();
      expect(await searchIds('dingo')).not.toContain(partId);
    } finally {
      await t.sql('update users set suspended_at = null where id = $1', [seller.id]);
    }
    await publishEvent(t, 'accounts.user.reinstated', { userId: seller.id });
    expect(await partNow(partId)).toMatchObject({ isSold: false, isActive: true });
    expect(await searchIds('dingo')).toContain(partId);
  });
});
