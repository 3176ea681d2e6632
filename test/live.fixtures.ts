import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/platform/config.js';
import { createLogger } from '../src/platform/logger.js';
import { LiveHub } from '../src/platform/live.js';
import type { PitlaneModule } from '../src/platform/module.js';
import { serve, type Server } from '../src/main.js';
import type { TestApp } from './harness.js';
import { sessionCookie } from './auctions.fixtures.js';

export type LiveMessage = Record<string, unknown> & { type: string };

/**
 * Collects a socket's JSON messages; `next(type)` waits for the next message of that type. Like the web client,
 * it drops an activity_event it already has (by id): one can be in the history and arrive live as well.
 */
export function activityInbox(ws: WebSocket) {
  const messages: LiveMessage[] = [];
  const seen = new Set<string>();
  let read = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as LiveMessage);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    messages,
    async next(type?: string): Promise<LiveMessage> {
      for (;;) {
        while (read < messages.length) {
          const m = messages[read++]!;
          if (m.type === 'activity_history') for (const e of m.events as { id: string }[]) seen.add(e.id);
          if (m.type === 'activity_event') {
            const eventId = (m.event as { id: string }).id;
            if (seen.has(eventId)) continue;
            seen.add(eventId);
          }
          if (!type || m.type === type) return m;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

export interface HubServer {
  server: http.Server;
  hub: LiveHub;
  url: string;
}

/**
 * Hubs on one test app, each a second process in miniature: its own HTTP server and hub (own LISTEN connection)
 * on the same database, with the module's live handlers registered. `close()` stops every hub started.
 */
export function hubServers(live: NonNullable<PitlaneModule['live']>) {
  const servers: HubServer[] = [];
  return {
    servers,
    async start(t: TestApp): Promise<HubServer> {
      const server = http.createServer(t.app);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const hub = new LiveHub(createLogger('silent'), (work) => t.rt.db.withContext(work));
      await hub.attach(server, t.rt.databaseUrl);
      live(t.rt.container, hub);
      const entry = { server, hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws` };
      servers.push(entry);
      return entry;
    },
    async close() {
      for (const s of servers) {
        await s.hub.close();
        s.server.close();
      }
    },
  };
}

/** An open anonymous socket to `url` with its activity inbox. */
export async function connect(url: string) {
  const ws = new WebSocket(url);
  const box = activityInbox(ws);
  await once(ws, 'open');
  return { ws, box, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

/** A verified user created straight in the database with a session signed with `secret`; answers its Cookie header. */
export async function liveUser(t: TestApp, username: string, secret: string): Promise<{ id: string; cookie: string }> {
  const [row] = await t.sql<{ id: string }>(
    `insert into users (username, email, password, first_name, last_name, is_verified)
     values ($1, $2, 'not-a-hash', 'Live', 'User', true) returning id`,
    [username, `${username}@example.com`],
  );
  return { id: row!.id, cookie: await sessionCookie(t, row!.id, secret) };
}

/** A whole server process (serve(), as in production) on the test app's database, signing sessions with `secret`. */
export function serveOn(t: TestApp, name: string, secret: string): Promise<Server> {
  return serve(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: t.rt.databaseUrl,
      SESSION_SECRET: secret,
      DATA_DIR: `/tmp/pitlane-${name}-${process.pid}`,
    }),
    createLogger('silent'),
  );
}

/** Sockets to served processes; `close()` closes every one opened. */
export function liveSockets() {
  const open: WebSocket[] = [];
  return {
    /** A socket on `server` (signed in with `cookie`, if any) that has sent `{ type }` and had an answer; with its inbox. */
    async subscribed(server: Server, type: string, cookie?: string) {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, { headers: cookie ? { cookie } : {} });
      open.push(ws);
      const messages: Record<string, unknown>[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
      await once(ws, 'open');
      ws.send(JSON.stringify({ type }));
      await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0));
      return { ws, messages };
    },
    close() {
      for (const ws of open) ws.close();
    },
  };
}
