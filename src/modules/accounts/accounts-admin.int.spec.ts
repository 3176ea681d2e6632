import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { signedInSeller } from '../../../test/sellers.fixtures.js';
import { ACCOUNT_SUSPENDED_MESSAGE } from './sign-in.service.js';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let buyer: TestUser;

const PASSWORD = 'correct horse';

interface AuditEntry {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

const auditOf = async (entityId: string): Promise<AuditEntry[]> =>
  (await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ entityId }) }).expect(200)).body;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  admin = await quickUser(t, 'ada_admin', 'admin');
  other = await quickUser(t, 'otto_admin', 'admin');
  buyer = await quickUser(t, 'bea_buyer');
}, 60_000);
afterAll(async () => t?.close());

describe('suspending and reinstating users', () => {
  it('answers admins only', async () => {
    await t.agent().post(`/api/admin/users/${buyer.id}/suspend`).send({ reason: 'Spam' }).expect(401);
    await buyer.agent.post(`/api/admin/users/${other.id}/suspend`).send({ reason: 'Spam' }).expect(403);
    await buyer.agent.post(`/api/admin/users/${other.id}/reinstate`).send({}).expect(403);
    await buyer.agent.get('/api/admin/users').expect(403);
  });

  it('needs a reason and refuses the admin themselves', async () => {
    const noReason = await admin.agent.post(`/api/admin/users/${buyer.id}/suspend`).send({ reason: '  ' }).expect(400);
    expect(noReason.body.errors.reason).toBe('Please give a reason for the suspension');
    const self = await admin.agent.post(`/api/admin/users/${admin.id}/suspend`).send({ reason: 'Testing' }).expect(409);
    expect(self.body.message).toBe('You cannot suspend your own account');
    await admin.agent.post('/api/admin/users/00000000-0000-4000-8000-000000000000/suspend').send({ reason: 'Gone' }).expect(404);
  });

  it('stops a suspended user at once: their session, sign-in, bidding and listing; reinstating lets them back in', async () => {
    const user = await quickUser(t, 'sid_suspended');
    await user.agent.get('/api/auth/user').expect(200);

    const res = await admin.agent.post(`/api/admin/users/${user.id}/suspend`).send({ reason: 'Shill bidding' }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, suspensionReason: 'Shill bidding', suspendedBy: admin.id });
    expect(res.body.suspendedAt).toEqual(expect.any(String));

    // The existing session names nobody now.
    await user.agent.get('/api/auth/user').expect(401);
    await user.agent.post('/api/parts').send({ title: 'Anything' }).expect(401);
    await user.agent.post('/api/auctions/00000000-0000-4000-8000-000000000000/bids').send({ bidAmount: 10 }).expect(401);
    await user.agent.post('/api/reverse-auctions').send({}).expect(401);

    // A new sign-in with the right password is refused with the reason why; a wrong password still says nothing.
    const login = await t.agent().post('/api/auth/login').send({ username: 'sid_suspended', password: PASSWORD }).expect(403);
    expect(login.body).toMatchObject({ code: 'account_suspended', message: ACCOUNT_SUSPENDED_MESSAGE });
    const wrong = await t.agent().post('/api/auth/login').send({ username: 'sid_suspended', password: 'wrong password' }).expect(401);
    expect(wrong.body.message).toBe('Invalid username or password');

    // Suspending again changes nothing.
    const again = await admin.agent.post(`/api/admin/users/${user.id}/suspend`).send({ reason: 'Twice' }).expect(200);
    expect(again.body.suspensionReason).toBe('Shill bidding');

    t.clock.advance(60_000);
    const back = await admin.agent.post(`/api/admin/users/${user.id}/reinstate`).send({ reason: 'Appeal accepted' }).expect(200);
    expect(back.body).toMatchObject({ suspendedAt: null, suspensionReason: null });
    await t.agent().post('/api/auth/login').send({ username: 'sid_suspended', password: PASSWORD }).expect(200);

    const entries = await auditOf(user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.reinstated', 'user.suspended']);
    expect(entries[1]).toMatchObject({
      actorId: admin.id,
      entityType: 'user',
      reason: 'Shill bidding',
      before: { suspendedAt: null },
      after: { suspensionReason: 'Shill bidding', suspendedBy: admin.id },
    });
    expect(entries[0]).toMatchObject({ reason: 'Appeal accepted', after: { suspendedAt: null } });
  });

  it("hides a suspended seller's live listings from buyers and brings exactly those back on reinstatement", async () => {
    const seller = await quickUser(t, 'sal_seller');
    await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
    const [live] = await insertParts(t, seller.id, 1, { title: 'Zenith carburettor', description: 'Rebuilt.', category: 'intake', make: 'ford' });
    const [withdrawn] = await insertParts(t, seller.id, 1, { title: 'Zenith manifold', description: 'Used.', category: 'intake', make: 'ford', active: false });
    const search = async () => (await buyer.agent.get('/api/parts').query({ q: 'Zenith' }).expect(200)).body.map((p: { id: string }) => p.id);
    expect(await search()).toEqual([live]);

    await admin.agent.post(`/api/admin/users/${seller.id}/suspend`).send({ reason: 'Counterfeit parts' }).expect(200);
    await t.drain();
    expect(await search()).toEqual([]);
    await buyer.agent.get(`/api/parts/${live}`).expect(404);
    await t.agent().get(`/api/parts/${live}`).expect(404);

    await admin.agent.post(`/api/admin/users/${seller.id}/reinstate`).send({}).expect(200);
    await t.drain();
    expect(await search()).toEqual([live]);
    await buyer.agent.get(`/api/parts/${live}`).expect(200);
    const [still] = await t.sql<{ is_active: boolean }>('select is_active from parts where id = $1', [withdrawn]);
    expect(still!.is_active).toBe(false);
  });

  it('lists suspended users with the console filter and shows the suspicious score', async () => {
    const user = await quickUser(t, 'fil_filtered');
    await admin.agent.post(`/api/admin/users/${user.id}/suspend`).send({ reason: 'Filter test' }).expect(200);
    const res = await admin.agent.get('/api/admin/users').query({ filter: JSON.stringify({ suspended: true }) }).expect(200);
    expect(res.body.map((u: { id: string }) => u.id)).toContain(user.id);
    expect(res.body.every((u: { suspendedAt: string | null }) => u.suspendedAt !== null)).toBe(true);
    expect(res.body[0]).toHaveProperty('suspiciousActivityScore');
    const good = await admin.agent.get('/api/admin/users').query({ filter: JSON.stringify({ suspended: false }) }).expect(200);
    expect(good.body.map((u: { id: string }) => u.id)).not.toContain(user.id);
  });
});

