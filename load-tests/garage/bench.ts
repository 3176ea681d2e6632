// Garage benchmark (issue 20), three targets:
//   match   one newly approved part against --alerts active alerts (100,000): p95 < 20 ms. The service's own
//           statement (MATCH_SQL with matchParams, alert-matching.service.ts) over pg, one part at a time, for
//           --samples public parts of the generated catalog;
//   digest  the daily digest for --digest-users users (50,000) with unmailed matches of daily alerts runs to the
//           end in < 5 minutes: AlertMailService.sendDigests() in this process, on a runtime booted against the
//           bench database with a clock at an hour every user is due (the mails are queued, as in production);
//   search  GET /api/parts with fitsVehicle over the --parts (100,000) generated parts: p95 within 1.5 times the
//           same searches without it, at --connections clients for --duration seconds each, through HTTP.
//
//   npm run bench:garage -- [--alerts 100000] [--digest-users 50000] [--parts 100000] [--samples 500]
//                           [--duration 15] [--warmup 3] [--connections 8] [--only match,digest,search]
//                           [--reset] [--source] [--json out.json] [--data-dir /tmp/bench-garage --pg-port 54498]
//
// Small runs for a check: `npm run bench:garage -- --alerts 2000 --digest-users 500 --parts 2000 --duration 3 --source`.
// Starts its own embedded PostgreSQL (loopback only), migrates, seeds, loads the generated catalog (kept between
// runs) and the garage data (again from scratch on every run), starts `pitlane serve` (WORKER=off), exits by itself.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { RequestContext } from '@mikro-orm/postgresql';
import { closedLoop, httpGet, sessionCookie as signedCookie } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, type Latencies, type Stack } from '../lib/stack.js';
import { generateParts } from '../catalog/generate-parts.js';
import { MAKES } from '../catalog/catalog-data.js';
import { TEXT_QUERIES } from '../catalog/queries.js';
import { MATCH_SQL, matchParams, type MatchItem } from '../../src/modules/garage/alert-matching.sql.js';
import type { PartDto } from '../../src/modules/catalog/index.js';

const options = {
  alerts: Number(argValue('--alerts') ?? 100_000),
  digestUsers: Number(argValue('--digest-users') ?? 50_000),
  parts: Number(argValue('--parts') ?? 100_000),
  samples: Number(argValue('--samples') ?? 500),
  duration: Number(argValue('--duration') ?? 15),
  warmup: Number(argValue('--warmup') ?? 3),
  connections: Number(argValue('--connections') ?? 8),
  only: new Set((argValue('--only') ?? 'match,digest,search').split(',')),
  dataDir: argValue('--data-dir') ?? '/tmp/bench-garage',
  pgPort: Number(argValue('--pg-port') ?? 54498),
  source: process.argv.includes('--source'),
  /** Regenerates the catalog (needed when --parts grows). */
  reset: process.argv.includes('--reset'),
  json: argValue('--json'),
};

const TARGETS = { matchP95Ms: 20, digestSeconds: 300, searchRatio: 1.5 };
/** The bench's users' e-mails end with this (removed and loaded again on every run). */
const DOMAIN = 'garage.loadtest.invalid';
const CATEGORIES = ['engine', 'brakes', 'suspension', 'electrical', 'body', 'interior', 'wheels', 'intake', 'exhaust', 'drivetrain'];
const CONDITIONS = ['new-in-box', 'new-out-of-box', 'used-excellent', 'used-good', 'used-poor', 'rebuilt', 'for-parts'];
const KEYWORDS = ['weber', 'bosch', 'nos', 'original', 'rebuilt', 'caliper', 'pump', 'gauge', 'seat', 'wheel', 'headlight', 'carburetor'];

/** A small seeded generator, so every run loads the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

let vehicleId = '';
let benchUserId = '';

/**
 * The garage data: --alerts alerts over 1,000 users (95 % with a make, half of those with a model and most of
 * those with years, 80 % with a category, some with conditions, a price limit, keywords; 10 % paused), and --digest-users users each with a daily alert and two
 * unmailed matches; a vehicle for the search scenario's user.
 */
