import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer, validRegistration } from '../../../test/accounts.fixtures.js';
import { LOGIN_FAILURE_LIMIT_PER_ADDRESS } from './account.routes.js';
import { FREE_FAILURES } from './sign-in.backoff.js';

/** Room for the fixtures' registrations from loopback (four in this file) besides the limit's own test. */
const REGISTRATION_LIMIT = 5;
// Behind a trusted proxy on loopback, X-Forwarded-For names the client: each test speaks from its own addresses.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback', REGISTRATIONS_PER_ADDRESS_PER_HOUR: String(REGISTRATION_LIMIT) });
});
afterAll(async () => t?.close());

const from = (address: string) => {
  const agent = t.agent();
  return {
    agent,
    login: (body: Record<string, unknown>) => agent.post('/api/auth/login').set('X-Forwarded-For', address).send(body),
    register: (body: Record<string, unknown>) => agent.post('/api/users').set('X-Forwarded-For', address).send(body),
  };
};

describe('registration limit per address', () => {
  it('answers 429 with the usual JSON after the hourly number of registrations from one address, not from others', async () => {
    const client = from('203.0.113.10');
    for (let i = 0; i < REGISTRATION_LIMIT; i++) {
      await client.register(validRegistration({ username: `reg_${i}`, email: `reg${i}@example.com` })).expect(201);
    }
    const refused = await client.register(validRegistration({ username: 'reg_last', email: 'reglast@example.com' })).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/Too many accounts/), code: 'rate_limited' });
    expect(refused.headers['ratelimit-policy']).toBeDefined();
    const [{ n }] = await t.sql<{ n: number }>(`select count(*)::int as n from users where username = 'reg_last'`);
    expect(n).toBe(0);
    await from('203.0.113.11').register(validRegistration({ username: 'reg_last', email: 'reglast@example.com' })).expect(201);
  });
});

describe('sign-in back-off per address and account', () => {
  it('holds up the guessing address while the right password from another address still works', async () => {
    await signedInBuyer(t, { username: 'two_names', email: 'two.names@example.com' });
    const guesser = from('198.51.100.1');
    // The username and the email name one account: one bucket.
    for (let i = 0; i < FREE_FAILURES; i++) {
      await guesser.login(i % 2 ? { username: 'two_names', password: `wrong-${i}` } : { email: 'Two.Names@example.com', password: `wrong-${i}` }).expect(401);
    }
    const held = await guesser.login({ username: 'TWO_NAMES', password: 'correct horse' }).expect(429);
    expect(held.body).toEqual({ message: 'Too many failed sign-in attempts. Please wait 1 second and try again.', code: 'rate_limited' });
    expect(held.headers['retry-after']).toBe('1');
    await from('198.51.100.2').login({ username: 'two_names', password: 'correct horse' }).expect(200);
    await from('198.51.100.3').login({ email: 'two.names@example.com', password: 'correct horse' }).expect(200);
  });

  it('doubles the wait with each further failure up to 15 minutes, and the right password clears it', async () => {
    await signedInBuyer(t, { username: 'slow_down', email: 'slow.down@example.com' });
    const guesser = from('198.51.100.10');
    for (let i = 0; i < FREE_FAILURES; i++) await guesser.login({ username: 'slow_down', password: `wrong-${i}` }).expect(401);
    for (const wait of [1, 2, 4, 8]) {
      const held = await guesser.login({ username: 'slow_down', password: 'another guess' }).expect(429);
      expect(held.headers['retry-after']).toBe(String(wait));
      t.clock.advance(wait * 1000);
      await guesser.login({ username: 'slow_down', password: `wrong after ${wait}s` }).expect(401);
    }
    expect((await guesser.login({ username: 'slow_down', password: 'x' }).expect(429)).headers['retry-after']).toBe('16');
    t.clock.advance(16_000);
    await guesser.login({ username: 'slow_down', password: 'correct horse' }).expect(200);
    // Cleared: the next mistake is a plain 401 again.
    await guesser.login({ username: 'slow_down', password: 'typo' }).expect(401);
    await guesser.login({ username: 'slow_down', password: 'correct horse' }).expect(200);
  });

  it('keeps other accounts usable from the address that is held up on one', async () => {
    await signedInBuyer(t, { username: 'neighbour', email: 'neighbour@example.com' });
    const client = from('198.51.100.20');
    for (let i = 0; i < FREE_FAILURES; i++) await client.login({ username: 'not_neighbour', password: `guess-${i}` }).expect(401);
    await client.login({ username: 'not_neighbour', password: 'guess' }).expect(429);
    await client.login({ username: 'neighbour', password: 'correct horse' }).expect(200);
  });

  it('does not put every sign-in with a blank username into one shared bucket', async () => {
    await signedInBuyer(t, { username: 'blank_name', email: 'blank.name@example.com' });
    const client = from('198.51.100.30');
    for (let i = 0; i < FREE_FAILURES * 2; i++) {
      await client.login({ username: '   ', email: `stranger${i}@example.com`, password: 'wrong password' }).expect(401);
    }
    await client.login({ username: '   ', email: 'blank.name@example.com', password: 'correct horse' }).expect(200);
  });

  it('limits failures per address over all accounts at a much higher number', async () => {
    expect(LOGIN_FAILURE_LIMIT_PER_ADDRESS).toBeGreaterThanOrEqual(10 * FREE_FAILURES);
    await signedInBuyer(t, { username: 'behind_proxy', email: 'behind.proxy@example.com' });
    const stuffer = from('198.51.100.40');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT_PER_ADDRESS; i++) {
      await stuffer.login({ username: `victim_${i}`, password: 'password1' }).expect(401);
    }
    const res = await stuffer.login({ username: 'behind_proxy', password: 'correct horse' }).expect(429);
    expect(res.body.code).toBe('rate_limited');
    await from('198.51.100.41').login({ username: 'behind_proxy', password: 'correct horse' }).expect(200);
  });
});
