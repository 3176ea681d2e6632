import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastUser } from '../../../test/auctions.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { startStreamingReplica, type StreamingReplica } from '../../../test/replica.fixtures.js';
import type { TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createApp } from '../http/app.js';
import { createLogger } from '../logger.js';
import { applyReferenceData } from '../reference-data.js';
import { boot, type Runtime } from '../runtime.js';
import { Database } from './database.js';
import { startEmbeddedCluster, type EmbeddedCluster } from './embedded.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A primary with a real streaming replica, and the app reading from the replica (DATABASE_READ_URL). */
let dir: string;
let primary: EmbeddedCluster;
let replica: StreamingReplica;
let rt: Runtime;
let t: Pick<TestApp, 'app' | 'rt' | 'sql' | 'agent'>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pitlane-replica-'));
  await chmod(dir, 0o755);
  primary = await startEmbeddedCluster({ dataDir: path.join(dir, 'primary'), port: await freePort(), database: 'pitlane' });
  replica = await startStreamingReplica({ dataDir: path.join(dir, 'primary'), adminUrl: primary.adminUrl }, path.join(dir, 'replica'), await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'app'),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://pitlane.test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: primary.url,
    DATABASE_READ_URL: replica.urlFor('pitlane'),
  });
  rt = await boot(config, modules, { clock: new ManualClock(new Date()), logger: createLogger('silent'), poolMax: 4 });
  await applyReferenceData(rt.container, modules);
  const app = createApp({ container: rt.container, modules, readiness: { database: true, worker: true } });
  t = {
    app,
    rt,
    agent: () => supertest.agent(app),
    sql: async (text, params) => (await rt.pool.query(text, params)).rows,
  };
}, 180_000);

afterAll(async () => {
  await rt?.close();
  await replica?.stop();
  await primary?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Waits until the replica has replayed what the primary had written when called, and the monitor has looked. */
async function caughtUp(): Promise<void> {
  const [{ lsn }] = await t.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const db = rt.container.get(Database);
  for (let i = 0; i < 100; i++) {
    const [{ done }] = await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
    if (done) {
      await (db as unknown as { replicaMonitor: { check(): Promise<void> } }).replicaMonitor.check();
      if (db.replicas.every((r) => r.up)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const receiver = await replica.query('select status, written_lsn::text, flushed_lsn::text, last_msg_receipt_time, sender_host, sender_port from pg_stat_wal_receiver');
  const [pos] = await replica.query('select pg_last_wal_replay_lsn()::text as replay, pg_last_wal_receive_lsn()::text as receive, pg_is_wal_replay_paused() as paused');
  const senders = await t.sql('select state, sent_lsn::text, replay_lsn::text from pg_stat_replication');
  throw new Error(`the replica did not replay ${lsn}: ${JSON.stringify({ receiver, pos, senders, state: db.replicas })}`);
}

describe('read replicas', () => {
  it('serves search and part pages from the replica, while a seller who just wrote reads the primary', async () => {
    const seller = await fastUser(t as TestApp, 'replica_seller');
    await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
    await insertParts(t as TestApp, seller.id, 2, { title: 'Replica carburettor', description: 'On both', category: 'intake', make: 'ford' });
    await caughtUp();
    expect((await t.agent().get('/api/parts').query({ q: 'replica carburettor' }).expect(200)).headers['x-total-count']).toBe('2');

    // Replay paused: the replica falls behind (a lag the monitor sees as small for a while).
    await replica.pauseReplay();
    try {
      const listed = await seller.agent
        .post('/api/parts')
        .send({
          title: 'Replica lag gearbox',
          description: 'Listed while the replica lags',
          price: 900,
          category: 'intake',
          make: 'ford',
          condition: 'rebuilt',
          location: 'Austin, TX',
          images: [{ url: 'https://img.example.com/box.jpg', altText: 'The gearbox' }],
        });
      expect(listed.status, JSON.stringify(listed.body)).toBe(201);
      expect(String(listed.headers['set-cookie'])).toMatch(/pitlane\.rw=\d+/);
      await t.sql(`update parts set is_approved = true where id = $1`, [listed.body.id]);
      // The seller (the write's cookie) reads the primary: the new listing is there at once.
      await seller.agent.get(`/api/parts/${listed.body.id}`).expect(200);
      // Anyone else reads the replica, which has not replayed it yet.
      await t.agent().get(`/api/parts/${listed.body.id}`).expect(404);
      const ready = await t.agent().get('/api/ready').expect(200);
      expect(ready.body.replicas).toEqual([expect.objectContaining({ name: 'replica-1', up: true })]);
    } finally {
      await replica.resumeReplay();
    }
    await caughtUp();
    expect((await t.agent().get('/api/parts').query({ q: 'replica lag gearbox' }).expect(200)).headers['x-total-count']).toBe('1');
  });

  it('reads from the primary when the replica is down', async () => {
    await replica.stop();
    const [part] = await t.sql<{ id: string }>(`select id from parts where title like 'Replica carburettor%' limit 1`);
    await t.agent().get(`/api/parts/${part!.id}`).expect(200);
    await t.agent().get('/api/parts').query({ q: 'replica carburettor' }).expect(200);
    await (rt.container.get(Database) as unknown as { replicaMonitor: { check(): Promise<void> } }).replicaMonitor.check();
    expect(rt.container.get(Database).replicas[0]).toMatchObject({ up: false });
  });
});
