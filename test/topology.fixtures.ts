import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedCluster, type EmbeddedCluster } from '../src/platform/db/embedded.js';
import { startStreamingReplica, type StreamingReplica } from './replica.fixtures.js';
import { startS3 } from './s3.fixtures.js';

/**
 * The topology of docs/scaling.md on one machine, loopback only: a PostgreSQL primary with a real streaming
 * replica, photos in an S3-protocol server (s3rver), `pitlane serve` processes with a data folder each (no shared
 * disk) and a round-robin proxy in front that forwards HTTP and the WebSocket upgrade. Used by e2e/scale.e2e.ts and
 * load-tests/scale/bench.ts.
 */

const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ---- the proxy ------------------------------------------------------------------------------------------------

export interface Upstream {
  name: string;
  port: number;
  /** As the last health check (GET /api/ready every 500 ms) or a refused connection left it. */
  up: boolean;
}

export interface RoutedRequest {
  kind: 'http' | 'ws';
  method: string;
  path: string;
  node: string;
  status?: number;
}

export interface RoundRobinProxy {
  url: string;
  upstreams: Upstream[];
  /** Every request and upgrade routed, in order (for the tests' assertions; `clearLog()` empties it). */
  log: RoutedRequest[];
  clearLog(): void;
  /** The node the next request or upgrade goes to (without traffic from elsewhere). */
  peek(): string | undefined;
  /** Moves the rotation on by one without a request: a test picks the node of its next request this way. */
  skip(): void;
  setUpstreams(list: Array<{ name: string; port: number }>): void;
  stop(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024;

/**
 * A load balancer in a few lines of node:http, as Caddy's `reverse_proxy` in docker-compose.scale.yml: round robin
 * over the upstreams that answer GET /api/ready, X-Forwarded-For appended (the nodes run with TRUST_PROXY=1), the
 * WebSocket upgrade piped through. A request whose connection is refused (the node stopped listening, so it
 * cannot have seen it) is sent to the next node; any other failure answers 502. Answers carry `x-served-by`.
 */
export async function startProxy(list: Array<{ name: string; port: number }> = []): Promise<RoundRobinProxy> {
  let upstreams: Upstream[] = list.map((u) => ({ ...u, up: true }));
  let turn = 0;
  const log: RoutedRequest[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const tunnels = new Set<net.Socket>();

  const candidates = () => {
    const up = upstreams.filter((u) => u.up);
    return up.length ? up : upstreams;
  };
  const pick = (): Upstream | undefined => {
    const c = candidates();
    if (!c.length) return undefined;
    return c[turn++ % c.length];
  };
  const forwardedFor = (req: http.IncomingMessage) => {
    const client = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const prior = req.headers['x-forwarded-for'];
    return prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY) throw new Error('too large');
        chunks.push(chunk);
      }
    } catch {
      res.writeHead(413).end();
      return;
    }
    const body = Buffer.concat(chunks);
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' };
    for (let attempt = 0; attempt < Math.max(1, upstreams.length); attempt++) {
      const target = pick();
      if (!target) break;
      try {
        const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const out = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers, agent }, resolve);
          out.on('error', reject);
          out.end(body);
        });
        log.push({ kind: 'http', method: req.method ?? 'GET', path: req.url ?? '/', node: target.name, status: answer.statusCode });
        res.writeHead(answer.statusCode ?? 502, [...answer.rawHeaders, 'x-served-by', target.name]);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        return;
      } catch (error) {
        // Refused: nothing reached the node, so the next one may take the request (POSTs included).
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
          target.up = false;
          continue;
        }
        break;
      }
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
  });
  server.keepAliveTimeout = 30_000;

  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const target = pick();
    if (!target) return socket.destroy();
    log.push({ kind: 'ws', method: req.method ?? 'GET', path: req.url ?? '/', node: target.name });
    const upstream = net.connect(target.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i]!.toLowerCase() !== 'x-forwarded-for') lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, 'X-Forwarded-Proto: http');
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    for (const s of [upstream, socket]) {
      tunnels.add(s);
      s.on('close', () => tunnels.delete(s));
    }
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });

  // Active health checks, as the load balancer's health_uri.
  const check = (u: Upstream) =>
    new Promise<void>((resolve) => {
      const probe = http.get({ host: '127.0.0.1', port: u.port, path: '/api/ready', timeout: 1000, agent: false }, (r) => {
        u.up = r.statusCode === 200;
        r.resume();
        resolve();
      });
      probe.on('timeout', () => probe.destroy(new Error('timeout')));
      probe.on('error', () => {
        u.up = false;
        resolve();
      });
    });
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void Promise.all(upstreams.map(check)).finally(() => (checking = false));
  }, 500);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get upstreams() {
      return upstreams;
    },
    log,
    clearLog: () => void log.splice(0),
    peek: () => {
      const c = candidates();
      return c.length ? c[turn % c.length]!.name : undefined;
    },
    skip: () => void turn++,
    setUpstreams: (next) => {
      upstreams = next.map((u) => ({ ...u, up: true }));
    },
    stop: async () => {
      clearInterval(timer);
      for (const s of tunnels) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

// ---- the nodes ---------------------------------------------------------------------------------------------

export interface NodeProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** SIGTERM (a graceful stop) and waits for the exit; the exit code. */
  stop(): Promise<number | null>;
}

