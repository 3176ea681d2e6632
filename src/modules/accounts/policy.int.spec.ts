import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let alice: Awaited<ReturnType<typeof signedInBuyer>>;
let bob: Awaited<ReturnType<typeof signedInBuyer>>;

const UA = 'Mozilla/5.0 (X11; Linux x86_64) PitlaneTest/1.0';
const NO_AUCTION = '00000000-0000-4000-8000-00000000abcd';

async function acceptBoth(agent: TestApp['agent'] extends () => infer A ? A : never, userId: string, version?: string) {
  for (const policyType of ['privacy_policy', 'terms_of_service']) {
    await agent.post('/api/policy-acceptances').set('User-Agent', UA).send({ userId, policyType, ...(version ? { policyVersion: version } : {}) }).expect(201);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t, 'policy_admin');
  alice = await signedInBuyer(t, { username: 'alice_p', email: 'alice_p@example.com' });
  bob = await signedInBuyer(t, { username: 'bob_p', email: 'bob_p@example.com', firstName: 'Bob' });
});
afterAll(async () => t?.close());

describe('policies and acceptances', () => {
  it('names the current versions publicly: v1.0 of both, not asking anyone again', async () => {
    const res = await t.agent().get('/api/policies').expect(200);
    expect(res.body.privacy_policy).toMatchObject({ policyType: 'privacy_policy', version: 'v1.0', isCurrent: true, requiresAcceptance: false });
    expect(res.body.terms_of_service).toMatchObject({ version: 'v1.0', publishedAt: '2025-01-30T00:00:00.000Z' });
  });

  it('records an acceptance with the real client address and user agent, for the user themselves only', async () => {
    const res = await alice.agent
      .post('/api/policy-acceptances')
      .set('User-Agent', UA)
      .send({ userId: alice.id, policyType: 'privacy_policy', policyVersion: 'v1.0' })
      .expect(201);
    expect(res.body).toMatchObject({ userId: alice.id, policyType: 'privacy_policy', policyVersion: 'v1.0', userAgent: UA, isCurrentVersion: true });
    expect(res.body.ipAddress).toMatch(/127\.0\.0\.1/);
    await alice.agent.post('/api/policy-acceptances').send({ userId: bob.id, policyType: 'privacy_policy' }).expect(403);
    await t.agent().post('/api/policy-acceptances').send({ userId: alice.id, policyType: 'privacy_policy' }).expect(401);
    const old = await alice.agent.post('/api/policy-acceptances').send({ userId: alice.id, policyType: 'terms_of_service', policyVersion: 'v0.9' }).expect(400);
    expect(old.body.errors).toEqual({ policyVersion: 'Only the current policy version (v1.0) can be accepted' });
  });

  it('answers policy-status to the user and to admins, 403 to other users and 401 when signed out', async () => {
    await acceptBoth(alice.agent, alice.id);
    const own = await alice.agent.get(`/api/users/${alice.id}/policy-status`).expect(200);
    expect(own.body).toMatchObject({ hasAcceptedPolicies: true, currentVersions: { privacy_policy: 'v1.0', terms_of_service: 'v1.0' }, acceptanceRequired: [] });
    expect(own.body.acceptances.length).toBe(3);
    const byAdmin = await admin.agent.get(`/api/users/${bob.id}/policy-status`).expect(200);
    expect(byAdmin.body).toMatchObject({ hasAcceptedPolicies: false, acceptances: [], acceptanceRequired: [] });
    await bob.agent.get(`/api/users/${alice.id}/policy-status`).expect(403);
    await t.agent().get(`/api/users/${alice.id}/policy-status`).expect(401);
    await admin.agent.get('/api/users/00000000-0000-4000-8000-000000000000/policy-status').expect(404);
  });
});