async function prepare(databaseUrl: string): Promise<void> {
  const started = performance.now();
  await generateParts({ databaseUrl, count: options.parts, reset: options.reset });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const mine = `select id from users where email like '%@${DOMAIN}'`;
    await db.query(`delete from alert_notifications where user_id in (${mine})`);
    await db.query(`delete from part_alerts where user_id in (${mine})`);
    await db.query(`delete from garage_alert_settings where user_id in (${mine})`);
    await db.query(`delete from buyer_garage where user_id in (${mine})`);
    await db.query(`delete from sessions where sess->>'userId' in (select id::text from users where email like '%@${DOMAIN}')`);
    await db.query(`delete from users where email like '%@${DOMAIN}'`);
    const alertUsers = 1000;
    const users = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified)
         select 'garage_bench_' || i, 'garage_bench_' || i || '@${DOMAIN}', '!no-login', 'Bench', 'User ' || i, true
           from generate_series(1, $1::int) i order by i returning id`,
        [alertUsers + options.digestUsers],
      )
    ).rows.map((r) => r.id);
    benchUserId = users[0]!;
    const r = rng(20);
    const alerts: unknown[] = [];
    for (let i = 0; i < options.alerts; i++) {
      const mk = r.next() < 0.95 ? r.pick(MAKES.filter((m) => m.make !== 'other')) : null;
      const model = mk && r.next() < 0.5 ? r.pick(mk.models) : null;
      const from = model && r.next() < 0.6 ? r.int(model.from, model.to) : null;
      alerts.push({
        user_id: users[i % alertUsers],
        alert_name: `Bench alert ${i}`,
        make: mk?.make ?? null,
        model: model?.name ?? null,
        year_start: from,
        year_end: from === null ? null : Math.min(from + r.int(0, 6), 2030),
        category: r.next() < 0.8 ? r.pick(CATEGORIES) : null,
        condition: r.next() < 0.3 ? [r.pick(CONDITIONS), r.pick(CONDITIONS)] : [],
        max_price: r.next() < 0.4 ? r.int(50, 5000) : null,
        keywords: r.next() < 0.25 ? [r.pick(KEYWORDS)] : [],
        is_active: r.next() >= 0.1,
        frequency: r.next() < 0.5 ? 'instant' : 'daily',
      });
    }
    for (let i = 0; i < alerts.length; i += 10_000) {
      await db.query(
        `insert into part_alerts (user_id, alert_name, make, model, year_start, year_end, category, condition, max_price, keywords, is_active, frequency)
         select user_id, alert_name, make, model, year_start, year_end, category, condition, max_price, keywords, is_active, frequency
           from jsonb_to_recordset($1::jsonb) as a(user_id uuid, alert_name text, make text, model text, year_start int, year_end int,
             category text, condition text[], max_price numeric, keywords text[], is_active boolean, frequency text)`,
        [JSON.stringify(alerts.slice(i, i + 10_000))],
      );
    }
    // The digest's users: a daily alert each, two unmailed matches, settings due at any hour (digest hour 0, zones spread).
    const zones = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney'];
    const digestUsers = users.slice(alertUsers);
    if (digestUsers.length) {
      await db.query(
        `insert into garage_alert_settings (user_id, time_zone, digest_hour)
         select u, ($2::text[])[1 + (n % array_length($2::text[], 1))], 0 from unnest($1::uuid[]) with ordinality as x(u, n)`,
        [digestUsers, zones],
      );
      await db.query(
        // Make 'ac' (seeded, never generated): these alerts are no candidates of the match scenario's parts.
        `insert into part_alerts (user_id, alert_name, make, frequency) select u, 'Daily bench alert', 'ac', 'daily' from unnest($1::uuid[]) u`,
        [digestUsers],
      );
      const parts = (await db.query<{ id: string; title: string }>(`select id, title from parts where is_approved and is_active limit 200`)).rows;
      await db.query(
        `insert into alert_notifications (user_id, alert_id, notification_type, title, message, link, related_item_id, related_item_type, dedupe_key)
         select a.user_id, a.id, 'alert_match', 'New match for "Daily bench alert"', p.title || ': $100.00', '/parts/' || p.id, p.id, 'part',
                'alert:' || a.id || ':' || p.id
           from part_alerts a
           cross join lateral (select (x->>'id')::uuid as id, x->>'title' as title
                                 from jsonb_array_elements($2::jsonb) x offset (abs(hashtext(a.id::text)) % 190) limit 2) p
          where a.user_id = any($1::uuid[])`,
        [digestUsers, JSON.stringify(parts)],
      );
    }
    // The search scenario's user and vehicle: a Porsche 911 of 1965-1998 (many parts fit it).
    await db.query(`insert into garage_alert_settings (user_id) values ($1) on conflict do nothing`, [benchUserId]);
    vehicleId = (
      await db.query<{ id: string }>(
        `insert into buyer_garage (user_id, vehicle_name, make, model, year_start, year_end) values ($1, '1973 Porsche 911', 'porsche', '911', 1973, 1973) returning id`,
        [benchUserId],
      )
    ).rows[0]!.id;
    await db.query('commit');
    await db.query('analyze part_alerts; analyze alert_notifications; analyze garage_alert_settings; analyze buyer_garage');
    console.log(`garage data: ${options.alerts} alerts, ${options.digestUsers} digest users (${Math.round((performance.now() - started) / 1000)} s with the catalog)`);
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
}

/** Public parts of the catalog with their vehicle entries, as MatchItems (the facts matching reads). */
async function sampleItems(databaseUrl: string): Promise<MatchItem[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = (
      await db.query<{ id: string; title: string; description: string; price: string; make: string; model: string | null; category: string; condition: string; part_number: string | null; year_start: number | null; year_end: number | null; seller_id: string; fitments: { make: string; model: string; yearStart: number | null; yearEnd: number | null }[] }>(
        `select p.id, p.title, p.description, p.price::text, p.make, p.model, p.category, p.condition, p.part_number, p.year_start, p.year_end, p.seller_id,
                coalesce((select json_agg(json_build_object('make', f.make, 'model', f.model, 'yearStart', f.year_start, 'yearEnd', f.year_end))
                            from part_fitments f where f.part_id = p.id), '[]') as fitments
           from parts p where p.is_approved and p.is_active order by md5(p.id::text) limit $1`,
        [options.samples],
      )
    ).rows;
    return rows.map((p) => {
      const part = {
        id: p.id, title: p.title, description: p.description, price: p.price, make: p.make, model: p.model, category: p.category,
        condition: p.condition, partNumber: p.part_number, yearStart: p.year_start, yearEnd: p.year_end, sellerId: p.seller_id,
        vehicleCompatibility: p.fitments,
      } as unknown as PartDto;
      const [whole, cents = '00'] = p.price.split('.');
      return { kind: 'part', id: p.id, title: p.title, priceCents: Number(whole) * 100 + Number(cents.padEnd(2, '0')), sellerId: p.seller_id, part };
    });
  } finally {
    await db.end();
  }
}

async function benchMatch(databaseUrl: string) {
  const items = await sampleItems(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // The service's statement with its `?` placeholders as pg's $n.
  let n = 0;
  const sql = MATCH_SQL.replace(/\?/g, () => `$${++n}`);
  try {
    for (const item of items.slice(0, 20)) await db.query(sql, matchParams(item)); // warm-up
    const times: number[] = [];
    const matches: number[] = [];
    for (const item of items) {
      const started = performance.now();
      const res = await db.query(sql, matchParams(item));
      times.push(performance.now() - started);
      matches.push(res.rowCount ?? 0);
    }
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`, matchParams(items[0]!))).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    const sorted = [...matches].sort((a, b) => a - b);
    return { latency: latencies(times), samples: items.length, matchesMedian: sorted[Math.floor(sorted.length / 2)] ?? 0, matchesMax: sorted.at(-1) ?? 0, plan };
  } finally {
    await db.end();
  }
}

