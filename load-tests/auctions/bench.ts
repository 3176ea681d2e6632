// Auctions benchmark (issue 5): accepted bids/s and p50/p95/p99 of POST /api/auctions/{id}/bids with
// 32 clients on one hot auction and spread over 1,000 auctions, next to the same transaction run by pgbench
// (bid.pgbench.sql) against the same database; then the time from a bid's HTTP answer (after its commit) to
// its 'activity_event' at every one of 1,000 and 5,000 WebSocket subscribers.
//
//   npm run bench:auctions -- [--duration 15] [--clients 32] [--only hot,spread,ws] [--subscribers 1000,5000]
//                             [--source] [--script bid-statements.pgbench.sql] [--json out.json]
//                             [--statements] [--waits] [--no-anchor] [--no-product-pgbench] [--data-dir D --pg-port P]
//   SESSION_SECRET=... npm run bench:auctions -- --database-url <url> --url <server> --k6-setup /tmp/k6-auctions.json
//
// Starts its own embedded PostgreSQL (data under /tmp/pitlane-bench-auctions, port 54472, loopback only),
// migrates, seeds, loads a seller, 2,002 active auctions (each side gets its own hot auction and its own
// 1,000, so both start from the same empty bid history) and 1,000 bidders with signed session cookies, starts
// `pitlane serve` (WORKER=on, so outbid mails run as in production) and exits by itself when done.
// Beside each scenario it runs the minimal anchor (issue 26, ../shared/anchors/bid-minimal) with pgbench in a
// database of its own on the same cluster (loaded once, reset before each run) and prints HTTP/anchor against
// the targets (hot ≥ 0.7, spread ≥ 0.4, p99 < 100 ms). --waits samples pg_stat_activity's wait events.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareAnchor } from '../lib/anchor.js';
import { ask as askChild, forkChildren, stopChildren } from '../lib/children.js';
import { pgbenchMeasured as measure, raceAmounts, sessionCookie, type CpuPer } from '../lib/bench.js';
import {
  argValue,
  fmt,
  latencies,
  startStack,
  statementStats,
  STATEMENT_STATS_SETTINGS,
  type Latencies,
  type Stack,
} from '../lib/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const options = {
  duration: Number(argValue('--duration') ?? 15),
  warmup: Number(argValue('--warmup') ?? 3),
  clients: Number(argValue('--clients') ?? 32),
  auctions: Number(argValue('--auctions') ?? 1000),
  bidders: Number(argValue('--bidders') ?? 1000),
  subscribers: (argValue('--subscribers') ?? '1000,5000').split(',').map(Number),
  wsBids: Number(argValue('--ws-bids') ?? 20),
  dataDir: argValue('--data-dir') ?? '/tmp/pitlane-bench-auctions',
  pgPort: Number(argValue('--pg-port') ?? 54472),
  databaseUrl: argValue('--database-url'),
  url: argValue('--url'),
  only: argValue('--only')?.split(','),
  source: process.argv.includes('--source'),
  pgbench: argValue('--pgbench') ?? 'pgbench',
  /** The pgbench script, in load-tests/auctions/ (bid-statements.pgbench.sql: the bid before the SQL functions). */
  script: argValue('--script') ?? 'bid.pgbench.sql',
  json: argValue('--json'),
  /** Extra Node options for the server, space-separated (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
  serverNodeArgs: argValue('--server-node-args')?.split(' ').filter(Boolean),
  /** Print the statements PostgreSQL spent most time on during each measured HTTP run (pg_stat_statements). */
  statements: process.argv.includes('--statements'),
  /** The minimal proxy bid (issue 26) run by pgbench in a database of its own on the same cluster; --no-anchor skips it. */
  anchorDir: argValue('--anchor') ?? path.join(here, '../../../shared/anchors/bid-minimal'),
  anchor: !process.argv.includes('--no-anchor'),
  /** Skip pgbench of the product's own transaction (bid.pgbench.sql); the anchor still runs. */
  productPgbench: !process.argv.includes('--no-product-pgbench'),
  /** Sample pg_stat_activity's wait events every 10 ms during each measured HTTP run and print them. */
  waits: process.argv.includes('--waits'),
  /** Only load the data and write the auction ids and bidder cookies for bids.k6.js to this file. */
  k6Setup: argValue('--k6-setup'),
};
const runs = (name: string) => !options.only || options.only.includes(name);

