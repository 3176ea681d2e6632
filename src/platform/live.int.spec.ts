import { Database } from './db/database.js';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { inject } from 'vitest';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { pushLive } from './live.js';
import { serve, type Server } from '../main.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** Collects the JSON messages a socket receives. */
function inbox(ws: WebSocket) {
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Record<string, unknown>);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    messages,
    async next(): Promise<Record<string, unknown>> {
      const seen = messages.length;
      while (messages.length <= seen) await new Promise<void>((resolve) => waiters.push(resolve));
      return messages[seen]!;
    },
  };
}

describe('the whole process: serve, live hub, shutdown', () => {
  let db: TestApp;
  let server: Server;
  beforeAll(async () => {
    // A migrated database of its own; serve() connects to it through DATABASE_URL like production.
    db = await startTestApp();
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${(await db.sql<{ d: string }>('select current_database() as d'))[0]!.d}`;
    await db.rt.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      SESSION_SECRET: 's'.repeat(40),
      DATA_DIR: `/tmp/pitlane-serve-${process.pid}`,
    });
    server = await serve(config, createLogger('silent'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers health once the database and worker are ready', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown live messages with an error and forwards NOTIFY to subscribed sockets', async () => {
    const { container } = server.runtime;
    const hub = server.hub;
    hub.on('subscribe_test', (client, data) => {
      client.subscribe(`test:${String(data.room)}`);
      client.send('subscription_confirmed', { room: data.room });
    });
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`);
    const box = inbox(ws);
    await once(ws, 'open');

    ws.send(JSON.stringify({ type: 'nonsense' }));
    expect(await box.next()).toEqual({ type: 'error', message: 'Unknown message type: nonsense' });

    ws.send(JSON.stringify({ type: 'subscribe_test', room: 7 }));
    expect(await box.next()).toEqual({ type: 'subscription_confirmed', room: 7 });

    const orm = container.get(Database).orm;
    const seen = box.messages.length;
    await orm.em.fork().transactional(async (em) => {
      await pushLive(em, 'test:8', { type: 'activity_event', event: { n: 0 } }); // nobody listens
      await pushLive(em, 'test:7', { type: 'activity_event', event: { n: 1 } }, { type: 'activity_event', event: { n: 2 } });
    });
    await vi.waitFor(() =>
      expect(box.messages.slice(seen)).toEqual([
        { type: 'activity_event', event: { n: 1 } },
        { type: 'activity_event', event: { n: 2 } },
      ]),
    );
    ws.close();
  });

  it('stops gracefully: the port closes and the stop is idempotent', async () => {
    const url = server.url;
    await server.stop();
    await server.stop();
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});

describe('health before readiness', () => {
  it('answers 503 until the worker is ready', async () => {
    const t = await startTestApp();
    try {
      const { createApp } = await import('./http/app.js');
      const { modules } = await import('../modules.js');
      const app = createApp({ container: t.rt.container, modules, readiness: { database: true, worker: false } });
      const supertest = (await import('supertest')).default;
      const res = await supertest(app).get('/api/health').expect(503);
      expect(res.body).toMatchObject({ status: 'starting', worker: false });
    } finally {
      await t.close();
    }
  });
});