/** A runtime of the app booted in this process against the bench database, with a clock at 23:30 UTC today. */
async function bootRuntime(databaseUrl: string) {
  // Imported here: booting the runtime loads every module (only these scenarios need it).
  const { loadConfig } = await import('../../src/platform/config.js');
  const { ManualClock } = await import('../../src/platform/clock.js');
  const { createLogger } = await import('../../src/platform/logger.js');
  const { boot } = await import('../../src/platform/runtime.js');
  const { modules } = await import('../../src/modules.js');
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: path.join(options.dataDir, 'digest'), SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  // 23:30 UTC: past hour 0 in every zone of the data, and the local day is the same all run long.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 23.5 * 3_600_000));
  return boot(config, modules, { databaseUrl, clock, logger: createLogger('warn') });
}

/**
 * The whole match of the event's task, for orientation beside the statement's figure: the statement, the new
 * matches' notifications in one statement (recordManyOnce, pushed live after the commit), the alerts' counters
 * and the instant mail jobs.
 */
async function benchMatchStored(databaseUrl: string, count: number) {
  const { AlertMatchingService } = await import('../../src/modules/garage/alert-matching.service.js');
  const items = (await sampleItems(databaseUrl)).slice(0, count);
  const rt = await bootRuntime(databaseUrl);
  try {
    const service = rt.container.get(AlertMatchingService);
    const times: number[] = [];
    let stored = 0;
    for (const item of items) {
      const started = performance.now();
      stored += await RequestContext.create(rt.orm.em, () => service.match(item));
      times.push(performance.now() - started);
    }
    return { latency: latencies(times), parts: items.length, stored };
  } finally {
    await rt.close();
  }
}

