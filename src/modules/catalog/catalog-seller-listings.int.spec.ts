import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { signedInSeller } from '../../../test/sellers.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import { LISTING_STATE_MESSAGES } from './part-listing.service.js';

// Issue 17: a seller manages their listings (edit, withdraw, relist, mark sold elsewhere) and lists them all.

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let reviewed: { agent: Agent; id: string };
let trusted: { agent: Agent; id: string };
let rival: { agent: Agent; id: string };
let buyer: { agent: Agent; id: string };
let admin: { agent: Agent; id: string };

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bosch distributor 0 231 170 234',
  description: 'Rebuilt Bosch distributor for the Porsche 911 2.4, new points and cap.',
  price: '650.00',
  category: 'electrical',
  make: 'porsche',
  model: '911',
  yearStart: 1972,
  yearEnd: 1973,
  partNumber: '0231170234',
  condition: 'rebuilt',
  location: 'Stuttgart',
  images: [{ url: 'https://img.example.com/dist.jpg', altText: 'The distributor from the side', isPrimary: true }],
  vehicleCompatibility: [{ make: 'Porsche', model: '911 T', yearStart: 1972, yearEnd: 1973, engine: '2.4', transmission: null, notes: null }],
  ...overrides,
});

/** Lists a part and, for a seller who needs approval, has an admin approve it: a live listing. */
async function liveListing(agent: Agent, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await agent.post('/api/parts').send(form(overrides)).expect(201);
  if (!res.body.isApproved) await admin.agent.patch(`/api/parts/${res.body.id}/approve`).send({}).expect(200);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  reviewed = await signedInSeller(t, 'rita_reviewed');
  trusted = await signedInSeller(t, 'tom_trusted', { requiresListingApproval: false });
  rival = await signedInSeller(t, 'ron_rival');
  buyer = await signedInBuyer(t, { username: 'bea_buyer', email: 'bea@example.com' });
  admin = await signedInAdmin(t);
}, 60_000);
afterAll(async () => t?.close());

describe('editing a live listing', () => {
  it('keeps it live when the edit form sends every field but only the price changed', async () => {
    const id = await liveListing(reviewed.agent);
    const res = await reviewed.agent.patch(`/api/parts/${id}`).send(form({ price: '599.00' })).expect(200);
    expect(res.body).toMatchObject({ price: '599.00', isApproved: true });
    const page = await t.agent().get(`/api/parts/${id}`).expect(200);
    expect(page.body.price).toBe('599.00');
  });

  it('sends it back to review when the description, the photos, the fitment or the location change', async () => {
    const changes: Record<string, unknown>[] = [
      { description: 'Rebuilt Bosch distributor, now with an electronic ignition module.' },
      { images: [{ url: 'https://img.example.com/other.jpg', altText: 'Another photo' }] },
      { vehicleCompatibility: [{ make: 'Porsche', model: '911 E', yearStart: 1972, yearEnd: 1973 }] },
      { location: 'Zuffenhausen' },
    ];
    for (const change of changes) {
      const id = await liveListing(reviewed.agent);
      const res = await reviewed.agent.patch(`/api/parts/${id}`).send(form(change)).expect(200);
      expect(res.body.isApproved, JSON.stringify(change)).toBe(false);
      await t.agent().get(`/api/parts/${id}`).expect(404);
      const queue = await admin.agent.get('/api/parts/pending').expect(200);
      expect(queue.body.map((p: { id: string }) => p.id)).toContain(id);
    }
  });

  it('keeps a trusted seller\'s listing live whatever changes', async () => {
    const id = await liveListing(trusted.agent);
    const res = await trusted.agent.patch(`/api/parts/${id}`).send(form({ title: 'Bosch distributor, 911 T' })).expect(200);
    expect(res.body).toMatchObject({ title: 'Bosch distributor, 911 T', isApproved: true });
  });
});