export interface NodeSpec {
  name: string;
  worker: boolean;
}

/** Node arguments that run `pitlane serve`: the build in dist/, or the sources through tsx. */
function serveArgs(source: boolean): string[] {
  return source
    ? ['--import', 'tsx', '--input-type=module', '-e', `(await import('./src/cli/main.ts')).runCli(['node', 'pitlane', 'serve'])`]
    : [path.join(root, 'bin/pitlane.js'), 'serve'];
}

async function waitReady(node: NodeProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) throw new Error(`${node.name} exited with code ${node.child.exitCode}`);
    const ok = await fetch(`${node.url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${node.name} was not ready within ${timeoutMs} ms`);
}

export interface Topology {
  dir: string;
  primary: EmbeddedCluster;
  replica: StreamingReplica;
  s3: Awaited<ReturnType<typeof startS3>>;
  proxy: RoundRobinProxy;
  nodes: NodeProcess[];
  sessionSecret: string;
  /** Rows of `text` on the primary. */
  sql<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** Starts more nodes on the same database, bucket and proxy (each with its own data folder). */
  addNodes(specs: NodeSpec[]): Promise<NodeProcess[]>;
  /** Stops one node gracefully and takes it out of the proxy's list. */
  removeNode(name: string): Promise<number | null>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  nodes: NodeSpec[];
  /** Extra environment of every node (NODE_ENV, limits...). */
  env?: Record<string, string>;
  /** Serve from the TypeScript sources through tsx instead of the build in dist/. */
  source?: boolean;
  /** Where the node processes' output goes (default: inherited). */
  stdio?: 'inherit' | 'ignore';
}

