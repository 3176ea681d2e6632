// Reverse auctions benchmark (issue 18): accepted quotes/s and p50/p95/p99 of POST /api/reverse-auctions/{id}/bids
// with 32 clients on one hot request and spread over 1,000 requests, next to the same transaction run by pgbench
// (quote.pgbench.sql) against the same database, as the bids benchmark (load-tests/auctions/bench.ts) does.
// Targets as for bids: hot at least 70 % of pgbench with p99 under 100 ms, spread at least 50 %.
//
//   npm run bench:reverse -- [--duration 15] [--clients 32] [--only hot,spread] [--requests 1000] [--sellers 1000]
//                            [--source] [--json out.json]
//
// Starts its own embedded PostgreSQL (data under /tmp/pitlane-bench-reverse, port 54473, loopback only), migrates,
// seeds, loads a buyer, 2,002 active requests (each side gets its own hot request and its own 1,000, so both start
// from an empty quote history) with the largest budget the column takes and a 0.01 decrement (so quotes never run
// out), and 1,000 approved sellers with signed session cookies, starts `pitlane serve` (WORKER=on, so the new-quote
// and outquoted mails run as in production) and exits by itself when done.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pgbenchMeasured, raceAmounts, sessionCookie, type CpuPer } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, type Latencies, type Stack } from '../lib/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const options = {
  duration: Number(argValue('--duration') ?? 15),
  warmup: Number(argValue('--warmup') ?? 3),
  clients: Number(argValue('--clients') ?? 32),
  requests: Number(argValue('--requests') ?? 1000),
  sellers: Number(argValue('--sellers') ?? 1000),
  dataDir: argValue('--data-dir') ?? '/tmp/pitlane-bench-reverse',
  pgPort: Number(argValue('--pg-port') ?? 54473),
  databaseUrl: argValue('--database-url'),
  url: argValue('--url'),
  only: argValue('--only')?.split(','),
  source: process.argv.includes('--source'),
  pgbench: argValue('--pgbench') ?? 'pgbench',
  json: argValue('--json'),
};
const runs = (name: string) => !options.only || options.only.includes(name);

const LOADTEST_DOMAIN = 'reverse.loadtest.invalid';
/** The largest numeric(10,2) and the smallest decrement: about 10^10 quotes before a request runs out. */
const BUDGET_CENTS = 9_999_999_999;
const DECREMENT_CENTS = 1;

// ---- data -----------------------------------------------------------------------------------------------

interface Data {
  sellers: { id: string; cookie: string }[];
  hot: { http: string; sql: string };
  spread: { http: string[]; sql: string[] };
}

async function loadData(databaseUrl: string, secret: string): Promise<Data> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Earlier runs' rows go first (requests cascade to their quotes and activity).
    const ours = `(select id from users where email like '%@${LOADTEST_DOMAIN}')`;
    await db.query(`delete from reverse_auctions where buyer_id in ${ours}`);
    await db.query(`delete from auction_notifications where user_id in ${ours}`);
    await db.query(`delete from sellers where user_id in ${ours}`);
    await db.query(`delete from sessions where sess->>'userId' in (select id::text from users where email like '%@${LOADTEST_DOMAIN}')`);
    await db.query(`delete from users where email like '%@${LOADTEST_DOMAIN}'`);
    await db.query(`drop table if exists bench_request_ids, bench_seller_ids`);

    const [buyer] = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, created_at)
         values ('bench_buyer', 'buyer@${LOADTEST_DOMAIN}', 'not-a-hash', 'Bench', 'Buyer', true, now() - interval '30 days')
         returning id`,
      )
    ).rows;
    const sellerIds = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, role, country, created_at)
         select 'bench_quoter_' || i, 'quoter' || i || '@${LOADTEST_DOMAIN}', 'not-a-hash', 'Bench', 'Quoter', true, 'seller', 'US',
                now() - interval '30 days'
         from generate_series(1, $1::int) i returning id`,
        [options.sellers],
      )
    ).rows.map((r) => r.id);
    await db.query(
      `insert into sellers (user_id, business_name, business_address, business_city, business_state, business_zip,
         contact_phone, specialties, status, approved_at)
       select id, 'Bench parts ' || n, '1 Bench Road', 'Detroit', 'MI', '48226', '(313) 555-0100', '{Engine}', 'approved', now()
       from unnest($1::uuid[]) with ordinality as t(id, n)`,
      [sellerIds],
    );
    const expires = new Date(Date.now() + 24 * 3600_000);
    const sellers = sellerIds.map((id) => ({ id, sid: randomBytes(18).toString('base64url') }));
    await db.query(
      `insert into sessions (sid, sess, expire)
       select s.sid, json_build_object('cookie', json_build_object('originalMaxAge', 86400000, 'expires', $3::text,
              'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', s.user_id), $3::timestamptz
       from unnest($1::text[], $2::uuid[]) as s(sid, user_id)`,
      [sellers.map((s) => s.sid), sellers.map((s) => s.id), expires.toISOString()],
    );

    // Active requests, started an hour ago, ending in 30 days.
    const requestIds = (
      await db.query<{ id: string }>(
        `insert into reverse_auctions (buyer_id, title, description, part_category, make, max_budget, min_bid_decrement,
           start_time, end_time, status)
         select $1, 'Bench request ' || i, 'A wanted part of the benchmark.', 'Engine', 'Ford', $3::numeric / 100, $4::numeric / 100,
                now() - interval '1 hour', now() + interval '30 days', 'active'
         from generate_series(1, $2::int) i returning id`,
        [buyer!.id, 2 + 2 * options.requests, BUDGET_CENTS, DECREMENT_CENTS],
      )
    ).rows.map((r) => r.id);
    // pgbench picks requests and sellers by number.
    await db.query(`create table bench_request_ids (n int primary key, id uuid not null)`);
    await db.query(`create table bench_seller_ids (n int primary key, id uuid not null)`);
    await db.query(`insert into bench_seller_ids select i, id from unnest($1::uuid[]) with ordinality as t(id, i)`, [sellerIds]);
    const [hotHttp, hotSql, ...rest] = requestIds;
    await db.query('analyze');
    return {
      sellers: sellers.map((s) => ({ id: s.id, cookie: sessionCookie(s.sid, secret) })),
      hot: { http: hotHttp!, sql: hotSql! },
      spread: { http: rest.slice(0, options.requests), sql: rest.slice(options.requests) },
    };
  } finally {
    await db.end();
  }
}