describe('withdrawing, relisting and marking sold', () => {
  it('withdraws and relists: back to review for a seller who needs approval, live at once for a trusted one', async () => {
    const id = await liveListing(reviewed.agent);
    await reviewed.agent.post(`/api/parts/${id}/withdraw`).send({}).expect(200);
    await t.agent().get(`/api/parts/${id}`).expect(404);
    const edit = await reviewed.agent.patch(`/api/parts/${id}`).send({ price: '1.00' }).expect(409);
    expect(edit.body.message).toBe(LISTING_STATE_MESSAGES.notActive);
    const relisted = await reviewed.agent.post(`/api/parts/${id}/relist`).send({}).expect(200);
    expect(relisted.body).toMatchObject({ isActive: true, isApproved: false });
    await reviewed.agent.post(`/api/parts/${id}/relist`).send({}).expect(409);

    const own = await liveListing(trusted.agent);
    await trusted.agent.post(`/api/parts/${own}/withdraw`).send({}).expect(200);
    const back = await trusted.agent.post(`/api/parts/${own}/relist`).send({}).expect(200);
    expect(back.body).toMatchObject({ isActive: true, isApproved: true });
    await t.agent().get(`/api/parts/${own}`).expect(200);
  });

  it('marks a listing sold elsewhere: it leaves search for good and watchlists show it unavailable', async () => {
    const id = await liveListing(trusted.agent, { title: 'Weber IDA 40 single carburettor' });
    await buyer.agent.post('/api/watchlist').send({ partId: id }).expect(201);
    const sold = await trusted.agent.post(`/api/parts/${id}/mark-sold`).send({}).expect(200);
    expect(sold.body).toMatchObject({ isActive: false, isSold: true, soldAt: expect.any(String) });
    await trusted.agent.post(`/api/parts/${id}/mark-sold`).send({}).expect(200);
    const search = await t.agent().get('/api/parts').query({ q: 'Weber IDA' }).expect(200);
    expect(search.body.map((p: { id: string }) => p.id)).not.toContain(id);
    const watchlist = await buyer.agent.get('/api/watchlist').expect(200);
    expect(watchlist.body.find((e: { partId: string }) => e.partId === id)?.isPartAvailable).toBe(false);
    const relist = await trusted.agent.post(`/api/parts/${id}/relist`).send({}).expect(409);
    expect(relist.body.message).toBe(LISTING_STATE_MESSAGES.sold);
    await trusted.agent.patch(`/api/parts/${id}`).send({ price: '10.00' }).expect(409);
  });

  it('keeps a sold listing in its seller\'s dashboard list (GET /api/parts?sellerId) and its count, for the seller and admins only', async () => {
    const seller = await signedInSeller(t, 'sid_sold', { requiresListingApproval: false });
    const kept = await liveListing(seller.agent, { title: 'Zenith 32 NDIX carburettor' });
    const sold = await liveListing(seller.agent, { title: 'Solex 40 PII carburettor' });
    await seller.agent.post(`/api/parts/${sold}/mark-sold`).send({}).expect(200);
    const withdrawn = await liveListing(seller.agent, { title: 'Withdrawn Solex jets' });
    await seller.agent.post(`/api/parts/${withdrawn}/withdraw`).send({}).expect(200);

    for (const viewer of [seller.agent, admin.agent]) {
      const own = await viewer.get('/api/parts').query({ sellerId: seller.id, sort: 'newest', limit: 5 }).expect(200);
      expect(own.headers['x-total-count']).toBe('2');
      expect(own.body.map((p: { id: string }) => p.id).sort()).toEqual([kept, sold].sort());
      expect(own.body.find((p: { id: string }) => p.id === sold)).toMatchObject({ isSold: true, isActive: false });
    }
    // Everyone else, and every search without the seller, still sees only what is on sale.
    for (const viewer of [t.agent(), buyer.agent, rival.agent]) {
      const theirs = await viewer.get('/api/parts').query({ sellerId: seller.id }).expect(200);
      expect(theirs.headers['x-total-count']).toBe('1');
      expect(theirs.body.map((p: { id: string }) => p.id)).toEqual([kept]);
    }
    const search = await seller.agent.get('/api/parts').query({ q: 'Solex carburettor' }).expect(200);
    expect(search.body.map((p: { id: string }) => p.id)).not.toContain(sold);
    const adminSearch = await admin.agent.get('/api/parts').query({ q: 'Solex carburettor' }).expect(200);
    expect(adminSearch.body.map((p: { id: string }) => p.id)).not.toContain(sold);
  });

  it('lets only the seller act on their listing', async () => {
    const id = await liveListing(reviewed.agent);
    for (const action of ['withdraw', 'relist', 'mark-sold']) {
      await t.agent().post(`/api/parts/${id}/${action}`).send({}).expect(401);
      await rival.agent.post(`/api/parts/${id}/${action}`).send({}).expect(403);
      await buyer.agent.post(`/api/parts/${id}/${action}`).send({}).expect(403);
    }
    await reviewed.agent.post(`/api/parts/${id}/withdraw`).send({}).expect(200);
    // A withdrawn listing is nobody else's business: a 404 to others.
    await rival.agent.post(`/api/parts/${id}/relist`).send({}).expect(404);
    await reviewed.agent.post('/api/parts/00000000-0000-4000-8000-000000000000/relist').send({}).expect(404);
  });
});

