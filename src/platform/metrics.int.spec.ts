import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../test/accounts.fixtures.js';
import { createApp } from './http/app.js';
import { modules } from '../modules.js';
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import type { Runner } from 'graphile-worker';
import { Metrics, routeLabel } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('refuses a scraper without the token, or with a wrong one, with 401', async () => {
    const none = await t.agent().get('/api/metrics').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    await t.agent().get('/api/metrics').set('Authorization', 'Bearer wrong-token-wrong-token').expect(401);
    await t.agent().get('/api/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
  });

  it('does not let a signed-in admin in without the token either', async () => {
    const { agent } = await signedInAdmin(t, 'metrics_admin');
    await agent.get('/api/metrics').expect(401);
  });

  it('answers Prometheus text: request durations by route pattern, sockets, queue, pools, bids', async () => {
    const { agent } = await signedInBuyer(t, { username: 'metrics_buyer', email: 'metrics@example.com' });
    await agent.get('/api/users/00000000-0000-4000-8000-000000000001').expect(404);
    await agent.get('/api/no-such-route/12345').expect(404);
    const res = await t.agent().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('# TYPE pitlane_http_request_duration_seconds histogram');
    expect(text).toMatch(/pitlane_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status="404"\} 1/);
    expect(text).toMatch(/pitlane_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status="200"\} [1-9]/);
    expect(text).toMatch(/route="unmatched",status="404"/);
    // The raw URL never becomes a label.
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/^pitlane_websocket_connections 0$/m);
    expect(text).toMatch(/^pitlane_jobs_queued\{state="ready"\} \d+$/m);
    expect(text).toMatch(/^pitlane_jobs_queued\{state="failed"\} 0$/m);
    for (const pool of ['write', 'read', 'lock', 'system']) {
      expect(text).toMatch(new RegExp(`^pitlane_db_pool_connections\\{pool="${pool}",state="max"\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^pitlane_db_pool_connections\\{pool="${pool}",state="total"\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^pitlane_db_pool_connections\\{pool="${pool}",state="waiting"\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^pitlane_db_nested_connection_requests 0$/m);
    expect(text).toMatch(/^pitlane_bids_total\{type="regular"\} 0$/m);
    expect(text).toContain('pitlane_process_cpu_seconds_total');
  });

  it('counts the jobs waiting in the queue (graphile-worker public jobs view)', async () => {
    const before = await t.agent().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const ready = (text: string) => Number(/^pitlane_jobs_queued\{state="ready"\} (\d+)$/m.exec(text)![1]);
    await t.sql(`select graphile_worker.add_job('platform/metrics-test', '{}'::json, job_key := 'metrics-test')`);
    const after = await t.agent().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(ready(after.text)).toBe(ready(before.text) + 1);
    await t.sql(`select graphile_worker.remove_job('metrics-test')`);
  });

  it("counts open WebSocket connections on /api/ws and the worker's finished jobs by outcome", async () => {
    const metrics = new Metrics(t.rt.container);
    const server = http.createServer();
    const wss = new WebSocketServer({ noServer: true });
    metrics.countWebSockets(server);
    server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, () => {}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const sockets = [new WebSocket(`ws://127.0.0.1:${port}/api/ws`), new WebSocket(`ws://127.0.0.1:${port}/api/ws`)];
    await Promise.all(sockets.map((ws) => once(ws, 'open')));
    const gauge = async () => Number(/^pitlane_websocket_connections (\d+)$/m.exec((await metrics.render()).body)![1]);
    expect(await gauge()).toBe(2);
    sockets[0]!.close();
    await expect.poll(gauge).toBe(1);
    sockets[1]!.terminate();
    await expect.poll(gauge).toBe(0);
    wss.close();
    server.close();

    const events = new EventEmitter();
    metrics.observeWorker({ events } as unknown as Pick<Runner, 'events'>);
    const job = { task_identifier: 'platform/send-mail' };
    events.emit('job:success', { job });
    events.emit('job:error', { job });
    events.emit('job:failed', { job });
    events.emit('job:error', { job });
    const text = (await metrics.render()).body;
    expect(text).toMatch(/^pitlane_jobs_finished_total\{task="platform\/send-mail",outcome="success"\} 1$/m);
    expect(text).toMatch(/^pitlane_jobs_finished_total\{task="platform\/send-mail",outcome="error"\} 2$/m);
    expect(text).toMatch(/^pitlane_jobs_finished_total\{task="platform\/send-mail",outcome="failed"\} 1$/m);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('is off: a 404 to everyone, token or not', async () => {
    await t.agent().get('/api/metrics').expect(404);
    await t.agent().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('answers readiness: 200 when the database and the worker are up', async () => {
    const res = await t.agent().get('/api/ready').expect(200);
    expect(res.body).toMatchObject({ status: 'ready', database: true, worker: true });
    expect(res.body.pools.map((p: { pool: string }) => p.pool)).toEqual(['write', 'read', 'lock', 'system']);
  });

  it('answers 503 on /api/ready while the worker is not running or the database is unavailable, /api/health unchanged', async () => {
    const noWorker = createApp({ container: t.rt.container, modules, readiness: { database: true, worker: false } });
    const res = await supertest(noWorker).get('/api/ready').expect(503);
    expect(res.body).toMatchObject({ status: 'unavailable', database: true, worker: false });
    const noDatabase = createApp({ container: t.rt.container, modules, readiness: { database: false, worker: true } });
    expect((await supertest(noDatabase).get('/api/ready').expect(503)).body).toMatchObject({ database: false });
    await t.agent().get('/api/health').expect(200, { status: 'ok' });
  });
});

describe('routeLabel', () => {
  it('joins the mount path to the matched pattern, also after the mount path was forgotten', () => {
    expect(routeLabel({ originalUrl: '/api/auctions/9/bids?x=1', route: { path: '/auctions/:id/bids' } })).toBe('/api/auctions/:id/bids');
    expect(routeLabel({ originalUrl: '/api/admin/users/5', route: { path: '/users/:id' } })).toBe('/api/admin/users/:id');
    expect(routeLabel({ originalUrl: '/api/nope/1' })).toBe('unmatched');
    expect(routeLabel({ originalUrl: '/parts/5' })).toBe('static');
  });
});
