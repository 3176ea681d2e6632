import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { guardCounters } from './connection-guard.js';
import { Database } from './database.js';

/** Forgets what the guard saw in a test that made it see something on purpose (the harness fails the file otherwise). */
const forgetViolations = () => {
  guardCounters.violations = 0;
  guardCounters.messages.splice(0);
};

describe('the connection guard', () => {
  let t: TestApp;
  let db: Database;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.rt.container.get(Database);
  });
  afterEach(forgetViolations);
  afterAll(async () => t?.close());

  it('refuses a second connection asked for inside a transaction, on every pool', async () => {
    for (const ask of [
      () => db.orm.em.fork().execute('select 1'),
      () => db.runner('read').run('select 1'),
      () => db.runner('write').run('select 1'),
      () => db.pool('system').query('select 1'),
      () => db.sqlTransaction('lock', (tx) => tx.execute('select 1')),
    ]) {
      const failure = await t.inContext(() => db.transaction(async (em) => {
        await em.execute('select 1');
        return ask().then(() => null, (e: unknown) => e);
      }));
      // The ORM wraps the pool's refusal in its own error type; the message is the guard's.
      expect(String((failure as Error | null)?.message)).toContain('asked the');
    }
    expect(guardCounters.violations).toBe(5);
  });

  it('lets work inside a transaction read through it, and nested transactions use savepoints on the same connection', async () => {
    const pids = await t.inContext(() =>
      db.transaction(async (em) => {
        const outer = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
        const inner = await db.transaction((nested) => nested.execute<{ pid: number }[]>('select pg_backend_pid() as pid'));
        const viaDb = await db.em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
        return [outer[0]!.pid, inner[0]!.pid, viaDb[0]!.pid];
      }),
    );
    expect(new Set(pids).size).toBe(1);
    expect(guardCounters.violations).toBe(0);
  });

  it('lets work started in a transaction but run after it ask for a connection', async () => {
    let later: Promise<unknown> | undefined;
    await t.inContext(() =>
      db.transaction(async () => {
        later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.runner('write').run('select 1'));
      }),
    );
    await expect(later).resolves.toEqual([{ '?column?': 1 }]);
  });
});

describe('a starved pool', () => {
  let t: TestApp;
  let db: Database;
  beforeAll(async () => {
    t = await startTestApp({ DB_ACQUIRE_TIMEOUT_MS: '400' });
    db = t.rt.container.get(Database);
  });
  afterAll(async () => t?.close());

  /** Holds every write connection until the returned function is called. */
  async function holdWritePool(): Promise<() => Promise<void>> {
    const pool = db.pool('write');
    const max = pool.options.max ?? 4;
    const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    return async () => {
      for (const c of clients) c.release();
    };
  }

  it('answers 503 with Retry-After after the acquire timeout instead of waiting for ever, and /api/ready says unavailable', async () => {
    const release = await holdWritePool();
    try {
      const started = performance.now();
      const res = await t.agent().post('/api/auth/login').send({ username: 'nobody_here', password: 'whatever it is' });
      const waited = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).toEqual({ message: 'Pitlane is very busy right now. Please try again in a moment.', code: 'database_busy' });
      expect(waited).toBeLessThan(3000);
      const ready = await t.agent().get('/api/ready').expect(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', database: false });
      expect(ready.body.pools).toContainEqual(expect.objectContaining({ pool: 'write', idle: 0 }));
      // Liveness does not touch the database.
      await t.agent().get('/api/health').expect(200);
    } finally {
      await release();
    }
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the readiness probe keeps its answer for a second
    await t.agent().get('/api/ready').expect(200);
    await t.agent().post('/api/auth/login').send({ username: 'nobody_here', password: 'whatever it is' }).expect(401);
  });

  it('ends a transaction left idle by the idle-in-transaction timeout and a runaway statement by the statement timeout', async () => {
    const settings = await db.runner('write').run<{ s: string; i: string }>(
      `select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i`,
    );
    expect(settings[0]).toEqual({ s: '30s', i: '30s' });
  });
});

describe('stopping', () => {
  it('ends within its deadline while a transaction is stuck, ending its own busy connections', async () => {
    const t = await startTestApp();
    const db = t.rt.container.get(Database);
    const stuck = t.inContext(() => db.transaction((em) => em.execute('select pg_sleep(60)'))).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await t.rt.close(1500);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await stuck).toBeInstanceOf(Error);
    await t.close().catch(() => {}); // drops the test database (the runtime is already closed)
  });
});