const LOADTEST_DOMAIN = 'auctions.loadtest.invalid';
const INCREMENT_CENTS = 100;
const START_CENTS = 10_000;

// ---- data -----------------------------------------------------------------------------------------------

interface Data {
  bidders: { id: string; cookie: string }[];
  hot: { http: string; sql: string; ws: string };
  spread: { http: string[]; sql: string[] };
}

async function loadData(databaseUrl: string, secret: string): Promise<Data> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Earlier runs' rows go first (auctions cascade to their bids and activity).
    await db.query(`delete from auctions where seller_id in (select id from users where email like $1)`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`delete from parts where seller_id in (select id from users where email like $1)`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`delete from sessions where sess->>'userId' in (select id::text from users where email like $1)`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`delete from users where email like $1`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`drop table if exists bench_auction_ids, bench_bidder_ids`);

    // Accounts a month old: the new-account pattern check does not apply, as for most real bidders.
    const [seller] = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, role, created_at)
         values ('bench_seller', 'seller@${LOADTEST_DOMAIN}', 'not-a-hash', 'Bench', 'Seller', true, 'seller', now() - interval '30 days')
         returning id`,
      )
    ).rows;
    const bidderIds = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, country, created_at)
         select 'bench_bidder_' || i, 'bidder' || i || '@${LOADTEST_DOMAIN}', 'not-a-hash', 'Bench', 'Bidder', true, 'US',
                now() - interval '30 days'
         from generate_series(1, $1::int) i returning id`,
        [options.bidders],
      )
    ).rows.map((r) => r.id);
    const expires = new Date(Date.now() + 24 * 3600_000);
    const bidders = bidderIds.map((id) => ({ id, sid: randomBytes(18).toString('base64url') }));
    await db.query(
      `insert into sessions (sid, sess, expire)
       select s.sid, json_build_object('cookie', json_build_object('originalMaxAge', 86400000, 'expires', $3::text,
              'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', s.user_id), $3::timestamptz
       from unnest($1::text[], $2::uuid[]) as s(sid, user_id)`,
      [bidders.map((b) => b.sid), bidders.map((b) => b.id), expires.toISOString()],
    );

    // One part per auction; the auctions are active, started an hour ago and end in 30 days.
    const total = 3 + 2 * options.auctions;
    const auctionIds = (
      await db.query<{ id: string }>(
        `with p as (
           insert into parts (title, description, price, category, make, condition, location, seller_id)
           select 'Bench part ' || i, 'A part for the auctions benchmark.', 100, (select slug from categories order by slug limit 1),
                  (select slug from makes order by slug limit 1), 'used-good', 'Modena', $1
           from generate_series(1, $2::int) i returning id
         )
         insert into auctions (part_id, seller_id, title, description, starting_bid, bid_increment, start_time, end_time, status)
         select p.id, $1, 'Bench auction', 'An auction of the benchmark.', $3::numeric / 100, $4::numeric / 100,
                now() - interval '1 hour', now() + interval '30 days', 'active'
         from p returning id`,
        [seller!.id, total, START_CENTS, INCREMENT_CENTS],
      )
    ).rows.map((r) => r.id);
    // pgbench picks auctions and bidders by number.
    await db.query(`create table bench_auction_ids (n int primary key, id uuid not null)`);
    await db.query(`create table bench_bidder_ids (n int primary key, id uuid not null)`);
    await db.query(`insert into bench_bidder_ids select i, id from unnest($1::uuid[]) with ordinality as t(id, i)`, [bidderIds]);
    const [hotHttp, hotSql, hotWs, ...rest] = auctionIds;
    const spreadHttp = rest.slice(0, options.auctions);
    const spreadSql = rest.slice(options.auctions);
    await db.query('analyze');
    return {
      bidders: bidders.map((b) => ({ id: b.id, cookie: sessionCookie(b.sid, secret) })),
      hot: { http: hotHttp!, sql: hotSql!, ws: hotWs! },
      spread: { http: spreadHttp, sql: spreadSql },
    };
  } finally {
    await db.end();
  }
}

// ---- HTTP: 32 clients placing bids ------------------------------------------------------------------------

