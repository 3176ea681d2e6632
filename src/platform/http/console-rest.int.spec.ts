import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { signedInSeller, validSellerApplication } from '../../../test/sellers.fixtures.js';
import { modules } from '../../modules.js';

/** What the console's screens send through ra-data-simple-rest, on every resource (issue 17). */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let sellerUser: { agent: TestUser['agent']; id: string; sellerId: string };
let pending: { agent: TestUser['agent']; id: string };

const RESOURCES = ['users', 'parts', 'sellers', 'seller-analytics', 'badges', 'mail-outbox', 'auctions'] as const;

beforeAll(async () => {
  t = await startTestApp();
  for (const module of modules) await module.seed?.(t.rt.container); // reference data, as `pitlane seed` makes it
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'jason');
  sellerUser = await signedInSeller(t, 'sally_seller');
  const applicant = await quickUser(t, 'pat_pending');
  const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication({ businessName: 'Pending Parts' })).expect(201);
  pending = { agent: applicant.agent, id: applied.body.id as string };
}, 60_000);
afterAll(async () => t?.close());

describe('console lists', () => {
  it.each(RESOURCES)('%s answers getList sorted by id, both ways, with Content-Range', async (resource) => {
    for (const order of ['ASC', 'DESC']) {
      const res = await admin.agent.get(`/api/admin/${resource}`).query({ sort: JSON.stringify(['id', order]), range: '[0,9]', filter: '{}' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['content-range']).toMatch(new RegExp(`^${resource} \\d+-\\d+/\\d+$`));
      const ids = res.body.map((r: { id: string }) => r.id);
      const sorted = [...ids].sort();
      expect(ids).toEqual(order === 'ASC' ? sorted : sorted.reverse());
    }
  });

  it('still refuses a field a list cannot be sorted by', async () => {
    const res = await admin.agent.get('/api/admin/users').query({ sort: '["password","ASC"]' }).expect(400);
    expect(res.body.errors.sort).toBe('Cannot sort by password');
  });
});

describe('console updates and deletes', () => {
  it('users: update changes the role and answers the user; delete and create are 405 with a message', async () => {
    const user = (await admin.agent.get(`/api/admin/users/${buyer.id}`).expect(200)).body;
    const res = await admin.agent.put(`/api/admin/users/${buyer.id}`).send({ ...user, role: 'seller' }).expect(200);
    expect(res.body).toMatchObject({ id: buyer.id, role: 'seller' });
    await admin.agent.put(`/api/admin/users/${buyer.id}`).send({ ...user, role: 'buyer' }).expect(200);
    const del = await admin.agent.delete(`/api/admin/users/${buyer.id}`).expect(405);
    expect(del.body).toEqual({ message: 'Users cannot be deleted from the console: change their role instead', code: 'method_not_allowed' });
    expect(del.headers.allow).toBe('GET, PUT');
    await admin.agent.post('/api/admin/users').send({}).expect(405);
  });

  it('sellers: update records the decision and answers the seller; delete is 405', async () => {
    const record = (await admin.agent.get(`/api/admin/sellers/${pending.id}`).expect(200)).body;
    const res = await admin.agent.put(`/api/admin/sellers/${pending.id}`).send({ ...record, status: 'approved' }).expect(200);
    expect(res.body).toMatchObject({ id: pending.id, status: 'approved' });
    const del = await admin.agent.delete(`/api/admin/sellers/${pending.id}`).expect(405);
    expect(del.body.code).toBe('method_not_allowed');
    expect(del.body.message).toMatch(/cannot be deleted/);
  });

  it('mail outbox: read-only, update and delete are 405', async () => {
    const [mail] = (await admin.agent.get('/api/admin/mail-outbox').query({ range: '[0,0]' }).expect(200)).body;
    expect(mail).toBeDefined();
    for (const call of [admin.agent.put(`/api/admin/mail-outbox/${mail.id}`).send(mail), admin.agent.delete(`/api/admin/mail-outbox/${mail.id}`)]) {
      const res = await call;
      expect(res.status).toBe(405);
      expect(res.body).toEqual({ message: expect.stringMatching(/read-only/), code: 'method_not_allowed' });
    }
  });

  it('non-admins get 403 on these calls, not 405', async () => {
    await buyer.agent.delete(`/api/admin/users/${admin.id}`).expect(403);
    await buyer.agent.put(`/api/admin/parts/${admin.id}`).send({}).expect(403);
  });
});

describe('listings: unpublish and delete for spam', () => {
  it('unpublishes a live listing with a reason mailed to the seller; it leaves the market and can be reviewed again', async () => {
    const partId = await partOf({ ...sellerUser, username: 'sally_seller' }, { title: 'Live Holley 4150 carburettor' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    const missing = await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({}).expect(400);
    expect(missing.body.errors.reason).toBe('A reason is required: it is mailed to the seller');
    await buyer.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: 'x' }).expect(403);

    const res = await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: 'Photos show a different part' }).expect(200);
    expect(res.body).toMatchObject({ id: partId, isApproved: false, rejectionReason: 'Photos show a different part' });
    await t.agent().get(`/api/parts/${partId}`).expect(404);
    await t.drain();
    const [mail] = await t.sql<{ to: string; text: string }>('select "to", text from mail_outbox where subject = $1', [
      'Your listing "Live Holley 4150 carburettor" was taken down',
    ]);
    expect(mail).toMatchObject({ to: 'sally_seller@example.com' });
    expect(mail!.text).toContain('Photos show a different part');
    const again = await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: 'Again' }).expect(409);
    expect(again.body.message).toBe('Only a live listing can be unpublished');
  });

  it('deletes a spam listing for good and answers the deleted record; update is 405', async () => {
    const partId = await partOf({ ...sellerUser, username: 'sally_seller' }, { title: 'CHEAP WATCHES visit spam dot example' });
    await buyer.agent.post(`/api/watchlist/${partId}`).send({});
    const put = await admin.agent.put(`/api/admin/parts/${partId}`).send({ title: 'x' }).expect(405);
    expect(put.body).toEqual({ message: expect.stringMatching(/edited by their sellers/), code: 'method_not_allowed' });
    await buyer.agent.delete(`/api/admin/parts/${partId}`).expect(403);
    const res = await admin.agent.delete(`/api/admin/parts/${partId}`).expect(200);
    expect(res.body).toMatchObject({ id: partId, title: 'CHEAP WATCHES visit spam dot example' });
    await admin.agent.get(`/api/admin/parts/${partId}`).expect(404);
    await admin.agent.delete(`/api/admin/parts/${partId}`).expect(404);
    expect(await t.sql('select 1 from favorites where part_id = $1', [partId])).toEqual([]);
  });
});

