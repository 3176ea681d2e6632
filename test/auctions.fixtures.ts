import { createHmac, randomBytes } from 'node:crypto';
import type supertest from 'supertest';
import type { TestApp } from './harness.js';
import { validRegistration } from './accounts.fixtures.js';

export type Agent = ReturnType<typeof supertest.agent>;
export interface TestUser {
  agent: Agent;
  id: string;
  username: string;
}

/** Registers a user, marks them verified in the database and signs them in (faster than the mail round trip). */
export async function quickUser(t: TestApp, username: string, role: 'buyer' | 'admin' = 'buyer'): Promise<TestUser> {
  const agent = t.agent();
  const body = validRegistration({ username, email: `${username}@example.com` });
  const res = await agent.post('/api/users').send(body);
  if (res.status !== 201) throw new Error(`registration of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  await t.sql('update users set is_verified = true, role = $2 where id = $1', [res.body.id, role]);
  const login = await agent.post('/api/auth/login').send({ username, password: body.password });
  if (login.status !== 200) throw new Error(`login of ${username} failed: ${login.status}`);
  return { agent, id: res.body.id as string, username };
}

/** A part of `seller` (an admin, who may list under every seller policy). */
export async function partOf(seller: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await seller.agent.post('/api/parts').send({
    title: 'Weber 48 IDA carburettor pair',
    description: 'A matched pair of Weber 48 IDA carburettors, rebuilt and bench flowed.',
    price: 2400,
    category: 'intake',
    make: 'ford',
    condition: 'rebuilt',
    location: 'Modena',
    images: [{ url: 'https://img.example.com/weber.jpg', altText: 'The pair on a bench' }],
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`part creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export const HOUR = 3600_000;

/** A valid auction form starting `startIn` ms from the test clock and running `runFor` ms. */
export function auctionForm(t: TestApp, partId: string, overrides: Record<string, unknown> = {}, startIn = HOUR, runFor = 2 * HOUR) {
  const start = new Date(t.clock.now().getTime() + startIn);
  return {
    title: 'Weber 48 IDA pair',
    description: 'Matched pair, rebuilt.',
    partId,
    startingBid: '100.00',
    bidIncrement: '10.00',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + runFor).toISOString(),
    ...overrides,
  };
}

/**
 * A verified buyer created straight in the database with a ready session cookie: no password hashing, so
 * dozens of bidders take milliseconds. The cookie is signed like express-session signs it.
 */
export async function fastUser(t: TestApp, username: string): Promise<TestUser> {
  const [row] = await t.sql<{ id: string }>(
    `insert into users (username, email, password, first_name, last_name, is_verified)
     values ($1, $2, 'not-a-hash', 'Fast', 'Bidder', true) returning id`,
    [username, `${username}@example.com`],
  );
  const agent = t.agent();
  agent.set('Cookie', await sessionCookie(t, row!.id));
  return { agent, id: row!.id, username };
}

/** A stored session of `userId`, answered as the Cookie header express-session accepts (signed with `secret`). */
export async function sessionCookie(t: TestApp, userId: string, secret = t.rt.config.sessionSecret): Promise<string> {
  const sid = randomBytes(18).toString('base64url');
  const expires = new Date(Date.now() + 3600_000);
  const sess = { cookie: { originalMaxAge: 3600_000, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId };
  await t.sql('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [sid, JSON.stringify(sess), expires]);
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `pitlane.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}
