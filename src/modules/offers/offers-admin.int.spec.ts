import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';

// The console's read-only `offers` resource (ra-data-simple-rest): admins only, filters, sorting and Content-Range.
let t: TestApp;
let seller: TestUser;
let admin: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let part1: string;
let part2: string;
const ids: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
const created: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

const HOUR = 3600_000;
const list = (who: TestUser | null, query: Record<string, unknown> = {}) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return (who ? who.agent : t.agent()).get(`/api/admin/offers?${q}`);
};
const idsOf = (body: { id: string }[]) => body.map((o) => o.id);

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sue_seller', 'admin');
  admin = await quickUser(t, 'ann_admin', 'admin');
  buyer = await quickUser(t, 'bob_buyer');
  buyer2 = await quickUser(t, 'cleo_buyer');
  part1 = await partOf(seller, { price: 1000 });
  part2 = await partOf(seller, { price: 2000 });
  await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  // a: open, 700 on part1; b: 750 on part1 an hour later, declined; c: 900 on part2 another hour later, accepted.
  ids.a = (await buyer.agent.post(`/api/parts/${part1}/offers`).send({ amount: 700 }).expect(201)).body.id;
  t.clock.advance(HOUR);
  ids.b = (await buyer2.agent.post(`/api/parts/${part1}/offers`).send({ amount: 750 }).expect(201)).body.id;
  await seller.agent.post(`/api/offers/${ids.b}/decline`).send({ reason: 'Too low' }).expect(200);
  t.clock.advance(HOUR);
  ids.c = (await buyer.agent.post(`/api/parts/${part2}/offers`).send({ amount: 900 }).expect(201)).body.id;
  await seller.agent.post(`/api/offers/${ids.c}/counter`).send({ amount: 950 }).expect(200);
  await buyer.agent.post(`/api/offers/${ids.c}/accept`).expect(200);
  for (const k of ['a', 'b', 'c'] as const) created[k] = (await admin.agent.get(`/api/admin/offers/${ids[k]}`).expect(200)).body.createdAt;
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/admin/offers', () => {
  it('is for admins only', async () => {
    await list(null).expect(401);
    await list(buyer).expect(403);
    await list(seller).expect(403);
    await buyer.agent.get(`/api/admin/offers/${ids.a}`).expect(403);
  });

  it('lists every offer newest first with Content-Range, and pages', async () => {
    const res = await list(admin).expect(200);
    expect(res.headers['content-range']).toBe('offers 0-2/3');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(idsOf(res.body)).toEqual([ids.c, ids.b, ids.a]);
    expect(res.body[0]).toMatchObject({ status: 'accepted', amount: '950.00', buyerName: 'bob_buyer', sellerName: 'sue_seller', yourSide: null, canAccept: false });
    const page = await list(admin, { range: [1, 1] }).expect(200);
    expect(page.headers['content-range']).toBe('offers 1-1/3');
    expect(idsOf(page.body)).toEqual([ids.b]);
  });

  it('sorts by amount and createdAt, and refuses other fields', async () => {
    expect(idsOf((await list(admin, { sort: ['amount', 'ASC'] }).expect(200)).body)).toEqual([ids.a, ids.b, ids.c]);
    expect(idsOf((await list(admin, { sort: ['amount', 'DESC'] }).expect(200)).body)).toEqual([ids.c, ids.b, ids.a]);
    expect(idsOf((await list(admin, { sort: ['createdAt', 'ASC'] }).expect(200)).body)).toEqual([ids.a, ids.b, ids.c]);
    const bad = await list(admin, { sort: ['buyerName', 'ASC'] }).expect(400);
    expect(bad.body.message).toBe('Cannot sort by buyerName');
  });

  it('filters by state, buyer, seller, part, date and ids', async () => {
    const filtered = async (filter: Record<string, unknown>) => {
      const res = await list(admin, { filter, sort: ['createdAt', 'ASC'] }).expect(200);
      expect(res.headers['content-range']).toMatch(new RegExp(`/${res.body.length}$`));
      return idsOf(res.body);
    };
    expect(await filtered({ status: 'accepted' })).toEqual([ids.c]);
    expect(await filtered({ state: 'declined' })).toEqual([ids.b]);
    expect(await filtered({ status: 'cancelled' })).toEqual([]);
    expect(await filtered({ buyerId: buyer.id })).toEqual([ids.a, ids.c]);
    expect(await filtered({ sellerId: seller.id })).toEqual([ids.a, ids.b, ids.c]);
    expect(await filtered({ sellerId: buyer.id })).toEqual([]);
    expect(await filtered({ partId: part1 })).toEqual([ids.a, ids.b]);
    expect(await filtered({ partId: part1, buyerId: buyer2.id })).toEqual([ids.b]);
    expect(await filtered({ createdAt_gte: created.b })).toEqual([ids.b, ids.c]);
    expect(await filtered({ createdAt_lte: created.b })).toEqual([ids.a, ids.b]);
    expect(await filtered({ createdAt_gte: created.a.slice(0, 10) })).toEqual([ids.a, ids.b, ids.c]);
    expect(await filtered({ id: [ids.a, ids.c] })).toEqual([ids.a, ids.c]);
    await list(admin, { filter: { status: 'bogus' } }).expect(400);
    await list(admin, { filter: { buyerId: 'nope' } }).expect(400);
    await list(admin, { filter: { createdAt_gte: 'yesterday-ish' } }).expect(400);
  });
});

describe('GET /api/admin/offers/{id}', () => {
  it('shows the rounds and the history, read-only', async () => {
    const { body } = await admin.agent.get(`/api/admin/offers/${ids.c}`).expect(200);
    expect(body).toMatchObject({ id: ids.c, status: 'accepted', rounds: 2, maxRounds: 5, yourSide: null, canAccept: false, canDecline: false, canCounter: false });
    expect(body.orderId).toBeTruthy();
    expect(body.steps.map((s: { actor: string; action: string; amount: string | null }) => [s.actor, s.action, s.amount])).toEqual([
      ['buyer', 'offer', '900.00'],
      ['seller', 'counter', '950.00'],
      ['buyer', 'accept', '950.00'],
    ]);
    const declined = (await admin.agent.get(`/api/admin/offers/${ids.b}`).expect(200)).body;
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Too low' });
    await admin.agent.get('/api/admin/offers/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('refuses changes with 405', async () => {
    for (const res of [
      await admin.agent.put(`/api/admin/offers/${ids.a}`).send({ status: 'accepted' }),
      await admin.agent.delete(`/api/admin/offers/${ids.a}`),
      await admin.agent.post('/api/admin/offers').send({}),
    ]) {
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET');
    }
    expect((await admin.agent.get(`/api/admin/offers/${ids.a}`).expect(200)).body.status).toBe('open');
  });
});
