import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer, validRegistration, verificationToken } from '../../../test/accounts.fixtures.js';
import { FREE_FAILURES } from './sign-in.backoff.js';
import { VERIFICATION_TOKEN_LIFETIME_MS } from './email-verification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('pitlane.sid='))?.split(';')[0];

describe('POST /api/users (buyer registration)', () => {
  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ confirmPassword: 'something else' }, 'confirmPassword', "Passwords don't match"],
  ])('rejects %o with the spec message for %s', async (override, field, message) => {
    const res = await t.agent().post('/api/users').send(validRegistration(override)).expect(400);
    expect(res.body.errors[field]).toBe(message);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('names every bad field at once and writes nothing', async () => {
    const res = await t.agent().post('/api/users').send({ username: 'x', email: 'y' }).expect(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'username']);
    const [{ count }] = await t.sql<{ count: string }>("select count(*) from users where email = 'y'");
    expect(Number(count)).toBe(0);
  });

  it('creates a buyer whatever role the body asks for, with the defaults of the spec', async () => {
    const res = await t
      .agent()
      .post('/api/users')
      .send(validRegistration({ username: 'sneaky', email: 'Sneaky@Example.com', role: 'admin', isVerified: true }))
      .expect(201);
    expect(res.body).toEqual({ id: expect.any(String), email: 'sneaky@example.com' });
    const [row] = await t.sql('select role, is_verified, country, marketing_emails, password from users where id = $1', [res.body.id]);
    expect(row).toMatchObject({ role: 'buyer', is_verified: false, country: 'USA', marketing_emails: false });
    expect(row!.password).toMatch(/^\$argon2id\$/);
  });

  it('answers 409 naming the username when it is taken, whatever its case', async () => {
    await t.agent().post('/api/users').send(validRegistration({ username: 'dupe_user', email: 'first@example.com' })).expect(201);
    const res = await t
      .agent()
      .post('/api/users')
      .send(validRegistration({ username: 'DUPE_user', email: 'second@example.com' }))
      .expect(409);
    expect(res.body.message).toBe('Username is already taken');
    expect(res.body.errors).toEqual({ username: 'Username is already taken' });
  });

  it('answers 409 naming the email when it is taken', async () => {
    await t.agent().post('/api/users').send(validRegistration({ username: 'mail_one', email: 'same@example.com' })).expect(201);
    const res = await t
      .agent()
      .post('/api/users')
      .send(validRegistration({ username: 'mail_two', email: 'SAME@example.com' }))
      .expect(409);
    expect(res.body.errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('treats LIKE wildcards in a username literally', async () => {
    await t.agent().post('/api/users').send(validRegistration({ username: 'wild_card', email: 'wild1@example.com' })).expect(201);
    await t.agent().post('/api/users').send(validRegistration({ username: 'wildXcard', email: 'wild2@example.com' })).expect(201);
  });
});

describe('email verification', () => {
  it('sends a link to /verify-email by a job, and the token verifies the user once', async () => {
    const body = validRegistration({ username: 'verify_me', email: 'verify@example.com' });
    const { body: created } = await t.agent().post('/api/users').send(body).expect(201);
    const [mail] = await (async () => {
      await t.drain();
      return t.sql<{ text: string; subject: string }>('select text, subject from mail_outbox where "to" = $1', [body.email]);
    })();
    expect(mail!.text).toContain('http://pitlane.test/verify-email?token=');
    const token = await verificationToken(t, body.email);

    const ok = await t.agent().post('/api/auth/verify-email').send({ token }).expect(200);
    expect(ok.body.verified).toBe(true);
    const [user] = await t.sql('select is_verified from users where id = $1', [created.id]);
    expect(user!.is_verified).toBe(true);

    const again = await t.agent().post('/api/auth/verify-email').send({ token }).expect(400);
    expect(again.body.message).toBe('This verification link has already been used.');
  });

  it('rejects a token older than 24 hours', async () => {
    const body = validRegistration({ username: 'late_one', email: 'late@example.com' });
    await t.agent().post('/api/users').send(body).expect(201);
    const token = await verificationToken(t, body.email);
    t.clock.advance(VERIFICATION_TOKEN_LIFETIME_MS + 1000);
    try {
      const res = await t.agent().post('/api/auth/verify-email').send({ token }).expect(400);
      expect(res.body.message).toMatch(/expired/);
    } finally {
      t.clock.advance(-(VERIFICATION_TOKEN_LIFETIME_MS + 1000));
    }
  });

  it('accepts a token just inside its lifetime', async () => {
    const body = validRegistration({ username: 'just_in', email: 'justin@example.com' });
    await t.agent().post('/api/users').send(body).expect(201);
    const token = await verificationToken(t, body.email);
    t.clock.advance(VERIFICATION_TOKEN_LIFETIME_MS - 60_000);
    try {
      await t.agent().post('/api/auth/verify-email').send({ token }).expect(200);
    } finally {
      t.clock.advance(-(VERIFICATION_TOKEN_LIFETIME_MS - 60_000));
    }
  });

  it('rejects an unknown token and a missing one with the spec message', async () => {
    const unknown = await t.agent().post('/api/auth/verify-email').send({ token: 'nope' }).expect(400);
    expect(unknown.body.message).toBe('This verification link is invalid.');
    const missing = await t.agent().post('/api/auth/verify-email').send({}).expect(400);
    expect(missing.body.message).toBe('No verification token provided');
  });
});

describe('sign-in and sessions', () => {
  it('refuses wrong credentials with 401 and the same message for unknown users', async () => {
    await signedInBuyer(t, { username: 'cred_user', email: 'cred@example.com' });
    const wrong = await t.agent().post('/api/auth/login').send({ username: 'cred_user', password: 'wrong password' }).expect(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    const unknown = await t.agent().post('/api/auth/login').send({ username: 'nobody_here', password: 'whatever1' }).expect(401);
    expect(unknown.body.message).toBe('Invalid username or password');
  });

  it('asks an unverified user to verify first', async () => {
    const body = validRegistration({ username: 'unverified', email: 'unverified@example.com' });
    await t.agent().post('/api/users').send(body).expect(201);
    const res = await t.agent().post('/api/auth/login').send({ username: body.username, password: body.password }).expect(403);
    expect(res.body.message).toMatch(/verify your email/);
  });

  it('signs in by email, returns the current user and changes the session id (no fixation)', async () => {
    const body = validRegistration({ username: 'fixation', email: 'fixation@example.com' });
    const agent = t.agent();
    const registered = await agent.post('/api/users').send(body).expect(201);
    const before = sessionCookie(registered);
    expect(before).toBeDefined();
    const token = await verificationToken(t, body.email);
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    const login = await agent.post('/api/auth/login').send({ email: 'FIXATION@example.com', password: body.password }).expect(200);
    const after = sessionCookie(login);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(login.headers['set-cookie']![0]).toMatch(/HttpOnly/);
    expect(login.headers['set-cookie']![0]).toMatch(/SameSite=Lax/);

    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toEqual({
      id: registered.body.id,
      firstName: 'Alice',
      lastName: 'Racer',
      username: 'fixation',
      email: 'fixation@example.com',
      role: 'buyer',
    });
    const [session] = await t.sql('select count(*)::int as n from sessions');
    expect(session!.n).toBeGreaterThan(0);
  });

  it('signs out with GET /api/logout from our own pages and redirects home', async () => {
    const { agent } = await signedInBuyer(t, { username: 'leaver', email: 'leaver@example.com' });
    const res = await agent.get('/api/logout').set('Sec-Fetch-Site', 'same-origin').expect(302);
    expect(res.headers.location).toBe('/');
    await agent.get('/api/auth/user').expect(401);
  });

  it('sends GET /api/login to the login page, keeping only a relative returnTo', async () => {
    const kept = await t.agent().get('/api/login?returnTo=/watchlist').expect(302);
    expect(kept.headers.location).toBe('/login?returnTo=%2Fwatchlist');
    const dropped = await t.agent().get('/api/login?returnTo=//evil.example').expect(302);
    expect(dropped.headers.location).toBe('/login');
    for (const evil of ['/%09/evil.example', '/%0A/evil.example', '/%5Cevil.example']) {
      expect((await t.agent().get(`/api/login?returnTo=${evil}`).expect(302)).headers.location, evil).toBe('/login');
    }
  });

  it('answers 401 for the current user when signed out', async () => {
    const res = await t.agent().get('/api/auth/user').expect(401);
    expect(res.body.message).toBeTypeOf('string');
  });
});

describe('roles on the server', () => {
  it('refuses the console API to visitors (401) and buyers (403 with the spec text)', async () => {
    await t.agent().get('/api/admin/users').expect(401);
    const { agent } = await signedInBuyer(t, { username: 'plain_buyer', email: 'plain@example.com' });
    const res = await agent.get('/api/admin/users').expect(403);
    expect(res.body.message).toBe("You don't have permission to perform this action.");
    await agent.get('/api/users').expect(403);
  });

  it('lists users for admins in the simple-rest protocol, filtered and paged', async () => {
    const { agent } = await signedInAdmin(t);
    const res = await agent
      .get('/api/admin/users')
      .query({ sort: JSON.stringify(['username', 'ASC']), range: JSON.stringify([0, 1]), filter: JSON.stringify({ role: 'admin' }) })
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^users 0-0\/1$/);
    expect(res.body[0]).toMatchObject({ id: expect.any(String), username: 'root_admin', role: 'admin', email: 'root_admin@example.com' });
    const bad = await agent.get('/api/admin/users').query({ sort: JSON.stringify(['password', 'ASC']) }).expect(400);
    expect(bad.body.errors.sort).toBe('Cannot sort by password');
  });

  it('lists users for admins as a JSON array with the full count in X-Total-Count', async () => {
    const { agent } = await signedInAdmin(t, 'list_admin');
    await signedInBuyer(t, { username: 'listed_buyer', email: 'listed@example.com' });
    const [users] = await t.sql<{ n: number }>('select count(*)::int as n from users');
    const res = await agent.get('/api/users').query({ limit: 1 }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe(String(users!.n));
  });

  it('lets an admin change a role, but not their own', async () => {
    const { agent, id: adminId } = await signedInAdmin(t, 'role_admin');
    const { id: buyerId, agent: buyer } = await signedInBuyer(t, { username: 'promoted', email: 'promoted@example.com' });
    const res = await agent.put(`/api/admin/users/${buyerId}`).send({ role: 'seller' }).expect(200);
    expect(res.body).toMatchObject({ id: buyerId, role: 'seller' });
    const me = await buyer.get('/api/auth/user').expect(200);
    expect(me.body.role).toBe('seller');
    const own = await agent.put(`/api/admin/users/${adminId}`).send({ role: 'buyer' }).expect(409);
    expect(own.body.message).toBe('You cannot change your own role');
    await agent.put(`/api/admin/users/${buyerId}`).send({ role: 'overlord' }).expect(400);
  });

  it('shows a user profile without the email to others', async () => {
    const { id } = await signedInBuyer(t, { username: 'private_pat', email: 'pat@example.com' });
    const res = await t.agent().get(`/api/users/${id}`).expect(200);
    expect(res.body.username).toBe('private_pat');
    expect(res.body.email).toBeUndefined();
    await t.agent().get('/api/users/00000000-0000-4000-8000-000000000000').expect(404);
    await t.agent().get('/api/users/not-a-uuid').expect(400);
  });
});

describe('policy acceptances', () => {
  it('records acceptances for the user just registered in this browser with the real client IP', async () => {
    const agent = t.agent();
    const body = validRegistration({ username: 'policy_pal', email: 'policy@example.com' });
    const { body: created } = await agent.post('/api/users').send(body).expect(201);
    for (const policyType of ['privacy_policy', 'terms_of_service']) {
      const res = await agent
        .post('/api/policy-acceptances')
        .set('User-Agent', 'PitlaneTest/1.0')
        .send({ userId: created.id, policyType, policyVersion: 'v1.0', ipAddress: '1.2.3.4' })
        .expect(201);
      expect(res.body.ipAddress).not.toBe('1.2.3.4');
      expect(res.body.ipAddress).toMatch(/127\.0\.0\.1|::1/);
      expect(res.body.userAgent).toBe('PitlaneTest/1.0');
    }
    const token = await verificationToken(t, body.email);
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await agent.post('/api/auth/login').send({ username: body.username, password: body.password }).expect(200);
    const status = await agent.get(`/api/users/${created.id}/policy-status`).expect(200);
    expect(status.body.hasAcceptedPolicies).toBe(true);
    expect(status.body.acceptances).toHaveLength(2);
  });

  it('refuses acceptances for someone else, and from a browser without a session', async () => {
    const { id: otherId } = await signedInBuyer(t, { username: 'other_one', email: 'other@example.com' });
    const { agent } = await signedInBuyer(t, { username: 'meddler', email: 'meddler@example.com' });
    await agent.post('/api/policy-acceptances').send({ userId: otherId, policyType: 'privacy_policy' }).expect(403);
    await t.agent().post('/api/policy-acceptances').send({ userId: otherId, policyType: 'privacy_policy' }).expect(401);
    await agent.get(`/api/users/${otherId}/policy-status`).expect(403);
    const bad = await agent.post('/api/policy-acceptances').send({ userId: otherId, policyType: 'cookies', policyVersion: 'v0.9' }).expect(400);
    // The version is checked against the stored current one once the request is well formed (policy.int.spec.ts).
    expect(Object.keys(bad.body.errors).sort()).toEqual(['policyType']);
  });

  it('lets an admin read anyone\'s policy status', async () => {
    const { id } = await signedInBuyer(t, { username: 'audited', email: 'audited@example.com' });
    const { agent } = await signedInAdmin(t, 'policy_admin');
    const res = await agent.get(`/api/users/${id}/policy-status`).expect(200);
    expect(res.body).toEqual({
      hasAcceptedPolicies: false,
      acceptances: [],
      currentVersions: { privacy_policy: 'v1.0', terms_of_service: 'v1.0' },
      acceptanceRequired: [],
    });
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state change from another origin or a cross-site fetch', async () => {
    const body = validRegistration({ username: 'csrf_victim', email: 'csrf@example.com' });
    const foreign = await t.agent().post('/api/users').set('Origin', 'https://evil.example').send(body).expect(403);
    expect(foreign.body.message).toBe('Cross-site request refused');
    await t.agent().post('/api/users').set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
    await t.agent().post('/api/users').set('Origin', 'http://pitlane.test').send(body).expect(201);
  });

  it('refuses a body that is neither JSON nor multipart (what an HTML form sends)', async () => {
    const res = await t
      .agent()
      .post('/api/auth/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('username=a&password=b')
      .expect(400);
    expect(res.body.code).toBe('unsupported_media_type');
  });
});

describe('the API surface', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.agent().get('/api/definitely/not/here').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.message).toMatch(/No API route/);
  });

  it('reports health', async () => {
    await t.agent().get('/api/health').expect(200, { status: 'ok' });
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await t.agent().post('/api/users').set('Content-Type', 'application/json').send('{"username":').expect(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });
});

describe('rate limiting', () => {
  it(`answers 429 once ${FREE_FAILURES} failed sign-ins from one address must wait`, async () => {
    const agent = t.agent();
    for (let i = 0; i < FREE_FAILURES; i++) {
      await agent.post('/api/auth/login').send({ username: 'brute', password: `guess-${i}` }).expect(401);
    }
    const res = await agent.post('/api/auth/login').send({ username: 'brute', password: 'guess-final' }).expect(429);
    expect(res.body.message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('rate limiting per account name', () => {
  it('keeps other account names usable from the same address', async () => {
    const { agent } = await signedInBuyer(t, { username: 'innocent', email: 'innocent@example.com' });
    await agent.post('/api/auth/login').send({ username: 'innocent', password: 'correct horse' }).expect(200);
  });
});