describe('GET /api/parts/mine', () => {
  it('lists the seller\'s own listings in every state, filtered by status and searched, newest first and paged', async () => {
    const seller = await signedInSeller(t, 'mia_mine');
    // The test clock stands still: a second between listings orders them.
    const make = async (title: string, partNumber: string) => {
      t.clock.advance(1000);
      return (await seller.agent.post('/api/parts').send(form({ title, partNumber })).expect(201)).body.id as string;
    };
    const pending = await make('Pending gearbox 915', '915-A');
    const live = await make('Live Fuchs wheel', 'FUCHS-7');
    await admin.agent.patch(`/api/parts/${live}/approve`).send({}).expect(200);
    const rejected = await make('Rejected horn button', 'HORN-1');
    await admin.agent.patch(`/api/parts/${rejected}/reject`).send({ rejectionReason: 'Blurry photos' }).expect(200);
    const withdrawn = await make('Withdrawn seat rail', 'RAIL-2');
    await seller.agent.post(`/api/parts/${withdrawn}/withdraw`).send({}).expect(200);
    const sold = await make('Sold 100% original badge', 'BADGE_9');
    await seller.agent.post(`/api/parts/${sold}/mark-sold`).send({}).expect(200);
    await liveListing(rival.agent, { title: 'Someone else\'s part' });

    await t.agent().get('/api/parts/mine').expect(401);
    const all = await seller.agent.get('/api/parts/mine').expect(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.body.map((p: { id: string }) => p.id)).toEqual([sold, withdrawn, rejected, live, pending]);

    const only = async (status: string) =>
      (await seller.agent.get('/api/parts/mine').query({ status }).expect(200)).body.map((p: { id: string }) => p.id);
    expect(await only('pending')).toEqual([pending]);
    expect(await only('live')).toEqual([live]);
    expect(await only('rejected')).toEqual([rejected]);
    expect(await only('withdrawn')).toEqual([withdrawn]);
    expect(await only('sold')).toEqual([sold]);
    expect(await only('all')).toHaveLength(5);

    const byTitle = await seller.agent.get('/api/parts/mine').query({ q: 'fuchs' }).expect(200);
    expect(byTitle.body.map((p: { id: string }) => p.id)).toEqual([live]);
    const byNumber = await seller.agent.get('/api/parts/mine').query({ q: 'rail-2' }).expect(200);
    expect(byNumber.body.map((p: { id: string }) => p.id)).toEqual([withdrawn]);
    // LIKE wildcards are taken literally.
    expect((await seller.agent.get('/api/parts/mine').query({ q: '100%' }).expect(200)).body).toHaveLength(1);
    expect((await seller.agent.get('/api/parts/mine').query({ q: '_' }).expect(200)).body).toHaveLength(1);

    const page = await seller.agent.get('/api/parts/mine').query({ limit: 2, offset: 2 }).expect(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.body.map((p: { id: string }) => p.id)).toEqual([rejected, live]);

    const bad = await seller.agent.get('/api/parts/mine').query({ status: 'archived' }).expect(400);
    expect(bad.body.errors.status).toMatch(/Status must be one of/);
  });
});