async function benchDigest(databaseUrl: string) {
  const { AlertMailService } = await import('../../src/modules/garage/alert-mail.service.js');
  const rt = await bootRuntime(databaseUrl);
  try {
    const service = rt.container.get(AlertMailService);
    const started = performance.now();
    const mailed = await RequestContext.create(rt.orm.em, () => service.sendDigests());
    const seconds = (performance.now() - started) / 1000;
    const again = await RequestContext.create(rt.orm.em, () => service.sendDigests());
    return { users: options.digestUsers, mailed, seconds, secondRunMailed: again };
  } finally {
    await rt.close();
  }
}

/** A signed session cookie for `userId` (as express-session signs it), stored in the sessions table. */
async function sessionCookie(databaseUrl: string, secret: string, userId: string): Promise<string> {
  const sid = randomBytes(18).toString('base64url');
  const expires = new Date(Date.now() + 3_600_000);
  const sess = { cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [sid, JSON.stringify(sess), expires]);
  await db.end();
  return signedCookie(sid, secret);
}

interface HttpResult {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  latency: Latencies;
}

/** `paths` in turn from `options.connections` clients, warm-up first. */
async function runHttp(name: string, stack: Stack, cookie: string, paths: string[]): Promise<HttpResult> {
  const { values, errors, seconds } = await closedLoop(
    { name, clients: options.connections, warmup: options.warmup, duration: options.duration },
    async (agent, i) => {
      const p = paths[i % paths.length]!;
      const res = await httpGet(agent, `${stack.baseUrl}${p}`, { Cookie: cookie }).catch(() => ({ status: 0, body: '' }));
      if (res.status !== 200) throw new Error(`${p} answered ${res.status} ${res.body.slice(0, 200)}`);
    },
  );
  return { name, requests: values.length, errors, rps: values.length / seconds, latency: latencies(values) };
}

async function benchSearch(stack: Stack) {
  const cookie = await sessionCookie(stack.databaseUrl, stack.sessionSecret, benchUserId);
  // The same searches with and without the filter: browsing newest first, a category, and text searches.
  const base = ['/api/parts?limit=24', '/api/parts?limit=24&category=engine', '/api/parts?limit=24&category=brakes', ...TEXT_QUERIES.slice(0, 6).map((q) => `/api/parts?limit=24&q=${encodeURIComponent(q)}`)];
  const check = await httpGet(new http.Agent(), `${stack.baseUrl}/api/parts?limit=24&fitsVehicle=${vehicleId}`, { Cookie: cookie });
  if (check.status !== 200) throw new Error(`fitsVehicle search answered ${check.status}: ${check.body.slice(0, 200)}`);
  const without = await runHttp('search without fitsVehicle', stack, cookie, base);
  const withFilter = await runHttp('search with fitsVehicle', stack, cookie, base.map((p) => `${p}&fitsVehicle=${vehicleId}`));
  return { without, withFilter, ratio: withFilter.latency.p95 / without.latency.p95, fitting: (JSON.parse(check.body) as unknown[]).length };
}