describe('publishing a policy version', () => {
  it('is for admins only', async () => {
    await t.agent().post('/api/admin/policy-versions').send({ policyType: 'terms_of_service', version: 'v1.1' }).expect(401);
    await bob.agent.post('/api/admin/policy-versions').send({ policyType: 'terms_of_service', version: 'v1.1' }).expect(403);
    await bob.agent.get('/api/admin/policy-versions').expect(403);
    const bad = await admin.agent.post('/api/admin/policy-versions').send({ policyType: 'terms_of_service', version: '1.1 final' }).expect(400);
    expect(bad.body.errors.version).toMatch(/Version must look like v1.1/);
  });

  it('asks every user who has not accepted it before they bid, list or buy, and lets them through once they accept', async () => {
    // Before: nothing is enforced, so the write reaches its route.
    const before = await bob.agent.post(`/api/auctions/${NO_AUCTION}/bids`).send({ amount: 10 });
    expect(before.body.code).not.toBe('policy_acceptance_required');

    const published = await admin.agent.post('/api/admin/policy-versions').send({ policyType: 'terms_of_service', version: 'v1.1' }).expect(201);
    expect(published.body).toMatchObject({ policyType: 'terms_of_service', version: 'v1.1', isCurrent: true, requiresAcceptance: true, publishedBy: admin.id });
    await admin.agent.post('/api/admin/policy-versions').send({ policyType: 'terms_of_service', version: 'v1.1' }).expect(409);
    expect((await t.agent().get('/api/policies').expect(200)).body.terms_of_service.version).toBe('v1.1');

    for (const [path, body] of [
      [`/api/auctions/${NO_AUCTION}/bids`, { amount: 10 }],
      [`/api/auctions/${NO_AUCTION}/buy-it-now`, {}],
      ['/api/parts', {}],
      ['/api/auctions', {}],
      ['/api/reverse-auctions', {}],
    ] as const) {
      const res = await alice.agent.post(path).send(body).expect(403);
      expect(res.body).toEqual({ code: 'policy_acceptance_required', message: 'Please accept the updated Terms of Service to continue.', errors: { policies: 'terms_of_service' } });
    }
    // Reading is not gated, and a signed-out write still gets its 401.
    await alice.agent.get('/api/auth/user').expect(200);
    await t.agent().post(`/api/auctions/${NO_AUCTION}/bids`).send({ amount: 10 }).expect(401);

    const status = await alice.agent.get(`/api/users/${alice.id}/policy-status`).expect(200);
    expect(status.body).toMatchObject({ hasAcceptedPolicies: false, acceptanceRequired: ['terms_of_service'] });
    expect(status.body.acceptances.filter((a: { isCurrentVersion: boolean }) => a.isCurrentVersion).map((a: { policyType: string }) => a.policyType)).toEqual(['privacy_policy', 'privacy_policy']);

    // The old version can no longer be accepted; the new one can.
    await alice.agent.post('/api/policy-acceptances').send({ userId: alice.id, policyType: 'terms_of_service', policyVersion: 'v1.0' }).expect(400);
    await alice.agent.post('/api/policy-acceptances').set('User-Agent', UA).send({ userId: alice.id, policyType: 'terms_of_service', policyVersion: 'v1.1' }).expect(201);
    const after = await alice.agent.post(`/api/auctions/${NO_AUCTION}/bids`).send({ amount: 10 });
    expect(after.status).not.toBe(403);
    expect((await alice.agent.get(`/api/users/${alice.id}/policy-status`).expect(200)).body).toMatchObject({ hasAcceptedPolicies: true, acceptanceRequired: [] });
  });

  it('publishes without asking again when the admin says so', async () => {
    await admin.agent.post('/api/admin/policy-versions').send({ policyType: 'privacy_policy', version: 'v1.0.1', requiresAcceptance: false }).expect(201);
    const res = await alice.agent.post(`/api/auctions/${NO_AUCTION}/bids`).send({ amount: 10 });
    expect(res.body.code).not.toBe('policy_acceptance_required');
    const list = await admin.agent.get('/api/admin/policy-versions').query({ filter: JSON.stringify({ policyType: 'privacy_policy' }) }).expect(200);
    expect(list.headers['content-range']).toBe('policy-versions 0-1/2');
    expect(list.body.map((v: { version: string; isCurrent: boolean }) => [v.version, v.isCurrent])).toEqual([['v1.0.1', true], ['v1.0', false]]);
  });
});