// ---- HTTP: 32 clients quoting ---------------------------------------------------------------------------------

interface QuoteStats {
  side: 'HTTP' | 'pgbench';
  accepted: number;
  rejected: number;
  errors: number;
  seconds: number;
  quotesPerSecond: number;
  /** Latency of accepted quotes (HTTP: request to response; pgbench: transaction). */
  latency: Latencies;
  /** The machine's 1-minute load average at the end of the run (other work on the machine skews the figures). */
  load: number;
  /** CPU time per accepted quote (ms) of the server process and of PostgreSQL; the load generators are not counted. */
  cpu: CpuPer;
}

let stack: Stack | undefined;

const money = (cents: number) => (cents / 100).toFixed(2);
const centsOf = (text: string) => Math.round(Number(text) * 100);

/**
 * Each request quotes the request's current maximum as far as the clients know it: the lowest of the last
 * answer's maximumQuote, a 400's "Maximum quote is X" and the last amount sent minus one decrement (so the
 * 32 clients of one request send decreasing amounts instead of 32 copies of the same one).
 */
async function httpQuotes(baseUrl: string, requestIds: string[], sellers: Data['sellers'], next: Map<string, number>, duration: number): Promise<QuoteStats> {
  const { accepted, rejected, errors, cpu } = await raceAmounts({
    baseUrl,
    clients: options.clients,
    duration,
    ids: requestIds,
    users: sellers,
    next,
    step: -DECREMENT_CENTS,
    path: (requestId) => `/api/reverse-auctions/${requestId}/bids`,
    body: (amount) => JSON.stringify({ bidAmount: money(amount) }),
    answered: (status, body) => {
      const answer = JSON.parse(body) as { reverseAuction?: { maximumQuote?: string | null }; message?: string };
      // A 201 names the new maximum; a 400 says "Maximum quote is X".
      const maximum = status === 201 ? answer.reverseAuction?.maximumQuote : /Maximum quote is ([\d.]+)/.exec(answer.message ?? '')?.[1];
      return maximum ? centsOf(maximum) : undefined;
    },
    pick: Math.min,
    label: 'HTTP quotes',
    stack,
  });
  return {
    side: 'HTTP',
    accepted: accepted.length,
    rejected,
    errors,
    seconds: duration,
    quotesPerSecond: accepted.length / duration,
    latency: latencies(accepted),
    load: loadavg()[0]!,
    cpu,
  };
}

/** A warm-up run, then the measured one; each request's next amount carries over. */
async function httpSide(baseUrl: string, requestIds: string[], sellers: Data['sellers']): Promise<QuoteStats> {
  const next = new Map<string, number>(requestIds.map((id) => [id, BUDGET_CENTS]));
  await httpQuotes(baseUrl, requestIds, sellers, next, options.warmup);
  return httpQuotes(baseUrl, requestIds, sellers, next, options.duration);
}

// ---- pgbench: the same transaction --------------------------------------------------------------------------