async function main() {
  const stack = await startStack({
    dataDir: options.dataDir,
    pgPort: options.pgPort,
    database: 'pitlane_bench_garage',
    source: options.source,
    worker: false,
    prepare,
  });
  const out: Record<string, unknown> = { options: { ...options, only: [...options.only] }, targets: TARGETS };
  let failed = false;
  try {
    if (options.only.has('match')) {
      const m = await benchMatch(stack.databaseUrl);
      out.match = m;
      const met = m.latency.p95 < TARGETS.matchP95Ms;
      failed ||= !met;
      console.log(`\nmatch: one part against ${options.alerts} alerts, ${m.samples} parts one after the other`);
      console.log(`  p50 ${fmt(m.latency.p50, 2)} ms, p95 ${fmt(m.latency.p95, 2)} ms, p99 ${fmt(m.latency.p99, 2)} ms; matches per part median ${m.matchesMedian}, max ${m.matchesMax}`);
      console.log(`  target p95 < ${TARGETS.matchP95Ms} ms: ${met ? 'met' : 'MISSED'}`);
      console.log(`  plan:\n${m.plan.split('\n').map((l) => `    ${l}`).join('\n')}`);
      const stored = await benchMatchStored(stack.databaseUrl, Math.min(50, options.samples));
      out.matchStored = stored;
      console.log(`match with storing (the event task's work, for orientation): ${stored.parts} parts, ${stored.stored} notifications stored`);
      console.log(`  p50 ${fmt(stored.latency.p50, 1)} ms, p95 ${fmt(stored.latency.p95, 1)} ms, p99 ${fmt(stored.latency.p99, 1)} ms`);
    }
    if (options.only.has('digest')) {
      const d = await benchDigest(stack.databaseUrl);
      out.digest = d;
      // The match scenario's stored notices give a few alert users (daily alerts) unmailed matches too: they are
      // mailed with the digest users, so at least every digest user is mailed, and nobody twice.
      const met = d.seconds < TARGETS.digestSeconds && d.mailed >= d.users && d.secondRunMailed === 0;
      failed ||= !met;
      const others = d.mailed - d.users;
      console.log(
        `\ndigest: ${d.users} users with matches: ${d.mailed} mailed in ${fmt(d.seconds, 1)} s${others > 0 ? ` (${others} of the match scenario's alert users too)` : ''}; a second run mailed ${d.secondRunMailed}`,
      );
      console.log(`  target < ${TARGETS.digestSeconds} s, each user once: ${met ? 'met' : 'MISSED'}`);
    }
    if (options.only.has('search')) {
      const s = await benchSearch(stack);
      out.search = s;
      const met = s.ratio <= TARGETS.searchRatio && s.without.errors + s.withFilter.errors === 0;
      failed ||= !met;
      console.log(`\nsearch over ${options.parts} parts, ${options.connections} clients, ${options.duration} s each (the vehicle fits ${s.fitting}+ parts of the first page)`);
      console.log('| scenario | requests | errors | req/s | p50 ms | p95 ms | p99 ms |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const r of [s.without, s.withFilter]) {
        console.log(`| ${r.name} | ${r.requests} | ${r.errors} | ${fmt(r.rps, 0)} | ${fmt(r.latency.p50, 2)} | ${fmt(r.latency.p95, 2)} | ${fmt(r.latency.p99, 2)} |`);
      }
      console.log(`  p95 ratio ${fmt(s.ratio, 2)}: target <= ${TARGETS.searchRatio} ${met ? 'met' : 'MISSED'}`);
    }
    if (options.json) writeFileSync(options.json, JSON.stringify(out, null, 2));
  } finally {
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