describe('dashboard figures', () => {
  it('counts the marketplace from the database, for admins only', async () => {
    await t.agent().get('/api/admin/stats').expect(401);
    await buyer.agent.get('/api/admin/stats').expect(403);
    const before = (await admin.agent.get('/api/admin/stats').expect(200)).body;
    expect(before).toMatchObject({
      liveListings: expect.any(Number),
      listingsWaiting: expect.any(Number),
      activeAuctions: 0,
      scheduledAuctions: 0,
      bidsToday: 0,
      bidsThisWeek: 0,
      newUsersToday: expect.any(Number),
      newUsersThisWeek: expect.any(Number),
      sellersWaiting: expect.any(Number),
    });
    const [{ n: users }] = await t.sql<{ n: number }>('select count(*)::int as n from users');
    expect(before.newUsersThisWeek).toBe(users);
    const [{ n: live }] = await t.sql<{ n: number }>('select count(*)::int as n from parts where is_active and is_approved');
    expect(before.liveListings).toBe(live);

    await quickUser(t, 'newcomer');
    const partId = await partOf({ ...sellerUser, username: 'sally_seller' }, { title: 'Counted listing' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    const applicant = await quickUser(t, 'second_applicant');
    await applicant.agent.post('/api/sellers').send(validSellerApplication({ businessName: 'Second Parts' })).expect(201);
    const after = (await admin.agent.get('/api/admin/stats').expect(200)).body;
    expect(after.newUsersToday).toBe(before.newUsersToday + 2);
    expect(after.liveListings).toBe(before.liveListings + 1);
    expect(after.sellersWaiting).toBe(before.sellersWaiting + 1);
  });
});