async function pgbenchSide(databaseUrl: string, requestIds: string[]): Promise<QuoteStats> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('truncate bench_request_ids');
  await db.query(`insert into bench_request_ids select i, id from unnest($1::uuid[]) with ordinality as t(id, i)`, [requestIds]);
  await db.end();
  const { tps, failed, times, cpu } = pgbenchMeasured(
    {
      pgbench: options.pgbench,
      databaseUrl,
      script: path.join(here, 'quote.pgbench.sql'),
      defines: [`requests=${requestIds.length}`, `sellers=${options.sellers}`],
      clients: options.clients,
      cwd: here,
    },
    options.warmup,
    options.duration,
    { dir: path.join(options.dataDir, 'pgbench-log'), prefix: 'quote' },
    stack,
  );
  return {
    side: 'pgbench',
    accepted: times.length,
    rejected: 0,
    errors: failed,
    seconds: options.duration,
    quotesPerSecond: tps,
    latency: latencies(times),
    load: loadavg()[0]!,
    cpu,
  };
}

/** After a run: the request rows still say what their quotes say (lowest quote and count), as under any load. */
async function checkInvariants(databaseUrl: string, requestIds: string[]): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from reverse_auctions r
        where r.id = any($1::uuid[])
          and (r.total_bids <> (select count(*) from reverse_auction_bids b where b.reverse_auction_id = r.id)
               or r.current_lowest_bid is distinct from (select min(bid_amount) from reverse_auction_bids b where b.reverse_auction_id = r.id))`,
      [requestIds],
    );
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

// ---- report -------------------------------------------------------------------------------------------------

interface Row {
  name: string;
  http?: QuoteStats;
  sql?: QuoteStats;
  target: number;
  broken: number;
}

function quoteTable(rows: Row[]): string {
  const lines = [
    '| scenario | HTTP quotes/s | HTTP p50 | HTTP p95 | HTTP p99 | 400 too high | errors | pgbench TPS | pgbench p50 | pgbench p95 | pgbench p99 | HTTP/pgbench | target | load HTTP/pgbench | CPU ms/quote HTTP (server + PG) | CPU ms/quote pgbench (PG) | rows off |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, http, sql, target, broken } of rows) {
    lines.push(
      `| ${name} | ${fmt(http?.quotesPerSecond ?? NaN, 0)} | ${fmt(http?.latency.p50 ?? NaN)} | ${fmt(http?.latency.p95 ?? NaN)} | ` +
        `${fmt(http?.latency.p99 ?? NaN)} | ${http?.rejected ?? '-'} | ${(http?.errors ?? 0) + (sql?.errors ?? 0)} | ` +
        `${fmt(sql?.quotesPerSecond ?? NaN, 0)} | ${fmt(sql?.latency.p50 ?? NaN)} | ${fmt(sql?.latency.p95 ?? NaN)} | ${fmt(sql?.latency.p99 ?? NaN)} | ` +
        `${http && sql ? `${fmt((100 * http.quotesPerSecond) / sql.quotesPerSecond, 0)} %` : '-'} | ≥ ${target} % | ` +
        `${fmt(http?.load ?? NaN)} / ${fmt(sql?.load ?? NaN)} | ${fmt(http?.cpu.server ?? NaN, 2)} + ${fmt(http?.cpu.postgres ?? NaN, 2)} | ` +
        `${fmt(sql?.cpu.postgres ?? NaN, 2)} | ${broken} |`,
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
    database: 'pitlane_bench_reverse',
    databaseUrl: options.databaseUrl,
    url: options.url,
    source: options.source,
    worker: true,
    prepare: async (databaseUrl) => {
      data = await loadData(databaseUrl, stackSecret);
    },
  });
  try {
    const { baseUrl, databaseUrl } = stack;
    const loaded = data!;
    console.log(
      `\n${options.clients} clients; ${options.warmup} s warm-up + ${options.duration} s per run; ${loaded.sellers.length} sellers; latencies in ms\n`,
    );
    const rows: Row[] = [];
    const scenario = async (name: string, target: number, httpIds: string[], sqlIds: string[]) => {
      const http = await httpSide(baseUrl, httpIds, loaded.sellers);
      const sql = await pgbenchSide(databaseUrl, sqlIds);
      const broken = await checkInvariants(databaseUrl, [...httpIds, ...sqlIds]);
      rows.push({ name, http, sql, target, broken });
      console.log(
        `${name}: HTTP ${fmt(http.quotesPerSecond, 0)} quotes/s p99 ${fmt(http.latency.p99)} ms; pgbench ${fmt(sql.quotesPerSecond, 0)} TPS; ` +
          `ratio ${fmt((100 * http.quotesPerSecond) / sql.quotesPerSecond, 0)} %`,
      );
    };
    if (runs('hot')) await scenario('one hot request', 70, [loaded.hot.http], [loaded.hot.sql]);
    if (runs('spread')) await scenario(`spread over ${options.requests} requests`, 50, loaded.spread.http, loaded.spread.sql);
    const report = quoteTable(rows);
    console.log(`\n${report}\n`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, rows }, null, 2));
    if (rows.some((r) => (r.http?.errors ?? 0) + (r.sql?.errors ?? 0) > 0 || r.broken > 0)) process.exitCode = 1;
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
