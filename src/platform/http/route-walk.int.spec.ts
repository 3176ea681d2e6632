import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser } from '../../../test/auctions.fixtures.js';
import { validRegistration } from '../../../test/accounts.fixtures.js';
import { modules } from '../../modules.js';

/*
 * Walks every route of the API (read from the Express app's router, so a new route is walked without being
 * listed here) with a small set of hostile inputs, as an anonymous client and as a signed-in admin (who gets
 * past every guard), and asserts that none is answered with a 5xx or with anything but the API's JSON error.
 * Issue 25: it catches the next route that forgets.
 */

interface Route {
  method: string;
  path: string;
}

type Layer = {
  rawPath?: unknown;
  handle?: { stack?: Layer[] };
  route?: { path: unknown; methods: Record<string, boolean> };
};

/** The API's routes, from the app's router stack (Express 5: app.router; nested routers are followed). */
function apiRoutes(app: Express): Route[] {
  const routes: Route[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods)) {
          if (method !== '_all') routes.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes.filter((r) => r.path.startsWith('/api/'));
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(20_000);
/** Path parameters that must hold a known word for the route to get past its own parameter check. */
const KNOWN_PARAMS: Record<string, string> = { group: 'auction', slug: 'no-such-storefront' };
/** Query keys the API reads somewhere; each query case sets all of them. */
const QUERY_KEYS = ['q', 'limit', 'offset', 'sort', 'order', 'status', 'sellerId', 'category', 'make', 'condition', 'yearFrom', 'yearTo', 'minPrice', 'maxPrice', 'returnTo', 'token', 'range', 'filter'];
/** Query keys that take free text. */
const TEXT_QUERY_KEYS = ['q', 'make', 'category', 'returnTo', 'token', 'status'];
/** Body fields that routes read, besides those a route names in its own 400 for `{}`. */
const BODY_KEYS = ['id', 'username', 'email', 'password', 'title', 'description', 'price', 'status', 'token', 'partId', 'rating', 'comment', 'name', 'role'];

/** The values one field of a hostile body takes: NUL, wrong types, an array for an object, a huge string. */
const HOSTILE_VALUES: [label: string, value: unknown][] = [
  ['NUL', NUL],
  ['lone surrogate', 'a\ud800b'],
  ['true', true],
  ['[5]', [5]],
  ['object', { nested: { deeper: [NUL] } }],
  ['huge', HUGE],
  ['-1e300', -1e300],
  ['null', null],
];

const QUERY_CASES: [label: string, query: string][] = [
  ['NUL', QUERY_KEYS.map((k) => `${k}=a%00b`).join('&')],
  ['repeated', QUERY_KEYS.map((k) => `${k}=1&${k}=2`).join('&')],
  ['huge', `q=${'x'.repeat(5000)}&limit=${'9'.repeat(400)}&offset=1e400`],
  ['wrong types', 'limit=true&offset=-1&yearFrom=NaN&minPrice=Infinity&sort=%5B%5D&filter=%5B1%5D&range=%5B0%2C%22a%22%5D'],
  ['bad encoding', 'q=%E0%A4%A&limit=%'],
  ['junk filter ids', `filter=${encodeURIComponent(JSON.stringify({ id: ['junk', 7, NUL], q: 5, status: 'nope', role: 'nope', isActive: 'maybe', to: [1] }))}`],
  ['junk filter id', `filter=${encodeURIComponent(JSON.stringify({ id: 'not-a-uuid', q: 'x'.repeat(3000) }))}&sort=${encodeURIComponent('["id","sideways"]')}&range=${encodeURIComponent('[0,1e300]')}`],
];

const RAW_BODIES: [label: string, type: string, body: string][] = [
  ['malformed JSON', 'application/json', '{"title": "x",'],
  ['JSON array', 'application/json', '[{"title": "x"}, 5]'],
  ['JSON scalar', 'application/json', '"just a string"'],
  ['deep JSON', 'application/json', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['multipart without boundary', 'multipart/form-data', '--x\r\n\r\nnothing'],
  ['truncated multipart', 'multipart/form-data; boundary=B', '--B\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc'],
];

interface Probe {
  label: string;
  method: string;
  url: string;
  body?: { type: string; text: string } | { json: unknown };
}

const fill = (path: string, value: (name: string) => string) => path.replace(/:(\w+)/g, (_m, name: string) => value(name));
const validPath = (path: string) => fill(path, (name) => KNOWN_PARAMS[name] ?? randomUUID());

/** The hostile requests for one route (the body ones only for methods with a body). */
function probesOf(route: Route, fields: string[]): Probe[] {
  const { method, path } = route;
  const probes: Probe[] = [];
  if (path.includes(':')) {
    for (const [label, value] of [['NUL', 'a%00b'], ['not an id', 'not-a-uuid'], ['huge', 'x'.repeat(3000)], ['bad encoding', '%E0%A4%A']]) {
      probes.push({ label: `path ${label}`, method, url: fill(path, () => value!) });
    }
  }
  const url = validPath(path);
  for (const [label, query] of QUERY_CASES) probes.push({ label: `query ${label}`, method, url: `${url}?${query}` });
  if (method === 'GET' || method === 'HEAD') {
    // NUL in one text parameter alone, so that no other parameter's 400 hides what the text would do.
    for (const key of TEXT_QUERY_KEYS) probes.push({ label: `query ${key} NUL alone`, method, url: `${url}?${key}=a%00b` });
    return probes;
  }
  for (const [label, type, text] of RAW_BODIES) probes.push({ label: `body ${label}`, method, url, body: { type, text } });
  const keys = [...new Set([...fields, ...BODY_KEYS])];
  for (const [label, value] of HOSTILE_VALUES) {
    probes.push({ label: `body fields ${label}`, method, url, body: { json: Object.fromEntries(keys.map((k) => [k, value])) } });
  }
  // One field hostile at a time would cost a request per field; instead each named field gets NUL once
  // with the others left out, which reaches routes whose other fields are optional.
  for (const key of fields) probes.push({ label: `body ${key} NUL alone`, method, url, body: { json: { [key]: NUL } } });
  return probes;
}

/** The top-level fields a route names in its 400 for an empty body. */
async function fieldsOf(send: Sender, route: Route): Promise<string[]> {
  if (route.method === 'GET' || route.method === 'HEAD') return [];
  const res = await send({ label: 'discover', method: route.method, url: validPath(route.path), body: { json: {} } });
  const errors = (res.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  return [...new Set(Object.keys(errors).map((k) => k.split('.')[0]!).filter((k) => k !== '_'))].slice(0, 20);
}

type Sender = (probe: Probe) => Promise<supertest.Response>;

/** A sender on one live server; `cookie` makes it a signed-in client (without a jar, so nothing it does changes who it is). */
function senderFor(server: Server, cookie?: string): Sender {
  const request = supertest(server);
  return (probe) => {
    const method = probe.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
    let req = request[method](probe.url).set('Accept', 'application/json');
    if (cookie) req = req.set('Cookie', cookie);
    if (probe.body && 'json' in probe.body) return req.send(probe.body.json as object);
    if (probe.body) return req.set('Content-Type', probe.body.type).send(probe.body.text);
    return req;
  };
}

/** Runs `tasks` with at most `width` at once. */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

let t: TestApp;
let server: Server;
let adminCookie: string;
beforeAll(async () => {
  t = await startTestApp();
  for (const module of modules) await module.seed?.(t.rt.container); // reference data, as `pitlane seed` makes it
  await quickUser(t, 'walk_admin', 'admin');
  // A cookie of its own, sent by hand: a cookie jar would pick up whatever a hostile answer sets.
  const login = await supertest(t.app).post('/api/auth/login').send({ username: 'walk_admin', password: validRegistration().password }).expect(200);
  adminCookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** Routes that end the session they are called with: the admin does not walk them (the anonymous client does). */
const SIGNS_OUT = /\/logout$/;

describe('every API route under hostile input', () => {
  it('finds the routes of every module', () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of ['POST /api/users', 'GET /api/parts', 'POST /api/auctions', 'POST /api/uploads', 'GET /api/admin/users', 'PUT /api/admin/settings/:group']) {
      expect(routes).toContain(route);
    }
  });

  it('answers none with a 5xx, anonymous or signed in as an admin', async () => {
    const started = Date.now();
    const routes = apiRoutes(t.app);
    const failures: string[] = [];
    let sent = 0;
    for (const [who, send] of [
      ['anonymous', senderFor(server)],
      ['admin', senderFor(server, adminCookie)],
    ] as const) {
      const walked = routes.filter((r) => who === 'anonymous' || !SIGNS_OUT.test(r.path));
      await pool(walked, 4, async (route) => {
        const probes = probesOf(route, await fieldsOf(send, route));
        for (const probe of probes) {
          const res = await send(probe);
          sent++;
          const isJsonError = res.status < 400 || (typeof res.body?.message === 'string' && typeof res.body?.code === 'string');
          if (res.status >= 500 || !isJsonError) {
            failures.push(`${who} ${route.method} ${route.path} [${probe.label}] -> ${res.status} ${res.text.slice(0, 120)}`);
          }
          // Issue 31: whatever a signed-in user is answered, every write and every error is never stored by a cache.
          const mustNotStore = who === 'admin' || res.status >= 400 || !['GET', 'HEAD'].includes(probe.method);
          if (mustNotStore && res.headers['cache-control'] !== 'no-store') {
            failures.push(`${who} ${route.method} ${route.path} [${probe.label}] -> ${res.status} without Cache-Control: no-store`);
          }
        }
      });
    }
    // The admin walked every guarded handler still signed in.
    const me = await senderFor(server, adminCookie)({ label: 'me', method: 'GET', url: '/api/auth/user' });
    expect(me.status).toBe(200);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 60_000);
});