interface BidStats {
  side: 'HTTP' | 'pgbench';
  accepted: number;
  rejected: number;
  errors: number;
  seconds: number;
  bidsPerSecond: number;
  /** Latency of accepted bids (HTTP: request to response; pgbench: transaction). */
  latency: Latencies;
  /** The machine's 1-minute load average at the end of the run (other work on the machine skews the figures). */
  load: number;
  /** CPU time per accepted bid (ms) of the server process and of PostgreSQL; the load generators are not counted. */
  cpu: CpuPer;
}

let stack: Stack | undefined;

const money = (cents: number) => (cents / 100).toFixed(2);
const centsOf = (text: string) => Math.round(Number(text) * 100);

/**
 * Each request bids the auction's current minimum as far as the clients know it: the highest of the last
 * answer's minimumNextBid, a 400's "Minimum bid is X" and the last amount sent plus one increment (so the
 * 32 clients of one auction send increasing amounts instead of 32 copies of the same one).
 */
async function httpBids(
  baseUrl: string,
  auctionIds: string[],
  bidders: Data['bidders'],
  next: Map<string, number>,
  duration: number,
): Promise<BidStats> {
  const { accepted, rejected, errors, cpu } = await raceAmounts({
    baseUrl,
    clients: options.clients,
    duration,
    ids: auctionIds,
    users: bidders,
    next,
    step: INCREMENT_CENTS,
    path: (auctionId) => `/api/auctions/${auctionId}/bids`,
    body: (amount) => JSON.stringify({ bidAmount: money(amount) }),
    answered: (status, body) => {
      const answer = JSON.parse(body) as { minimumNextBid?: string; message?: string };
      // A 201 names the new minimum; a 400 says "Minimum bid is X".
      const minimum = status === 201 ? answer.minimumNextBid : /Minimum bid is ([\d.]+)/.exec(answer.message ?? '')?.[1];
      return minimum ? centsOf(minimum) : undefined;
    },
    pick: Math.max,
    label: 'HTTP bids',
    stack,
  });
  return {
    side: 'HTTP',
    accepted: accepted.length,
    rejected,
    errors,
    seconds: duration,
    bidsPerSecond: accepted.length / duration,
    latency: latencies(accepted),
    load: loadavg()[0]!,
    cpu,
  };
}

/** A warm-up run, then the measured one; each auction's next amount carries over. */
async function httpSide(baseUrl: string, auctionIds: string[], bidders: Data['bidders']): Promise<BidStats> {
  const next = new Map<string, number>(auctionIds.map((id) => [id, START_CENTS]));
  await httpBids(baseUrl, auctionIds, bidders, next, options.warmup);
  const stats = options.statements ? await statementStats(stack!.databaseUrl) : undefined;
  await stats?.start();
  const waits = options.waits ? await waitSampler(stack!.databaseUrl) : undefined;
  const result = await httpBids(baseUrl, auctionIds, bidders, next, options.duration);
  if (waits) console.log(`\nwait events during the measured HTTP run (pg_stat_activity every 10 ms):\n\n${await waits.stop()}\n`);
  if (stats) {
    console.log(`\nstatements during the measured HTTP run (pg_stat_statements):\n\n${await stats.report()}\n`);
    await stats.end();
  }
  return result;
}

// ---- pgbench: the same transaction --------------------------------------------------------------------------

/** A warm-up run, then the measured one with its per-transaction log; CPU is PostgreSQL's per transaction. */
function pgbenchMeasured(databaseUrl: string, script: string, defines: string[], extra: string[] = []): BidStats {
  const { tps, failed, times, cpu } = measure(
    { pgbench: options.pgbench, databaseUrl, script, defines, clients: options.clients, extra, cwd: here },
    options.warmup,
    options.duration,
    { dir: path.join(options.dataDir, 'pgbench-log'), prefix: 'bid' },
    stack,
  );
  return {
    side: 'pgbench',
    accepted: times.length,
    rejected: 0,
    errors: failed,
    seconds: options.duration,
    bidsPerSecond: tps,
    latency: latencies(times),
    load: loadavg()[0]!,
    cpu,
  };
}

async function pgbenchSide(databaseUrl: string, auctionIds: string[]): Promise<BidStats> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('truncate bench_auction_ids');
  await db.query(`insert into bench_auction_ids select i, id from unnest($1::uuid[]) with ordinality as t(id, i)`, [auctionIds]);
  await db.end();
  return pgbenchMeasured(databaseUrl, path.join(here, options.script), [`auctions=${auctionIds.length}`, `bidders=${options.bidders}`]);
}

// ---- the minimal anchor (issue 26) ----------------------------------------------------------------------------

