import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { auctionForm, partOf, type TestUser } from '../../../test/auctions.fixtures.js';
import { signedInSeller } from '../../../test/sellers.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { StorefrontNames } from './storefront-names.js';

/**
 * Issue 34: one seller, one name. Buyers know a seller by the storefront's display name (the business name until
 * the seller changes it) on auctions, orders and checkout, offers and reviews, and the suggested first messages
 * greet the seller by it; the personal name never reaches them.
 */
let t: TestApp;
let seller: TestUser & { sellerId: string };
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
let partId: string;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  const s = await signedInSeller(t, 'hemi_hal', { application: { businessName: 'Hemi Heaven' }, requiresListingApproval: false });
  seller = { ...s, username: 'hemi_hal' };
  buyer = await signedInBuyer(t, { username: 'name_buyer', email: 'name_buyer@example.com', firstName: 'Nora' });
  const front = (await t.agent().get(`/api/sellers/${seller.sellerId}/storefront`).expect(200)).body;
  await seller.agent.patch(`/api/storefronts/${front.id}`).send({ displayName: 'Hemi Heaven Garage' }).expect(200);
  partId = await partOf(seller, { price: 300 });
}, 60_000);
afterAll(async () => t?.close());

describe('the storefront name', () => {
  it('is what StorefrontNames names approved sellers by; anyone else is left to the caller', async () => {
    const names = await t.inContext(() => t.rt.container.get(StorefrontNames).displayNames([seller.id, buyer.id]));
    expect([...names]).toEqual([[seller.id, 'Hemi Heaven Garage']]);
  });

  it('names the seller of an auction, and the suggested messages greet the seller by it from the buyer', async () => {
    const auction = (await seller.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201)).body;
    expect(auction.sellerName).toBe('Hemi Heaven Garage');
    const shown = (await buyer.agent.get(`/api/auctions/${auction.id}`).expect(200)).body;
    expect(shown.sellerName).toBe('Hemi Heaven Garage');
    const suggested = await buyer.agent
      .post('/api/messaging/generate-templates')
      .send({ itemType: 'auction', itemId: auction.id, itemTitle: auction.title, sellerName: 'Alice Racer', buyerContext: 'general-inquiry' })
      .expect(200);
    for (const template of suggested.body.templates) expect(template.message).toMatch(/^Hi Hemi Heaven Garage,\n/);
    expect(JSON.stringify(suggested.body)).not.toContain('Alice');
    await seller.agent.delete(`/api/auctions/${auction.id}`);
  });

  it('names the seller of an order (checkout, the order page and the review card)', async () => {
    const part = await partOf(seller, { title: 'Mopar 440 valve covers', price: 250 });
    const { order } = (await buyer.agent.post('/api/orders').send({ partId: part }).expect(201)).body;
    expect(order.sellerName).toBe('Hemi Heaven Garage');
    expect((await buyer.agent.get(`/api/orders/${order.id}`).expect(200)).body.sellerName).toBe('Hemi Heaven Garage');
    const mine = (await buyer.agent.get('/api/orders').query({ as: 'buyer' }).expect(200)).body;
    expect(mine.find((o: { id: string }) => o.id === order.id).sellerName).toBe('Hemi Heaven Garage');
    // The seller ships to the buyer, so the seller's view keeps the buyer's own name.
    const sales = (await seller.agent.get('/api/orders').query({ as: 'seller' }).expect(200)).body;
    expect(sales.find((o: { id: string }) => o.id === order.id).buyerName).toContain('Nora');
  });

  it('names the seller of an offer', async () => {
    const part = await partOf(seller, { title: 'Six Pack air cleaner', price: 400 });
    const made = await buyer.agent.post(`/api/parts/${part}/offers`).send({ amount: 350 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.sellerName).toBe('Hemi Heaven Garage');
  });
});
