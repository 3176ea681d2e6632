import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { validRegistration } from '../../../test/accounts.fixtures.js';
import { modules } from '../../modules.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { boot, type Runtime } from '../runtime.js';
import { createApp } from './app.js';
import { FailureCounter, RateLimits } from './rate-limit.js';

/** Two processes on one database: the test app and a second runtime and app of its own (another web node). */
let t: TestApp;
let other: Runtime;
let otherApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5', TRUST_PROXY: '1' });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: t.rt.config.dataDir, SESSION_SECRET: t.rt.config.sessionSecret, LOG_LEVEL: 'silent', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5', TRUST_PROXY: '1' });
  other = await boot(config, modules, { databaseUrl: t.rt.databaseUrl, logger: createLogger('silent'), migrate: false, poolMax: 4 });
  otherApp = createApp({ container: other.container, modules, readiness: { database: true, worker: true } });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('limits shared by every process', () => {
  it('counts registrations from one address over both processes: the sixth is refused by either', async () => {
    const register = (app: ReturnType<typeof createApp>, i: number) =>
      supertest(app).post('/api/users').set('X-Forwarded-For', '203.0.113.7').send(validRegistration({ username: `shared_${i}`, email: `shared${i}@example.com` }));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await register(i % 2 ? otherApp : t.app, i)).status);
    expect(answers).toEqual([201, 201, 201, 201, 201]);
    expect((await register(t.app, 5)).status).toBe(429);
    expect((await register(otherApp, 6)).status).toBe(429);
    // Another address still registers.
    await supertest(otherApp).post('/api/users').set('X-Forwarded-For', '203.0.113.8').send(validRegistration({ username: 'shared_other', email: 'other@example.com' })).expect(201);
  });

  it('keeps sign-in failures of an address and an account in one count for every process, and forgets them on success', async () => {
    const mine = t.rt.container.get(FailureCounter);
    const theirs = other.container.get(FailureCounter);
    const at = new Date();
    await mine.record('203.0.113.9|account:x', at);
    expect((await theirs.record('203.0.113.9|account:x', new Date(at.getTime() + 1000))).count).toBe(2);
    expect((await mine.read('203.0.113.9|account:x'))?.count).toBe(2);
    await theirs.clear('203.0.113.9|account:x');
    expect(await mine.read('203.0.113.9|account:x')).toBeNull();
  });

  it('deletes counts whose window ended', async () => {
    await t.sql(`insert into rate_limit_counters (key, hits, reset_at) values ('old:1', 3, now() - interval '1 hour')`);
    expect(await t.inContext(() => t.rt.container.get(RateLimits).forgetExpired())).toBeGreaterThanOrEqual(1);
    expect(await t.sql(`select key from rate_limit_counters where key = 'old:1'`)).toEqual([]);
  });
});