/** The anchor's transaction in pgbench on `auctions` auctions (1: the hot one), as its README runs it. */
function anchorSide(anchorUrl: string, auctions: number): BidStats {
  return pgbenchMeasured(anchorUrl, path.join(options.anchorDir, 'bid.pgbench.sql'), [`nauc=${auctions}`], ['-M', 'prepared']);
}

// ---- wait events -------------------------------------------------------------------------------------------------

/** Samples pg_stat_activity's wait events of the product's database every 10 ms until `stop()`; prints the counts. */
async function waitSampler(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ w: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU (' || state || ')') as w, count(*)::int as n
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
           and backend_type = 'client backend' group by 1`,
      );
      samples++;
      for (const r of rows) counts.set(r.w, (counts.get(r.w) ?? 0) + r.n);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop(): Promise<string> {
      running = false;
      await loop;
      await db.end();
      const lines = ['| wait event | backends on average |', '|---|---:|'];
      for (const [w, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`| ${w} | ${fmt(n / samples, 2)} |`);
      return lines.join('\n');
    },
  };
}

// ---- WebSocket delivery -------------------------------------------------------------------------------------

interface Receivers {
  open(count: number): Promise<void>;
  /** Per bid amount: arrival times at the subscribers, and the event's server timestamp. */
  collect(): Promise<{ received: Map<string, number[]>; stamps: Map<string, number> }>;
  close(): Promise<void>;
}

/** Subscribers live in child processes (ws-subscribers.ts), so their work does not delay this process's clock. */
function startReceivers(baseUrl: string, auctionId: string, processes: number): Receivers {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/api/ws`;
  const children = forkChildren(path.join(here, 'ws-subscribers.ts'), processes);
  const ask = <T>(child: (typeof children)[number], message: object) => askChild<T>(child, message, 'subscriber');
  return {
    async open(count) {
      await Promise.all(children.map((c, k) => ask(c, { cmd: 'open', url: wsUrl, auctionId, count: Math.floor(count / processes) + (k < count % processes ? 1 : 0) })));
    },
    async collect() {
      const received = new Map<string, number[]>();
      const stamps = new Map<string, number>();
      const parts = await Promise.all(
        children.map((c) => ask<{ received: Record<string, number[]>; stamps: Record<string, number> }>(c, { cmd: 'collect' })),
      );
      for (const part of parts) {
        for (const [amount, times] of Object.entries(part.received)) received.set(amount, [...(received.get(amount) ?? []), ...times]);
        for (const [amount, stamp] of Object.entries(part.stamps)) stamps.set(amount, stamp);
      }
      return { received, stamps };
    },
    close: () => stopChildren(children),
  };
}

interface DeliveryStats {
  subscribers: number;
  bids: number;
  deliveries: number;
  missing: number;
  /** From the event's timestamp, which the server takes in the transaction just before its commit (1 ms resolution). */
  latency: Latencies;
  /** From the moment this process read the bid's HTTP answer (after the commit; deliveries may come first). */
  fromAnswer: Latencies;
}

const now = () => performance.timeOrigin + performance.now();

