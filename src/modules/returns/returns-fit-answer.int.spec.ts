import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { fakeOrders, storedPhoto } from '../../../test/returns.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import type { ReturnDto } from './return.dto.js';

// Orders come from the in-memory OrdersApi (test/returns.fixtures.ts), so each test sets the order's creation.
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  const { returnsModule } = await import('./index.js');
  return { modules: [...original.modules.filter((m) => m.name !== 'returns'), fakeOrdersModule(fake), returnsModule] };
});

let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
let vehicleId: string;
let photo: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set('2027-03-01T10:00:00Z');
  await catalogModule.seed!(t.rt.container);
  buyer = await fastUser(t, 'fiona_fit');
  seller = await approvedSeller(t, 'sid_fit');
  admin = await fastUser(t, 'ada_fit');
  await t.sql(`update users set role = 'admin' where id = $1`, [admin.id]);
  vehicleId = (await buyer.agent.post('/api/garage').send({ make: 'porsche', model: '911', yearStart: 1967, yearEnd: 1967 }).expect(201)).body.id;
  photo = await storedPhoto(t, 'abcdefabcdefabcdefabcdefabcdef02');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A part of the seller's, asked about by the buyer and answered `fits` (or not answered), at the clock's time. */
async function askedPart(fits: 'yes' | 'no' | null): Promise<{ partId: string; questionId: string }> {
  const [partId] = await insertParts(t, seller.id, 1, { title: 'Oil cooler', description: 'Fits 911s.', category: 'engine', make: 'porsche' });
  const { body: q } = await buyer.agent
    .post(`/api/parts/${partId}/fitment-questions`)
    .send({ vehicleId, question: 'Will it fit my 1967 911 (casting 901/02)?', photos: [photo] })
    .expect(201);
  if (fits) await seller.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits, answer: 'Checked the casting.' }).expect(200);
  return { partId: partId!, questionId: q.id };
}

/** A delivered final-sale (or auction) order of the part, created `createdAgo` ms before the clock. */
const order = (partId: string, createdAgo: number, source: 'buy_now' | 'auction_won' = 'buy_now') =>
  fakeOrders.add({
    buyerId: buyer.id,
    sellerId: seller.id,
    partId,
    partTitle: 'Oil cooler 1',
    source,
    finalSale: true,
    createdAt: new Date(t.clock.now().getTime() + createdAgo * -1).toISOString(),
    deliveredAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
  });

const requestFit = (orderId: string) => buyer.agent.post(`/api/orders/${orderId}/returns`).send({ reason: "doesn't fit", details: 'Does not fit my 911.' });

describe("a 'doesn't fit' return after the seller said it fits", () => {
  it('accepts it for a final-sale item, the seller paying shipping, with the question, photos and answer as evidence', async () => {
    const { partId, questionId } = await askedPart('yes');
    t.clock.advance(DAY);
    const res = await requestFit(order(partId, 60_000).id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body as ReturnDto;
    expect(r).toMatchObject({ reason: "doesn't fit", shippingPaidBy: 'seller' });
    expect(r.policyNote).toContain('the seller pays return shipping');
    expect(r.fitEvidence).toMatchObject({
      id: questionId,
      vehicle: '1967 Porsche 911',
      question: 'Will it fit my 1967 911 (casting 901/02)?',
      photos: [{ url: photo }],
      fits: 'yes',
      answer: 'Checked the casting.',
    });
    const consoleView = await admin.agent.get(`/api/admin/returns/${r.id}`).expect(200);
    expect(consoleView.body.fitEvidence).toMatchObject({ id: questionId, fits: 'yes', photos: [{ url: photo }] });
  });

  it('accepts it for an auction win too', async () => {
    const { partId } = await askedPart('yes');
    t.clock.advance(DAY);
    const res = await requestFit(order(partId, 60_000, 'auction_won').id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.shippingPaidBy).toBe('seller');
  });

  it('refuses it for a final-sale item without a "yes": no question, unanswered, "no", or a "yes" after the order', async () => {
    const [bare] = await insertParts(t, seller.id, 1, { title: 'Bare part', description: 'Never asked about.', category: 'engine', make: 'porsche' });
    const refusals = [order(bare!, 60_000)];
    refusals.push(order((await askedPart(null)).partId, 0));
    refusals.push(order((await askedPart('no')).partId, 0));
    t.clock.advance(DAY);
    // Ordered a day before the seller's "yes".
    const late = await askedPart('yes');
    refusals.push(order(late.partId, 2 * DAY));
    for (const o of refusals) {
      const res = await requestFit(o.id);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe('not_returnable_for_reason');
    }
  });

  it('keeps the buyer paying shipping for a "doesn\'t fit" of an ordinary item without a "yes"', async () => {
    const [partId] = await insertParts(t, seller.id, 1, { title: 'Ordinary', description: 'Not final sale.', category: 'engine', make: 'porsche' });
    const o = fakeOrders.add({ buyerId: buyer.id, sellerId: seller.id, partId, deliveredAt: new Date(t.clock.now().getTime() - DAY).toISOString() });
    const res = await requestFit(o.id).expect(201);
    expect(res.body).toMatchObject({ shippingPaidBy: 'buyer', fitEvidence: null });
  });
});