describe('Policy Acceptance Dashboard (console resource policy-acceptances)', () => {
  it('lists every user with their newest acceptance of each policy, for admins only', async () => {
    await t.agent().get('/api/admin/policy-acceptances').expect(401);
    await alice.agent.get('/api/admin/policy-acceptances').expect(403);
    const res = await admin.agent.get('/api/admin/policy-acceptances').query({ sort: JSON.stringify(['username', 'ASC']) }).expect(200);
    expect(res.headers['content-range']).toBe('policy-acceptances 0-2/3');
    expect(res.body.map((r: { username: string }) => r.username)).toEqual(['alice_p', 'bob_p', 'policy_admin']);
    const [a, b] = res.body;
    expect(a).toMatchObject({ id: alice.id, email: 'alice_p@example.com', role: 'buyer', hasAcceptedPolicies: false });
    // Privacy: v1.0 accepted, but v1.0.1 is current now (published without asking again).
    expect(a.privacyPolicy).toMatchObject({ policyVersion: 'v1.0', isCurrentVersion: false, userAgent: UA });
    expect(a.privacyPolicy.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(a.termsOfService).toMatchObject({ policyVersion: 'v1.1', isCurrentVersion: true });
    expect(b).toMatchObject({ id: bob.id, privacyPolicy: null, termsOfService: null, hasAcceptedPolicies: false });
  });

  it('filters by acceptance status, role and search, and refuses a bad filter', async () => {
    await acceptBoth(bob.agent, bob.id);
    const list = async (filter: Record<string, string>) =>
      (await admin.agent.get('/api/admin/policy-acceptances').query({ filter: JSON.stringify(filter), sort: JSON.stringify(['username', 'ASC']) }).expect(200)).body.map(
        (r: { username: string }) => r.username,
      );
    expect(await list({ status: 'accepted' })).toEqual(['bob_p']);
    expect(await list({ status: 'not_accepted' })).toEqual(['alice_p', 'policy_admin']);
    expect(await list({ status: 'not_accepted', role: 'admin' })).toEqual(['policy_admin']);
    expect(await list({ role: 'buyer', q: 'BOB' })).toEqual(['bob_p']);
    const bad = await admin.agent.get('/api/admin/policy-acceptances').query({ filter: JSON.stringify({ status: 'maybe' }) }).expect(400);
    expect(bad.body.errors.status).toBe('Status must be accepted or not_accepted');
    await admin.agent.get('/api/admin/policy-acceptances').query({ sort: JSON.stringify(['password', 'ASC']) }).expect(400);
    const page = await admin.agent.get('/api/admin/policy-acceptances').query({ range: JSON.stringify([5, 9]) }).expect(200);
    expect(page.body).toEqual([]);
    expect(page.headers['content-range']).toBe('policy-acceptances 5-5/3');
    await admin.agent.post('/api/admin/policy-acceptances').send({}).expect(405);
  });
});

describe('GET /api/policy-acceptances (spec 001 §7)', () => {
  it('answers the recorded acceptances to admins only, newest first, with the spec fields', async () => {
    await t.agent().get('/api/policy-acceptances').expect(401);
    await alice.agent.get('/api/policy-acceptances').expect(403);
    const res = await admin.agent.get('/api/policy-acceptances').expect(200);
    // alice: privacy, privacy + terms, terms v1.1; bob: privacy + terms.
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.body).toHaveLength(6);
    const times = res.body.map((a: { acceptedAt: string }) => a.acceptedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(res.body[0]).sort()).toEqual(['acceptedAt', 'id', 'ipAddress', 'isCurrentVersion', 'policyType', 'policyVersion', 'userAgent', 'userId']);
    expect(res.body).toContainEqual(
      expect.objectContaining({ userId: alice.id, policyType: 'terms_of_service', policyVersion: 'v1.1', isCurrentVersion: true, userAgent: UA }),
    );
  });

  it('filters by user and policy, pages, and refuses a bad query', async () => {
    const bobs = await admin.agent.get('/api/policy-acceptances').query({ userId: bob.id }).expect(200);
    expect(bobs.body.map((a: { userId: string }) => a.userId)).toEqual([bob.id, bob.id]);
    const terms = await admin.agent.get('/api/policy-acceptances').query({ userId: alice.id, policyType: 'terms_of_service' }).expect(200);
    expect(terms.body.map((a: { policyVersion: string }) => a.policyVersion).sort()).toEqual(['v1.0', 'v1.1']);
    const page = await admin.agent.get('/api/policy-acceptances').query({ limit: 2, offset: 5 }).expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('6');
    const bad = await admin.agent.get('/api/policy-acceptances').query({ policyType: 'cookies' }).expect(400);
    expect(bad.body.errors.policyType).toBe('Policy type must be privacy_policy or terms_of_service');
  });
});