describe('changing roles', () => {
  it('audits a role change with the role before and after', async () => {
    const user = await quickUser(t, 'rol_changed');
    await buyer.agent.put(`/api/admin/users/${user.id}`).send({ role: 'seller' }).expect(403);
    await admin.agent.put(`/api/admin/users/${user.id}`).send({ role: 'seller' }).expect(200);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ action: 'user.role_changed', actorId: admin.id, before: { role: 'buyer' }, after: { role: 'seller' } });
  });
});

describe('the audit log', () => {
  it('answers admins only and refuses every write with a 405', async () => {
    await t.agent().get('/api/admin/audit-log').expect(401);
    await buyer.agent.get('/api/admin/audit-log').expect(403);
    const list = await admin.agent.get('/api/admin/audit-log').expect(200);
    expect(list.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
    const id = list.body[0].id as string;
    await admin.agent.get(`/api/admin/audit-log/${id}`).expect(200);
    const post = await admin.agent.post('/api/admin/audit-log').send({ action: 'forged' }).expect(405);
    expect(post.body.message).toMatch(/read-only/);
    await admin.agent.put(`/api/admin/audit-log/${id}`).send({ action: 'forged' }).expect(405);
    await admin.agent.patch(`/api/admin/audit-log/${id}`).send({ action: 'forged' }).expect(405);
    await admin.agent.delete(`/api/admin/audit-log/${id}`).expect(405);
  });

  it('records settings changes with the group before and after', async () => {
    const current = (await admin.agent.get('/api/admin/settings').expect(200)).body.bidder;
    await admin.agent.put('/api/admin/settings/bidder').send({ ...current, minAccountAgeHours: 5 }).expect(200);
    const [entry] = (
      await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ entityType: 'settings', entityId: 'bidder' }) }).expect(200)
    ).body as AuditEntry[];
    expect(entry).toMatchObject({ action: 'settings.updated', actorId: admin.id, before: { minAccountAgeHours: 0 }, after: { minAccountAgeHours: 5 } });
    await admin.agent.put('/api/admin/settings/bidder').send(current).expect(200);
  });

  it("records sellers' approval and listing moderation by the admin who did them", async () => {
    const seller = await signedInSeller(t, 'aud_seller');
    const approved = await auditOf(seller.sellerId);
    expect(approved[0]).toMatchObject({ action: 'seller.approved', entityType: 'seller', before: { status: 'pending' }, after: { status: 'approved' } });
    const [partId] = await insertParts(t, seller.id, 1, { title: 'Audited gearbox', description: 'Used.', category: 'intake', make: 'ford' });
    await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: 'Wrong category' }).expect(200);
    const [unpublished] = await auditOf(partId!);
    expect(unpublished).toMatchObject({
      action: 'listing.unpublished',
      entityType: 'listing',
      actorId: admin.id,
      reason: 'Wrong category',
      before: { isApproved: true, rejectionReason: null },
      after: { isApproved: false, rejectionReason: 'Wrong category' },
    });
    t.clock.advance(1000);
    await admin.agent.delete(`/api/admin/parts/${partId}`).expect(200);
    const [deleted] = await auditOf(partId!);
    expect(deleted).toMatchObject({ action: 'listing.deleted_as_spam', before: { id: partId }, after: null });
  });

  it('filters by admin and refuses a bad filter', async () => {
    const mine = await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ actorId: other.id }) }).expect(200);
    expect(mine.body).toEqual([]);
    const bad = await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ actorId: 'nobody' }) }).expect(400);
    expect(bad.body.errors.actorId).toBe('Not a valid user id');
  });
});