async function wsDelivery(baseUrl: string, data: Data): Promise<DeliveryStats[]> {
  const results: DeliveryStats[] = [];
  const receivers = startReceivers(baseUrl, data.hot.ws, 2);
  let opened = 0;
  let amount = START_CENTS;
  let sent = 0;
  try {
    for (const target of options.subscribers) {
      console.log(`opening ${target - opened} more WebSocket subscribers (${target} in all)...`);
      await receivers.open(target - opened);
      opened = target;
      await receivers.collect(); // forget the earlier round's events
      const answered = new Map<string, number>();
      for (let b = 0; b < options.wsBids; b++) {
        const bidder = data.bidders[sent++ % 2]!;
        const res = await fetch(`${baseUrl}/api/auctions/${data.hot.ws}/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: bidder.cookie },
          body: JSON.stringify({ bidAmount: money(amount) }),
        });
        const at = now();
        const answer = (await res.json()) as { minimumNextBid?: string };
        if (res.status !== 201) throw new Error(`WebSocket bid answered ${res.status}: ${JSON.stringify(answer)}`);
        answered.set(money(amount), at);
        amount = centsOf(answer.minimumNextBid!);
        // One bid at a time, with a pause longer than a broadcast, as bids on one auction arrive in real life.
        await new Promise((r) => setTimeout(r, 400));
      }
      await new Promise((r) => setTimeout(r, 1000));
      const { received, stamps } = await receivers.collect();
      const delays: number[] = [];
      const fromAnswer: number[] = [];
      for (const [bid, at] of answered) {
        for (const t of received.get(bid) ?? []) {
          delays.push(t - stamps.get(bid)!);
          fromAnswer.push(t - at);
        }
      }
      results.push({
        subscribers: target,
        bids: answered.size,
        deliveries: delays.length,
        missing: answered.size * target - delays.length,
        latency: latencies(delays),
        fromAnswer: latencies(fromAnswer),
      });
      const last = results[results.length - 1]!;
      console.log(`load average ${fmt(loadavg()[0]!)}`);
      console.log(`${target} subscribers: delivery p50 ${fmt(last.latency.p50)} ms, p99 ${fmt(last.latency.p99)} ms, ${last.missing} missing`);
    }
  } finally {
    await receivers.close();
  }
  return results;
}

// ---- report -------------------------------------------------------------------------------------------------

interface Row {
  name: string;
  http?: BidStats;
  sql?: BidStats;
  /** Target of HTTP bids/s against the product's own transaction in pgbench, in %. */
  target: number;
  /** The minimal anchor in pgbench (issue 26), and the target of HTTP bids/s against it. */
  anchor?: BidStats;
  anchorTarget: number;
}

/** HTTP beside the minimal anchor (issue 26): the ratio of bids/s, against the targets (ratio and p99 < 100 ms). */
function anchorTable(rows: Row[]): string {
  const lines = [
    '| scenario | HTTP bids/s | HTTP p99 | anchor TPS | anchor p99 | HTTP/anchor | target | p99 < 100 ms | CPU ms/bid HTTP (server + PG) | CPU ms/tx anchor (PG) |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const { name, http, anchor, anchorTarget } of rows) {
    if (!http || !anchor) continue;
    const ratio = http.bidsPerSecond / anchor.bidsPerSecond;
    lines.push(
      `| ${name} | ${fmt(http.bidsPerSecond, 0)} | ${fmt(http.latency.p99)} | ${fmt(anchor.bidsPerSecond, 0)} | ${fmt(anchor.latency.p99)} | ` +
        `${fmt(ratio, 2)} ${ratio >= anchorTarget ? '(met)' : '(not met)'} | ≥ ${anchorTarget} | ${http.latency.p99 < 100 ? 'yes' : 'no'} | ` +
        `${fmt(http.cpu.server, 2)} + ${fmt(http.cpu.postgres, 2)} | ${fmt(anchor.cpu.postgres, 2)} |`,
    );
  }
  return lines.join('\n');
}

function bidTable(rows: Row[]): string {
  const lines = [
    '| scenario | HTTP bids/s | HTTP p50 | HTTP p95 | HTTP p99 | 400 too low | errors | pgbench TPS | pgbench p50 | pgbench p95 | pgbench p99 | HTTP/pgbench | target | load HTTP/pgbench | CPU ms/bid HTTP (server + PG) | CPU ms/bid pgbench (PG) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, http, sql, target } of rows) {
    lines.push(
      `| ${name} | ${fmt(http?.bidsPerSecond ?? NaN, 0)} | ${fmt(http?.latency.p50 ?? NaN)} | ${fmt(http?.latency.p95 ?? NaN)} | ` +
        `${fmt(http?.latency.p99 ?? NaN)} | ${http?.rejected ?? '-'} | ${(http?.errors ?? 0) + (sql?.errors ?? 0)} | ` +
        `${fmt(sql?.bidsPerSecond ?? NaN, 0)} | ${fmt(sql?.latency.p50 ?? NaN)} | ${fmt(sql?.latency.p95 ?? NaN)} | ${fmt(sql?.latency.p99 ?? NaN)} | ` +
        `${http && sql ? `${fmt((100 * http.bidsPerSecond) / sql.bidsPerSecond, 0)} %` : '-'} | ≥ ${target} % | ` +
        `${fmt(http?.load ?? NaN)} / ${fmt(sql?.load ?? NaN)} | ${fmt(http?.cpu.server ?? NaN, 2)} + ${fmt(http?.cpu.postgres ?? NaN, 2)} | ` +
        `${fmt(sql?.cpu.postgres ?? NaN, 2)} |`,
    );
  }
  return lines.join('\n');
}

function deliveryTable(rows: DeliveryStats[]): string {
  const lines = [
    '| subscribers | bids | deliveries | missing | p50 | p95 | p99 | max | p50 / p99 from the HTTP answer | target p99 |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.subscribers} | ${r.bids} | ${r.deliveries} | ${r.missing} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p95)} | ${fmt(r.latency.p99)} | ` +
        `${fmt(r.latency.max)} | ${fmt(r.fromAnswer.p50)} / ${fmt(r.fromAnswer.p99)} | ${r.subscribers >= 5000 ? '< 250' : '-'} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  execFileSync(options.pgbench, ['--version'], { stdio: 'ignore' });
  let data: Data | undefined;
  stack = await startStack({
    dataDir: options.dataDir,
    pgPort: options.pgPort,
    database: 'pitlane_bench_auctions',
    databaseUrl: options.databaseUrl,
    url: options.url,
    source: options.source,
    worker: true,
    serverNodeArgs: options.serverNodeArgs,
    postgresSettings: options.statements ? STATEMENT_STATS_SETTINGS : undefined,
    prepare: async (databaseUrl) => {
      data = await loadData(databaseUrl, stackSecret);
    },
  });
  try {
    const { baseUrl, databaseUrl } = stack;
    const loaded = data!;
    if (options.k6Setup) {
      writeFileSync(
        options.k6Setup,
        JSON.stringify({ hot: loaded.hot.http, spread: loaded.spread.http, cookies: loaded.bidders.map((b) => b.cookie) }),
      );
      console.log(`wrote ${options.k6Setup} for bids.k6.js`);
      return;
    }
    console.log(
      `\n${options.clients} clients; ${options.warmup} s warm-up + ${options.duration} s per run; ${loaded.bidders.length} bidders; latencies in ms\n`,
    );
    const rows: Row[] = [];
    const anchorUrl = options.anchor && (runs('hot') || runs('spread')) ? await prepareAnchor(options.anchorDir, databaseUrl) : undefined;
    if (runs('hot')) {
      const http = await httpSide(baseUrl, [loaded.hot.http], loaded.bidders);
      const sql = options.productPgbench ? await pgbenchSide(databaseUrl, [loaded.hot.sql]) : undefined;
      const anchor = anchorUrl ? anchorSide(anchorUrl, 1) : undefined;
      rows.push({ name: 'one hot auction', http, sql, target: 70, anchor, anchorTarget: 0.7 });
      console.log(`hot: HTTP ${fmt(http.bidsPerSecond, 0)} bids/s p99 ${fmt(http.latency.p99)} ms; pgbench ${fmt(sql?.bidsPerSecond ?? NaN, 0)} TPS; anchor ${fmt(anchor?.bidsPerSecond ?? NaN, 0)} TPS`);
    }
    if (runs('spread')) {
      const http = await httpSide(baseUrl, loaded.spread.http, loaded.bidders);
      const sql = options.productPgbench ? await pgbenchSide(databaseUrl, loaded.spread.sql) : undefined;
      const anchor = anchorUrl ? anchorSide(anchorUrl, options.auctions) : undefined;
      rows.push({ name: `spread over ${options.auctions} auctions`, http, sql, target: 50, anchor, anchorTarget: 0.4 });
      console.log(`spread: HTTP ${fmt(http.bidsPerSecond, 0)} bids/s p99 ${fmt(http.latency.p99)} ms; pgbench ${fmt(sql?.bidsPerSecond ?? NaN, 0)} TPS; anchor ${fmt(anchor?.bidsPerSecond ?? NaN, 0)} TPS`);
    }
    const delivery = runs('ws') ? await wsDelivery(baseUrl, loaded) : [];
    const report = [rows.length ? bidTable(rows) : '', rows.some((r) => r.anchor) ? anchorTable(rows) : '', delivery.length ? deliveryTable(delivery) : ''].filter(Boolean).join('\n\n');
    console.log(`\n${report}\n`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, rows, delivery }, null, 2));
    const failed = rows.some((r) => (r.http?.errors ?? 0) + (r.sql?.errors ?? 0) + (r.anchor?.errors ?? 0) > 0) || delivery.some((d) => d.missing > 0);
    if (failed) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

/** The session secret the started server uses (bench cookies are signed with it). */
const stackSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
process.env.SESSION_SECRET = stackSecret;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