/**
 * Starts the primary, its streaming replica, the bucket, the proxy and the nodes: the first node alone (it
 * migrates and applies the reference data), then the others together. `stop()` stops everything, newest first.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const cleanup: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch((e: unknown) => console.error(e));
  };
  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'pitlane-scale-'));
    await chmod(dir, 0o755); // the postgres user must be able to enter it when we run as root
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const primary = await startEmbeddedCluster({ dataDir: path.join(dir, 'primary'), port: await freePort(), database: 'pitlane' });
    cleanup.push(() => primary.stop());
    const replica = await startStreamingReplica({ dataDir: path.join(dir, 'primary'), adminUrl: primary.adminUrl }, path.join(dir, 'replica'), await freePort());
    cleanup.push(() => replica.stop());
    const s3 = await startS3('pitlane-scale');
    cleanup.push(() => s3.stop());
    const proxy = await startProxy();
    cleanup.push(() => proxy.stop());
    const pool = new pg.Pool({ connectionString: primary.url, max: 4 });
    cleanup.push(() => pool.end());

    const sessionSecret = randomBytes(32).toString('hex');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: proxy.url,
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.urlFor('pitlane'),
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ...s3.env,
      ...options.env,
    };
    delete env.SMTP_URL;
    delete env.UPLOADS_DIR;

    const nodes: NodeProcess[] = [];
    const launch = async (spec: NodeSpec): Promise<NodeProcess> => {
      const port = await freePort();
      const dataDir = path.join(dir, `node-${spec.name}`);
      const child = spawn(process.execPath, serveArgs(options.source ?? false), {
        cwd: root,
        env: { ...env, PORT: String(port), DATA_DIR: dataDir, WORKER: spec.worker ? 'on' : 'off' },
        stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const node: NodeProcess = {
        name: spec.name,
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        dataDir,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      };
      nodes.push(node);
      cleanup.push(() => node.stop());
      await waitReady(node, 120_000);
      return node;
    };
    const publish = () => proxy.setUpstreams(nodes.filter((n) => n.child.exitCode === null).map((n) => ({ name: n.name, port: n.port })));
    const addNodes = async (specs: NodeSpec[]) => {
      const started = await Promise.all(specs.map(launch));
      publish();
      return started;
    };

    const [first, ...rest] = options.nodes;
    if (first) await launch(first);
    await Promise.all(rest.map(launch));
    publish();

    return {
      dir,
      primary,
      replica,
      s3,
      proxy,
      nodes,
      sessionSecret,
      sql: async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await pool.query<T>(text, params)).rows,
      addNodes,
      removeNode: async (name) => {
        const node = nodes.find((n) => n.name === name);
        if (!node) throw new Error(`no node ${name}`);
        const code = await node.stop();
        nodes.splice(nodes.indexOf(node), 1);
        publish();
        return code;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---- data -----------------------------------------------------------------------------------------------------

/** A session cookie signed the way express-session signs it. */
export function signedSessionCookie(sid: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `pitlane.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

/**
 * Verified users a month old (so no new-account bidding check applies), created straight in the database with
 * stored sessions; answers their ids and Cookie headers. `seller`: each gets an approved seller record whose
 * listings need no review.
 */
export async function dbUsers(
  t: Pick<Topology, 'sql' | 'sessionSecret'>,
  prefix: string,
  count: number,
  seller = false,
): Promise<Array<{ id: string; cookie: string }>> {
  const ids = (
    await t.sql<{ id: string }>(
      `insert into users (username, email, password, first_name, last_name, is_verified, country, created_at)
       select $1 || '_' || i, $1 || '_' || i || '@example.com', 'not-a-hash', 'Scale', 'User', true, 'US', now() - interval '30 days'
       from generate_series(1, $2::int) i order by i returning id`,
      [prefix, count],
    )
  ).map((r) => r.id);
  if (seller) {
    await t.sql(
      `insert into sellers (user_id, business_name, business_address, business_city, business_state, business_zip,
         contact_phone, status, approved_at, requires_listing_approval)
       select id, 'Scale parts ' || id, '1200 Woodward Ave', 'Detroit', 'MI', '48226', '(313) 555-0142', 'approved', now(), false
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    await t.sql(`update users set role = 'seller' where id = any($1::uuid[])`, [ids]);
  }
  const sids = ids.map(() => randomBytes(18).toString('base64url'));
  const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
  await t.sql(
    `insert into sessions (sid, sess, expire)
     select s.sid, json_build_object('cookie', json_build_object('originalMaxAge', 86400000, 'expires', $3::text,
            'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', s.user_id), $3::timestamptz
     from unnest($1::text[], $2::uuid[]) as s(sid, user_id)`,
    [sids, ids, expires],
  );
  return ids.map((id, i) => ({ id, cookie: signedSessionCookie(sids[i]!, t.sessionSecret) }));
}

/** Active auctions of `sellerId` (one part each), started an hour ago and ending in a day: 100.00, steps of 1.00. */
export async function activeAuctions(t: Pick<Topology, 'sql'>, sellerId: string, count: number): Promise<string[]> {
  const rows = await t.sql<{ id: string }>(
    `with p as (
       insert into parts (title, description, price, category, make, condition, location, seller_id, is_approved)
       select 'Scale part ' || i, 'A part of the scale test.', 100, (select slug from categories order by slug limit 1),
              (select slug from makes order by slug limit 1), 'used-good', 'Modena', $1, true
       from generate_series(1, $2::int) i returning id
     )
     insert into auctions (part_id, seller_id, title, description, starting_bid, bid_increment, start_time, end_time, status)
     select p.id, $1, 'Scale auction', 'An auction of the scale test.', 100, 1, now() - interval '1 hour', now() + interval '1 day', 'active'
     from p returning id`,
    [sellerId, count],
  );
  return rows.map((r) => r.id);
}
