// Featured benchmark (issue 21): the home page's two calls together, GET /api/featured-listings?placementType=homepage
// and GET /api/parts?limit=12 (recent listings), at 8 clients (target p95 < 15 ms for the pair), next to the bare
// part page GET /api/parts/{id} and the featured call alone, in the same run on the same server.
//
//   npm run bench:featured -- [--duration 15] [--warmup 3] [--connections 8] [--parts 5000] [--source] [--json out.json]
//                             [--data-dir /tmp/bench-featured --pg-port 54497]
//
// Starts its own embedded PostgreSQL (loopback only), migrates, seeds, loads a seller with `--parts` approved
// parts, the home page's 12 placements (2 auctions are not needed: the slots hold parts) and a category's 8,
// starts `pitlane serve` (WORKER=off) and exits by itself. Each client runs one scenario's requests back to back
// over keep-alive connections; the home page's pair is sent together and timed until both answers are read, as a
// browser loading the page waits for both.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { closedLoop, httpGet } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, type Latencies, type Stack } from '../lib/stack.js';

const options = {
  duration: Number(argValue('--duration') ?? 15),
  warmup: Number(argValue('--warmup') ?? 3),
  connections: Number(argValue('--connections') ?? 8),
  parts: Number(argValue('--parts') ?? 5000),
  dataDir: argValue('--data-dir') ?? '/tmp/bench-featured',
  pgPort: Number(argValue('--pg-port') ?? 54497),
  source: process.argv.includes('--source'),
  json: argValue('--json'),
};

/** The target of the home page's pair (issue 21). */
const TARGET_P95_MS = 15;
const SELLER = 'featured_bench_seller';

let partIds: string[] = [];
let categoryId = '';

/** Loads the bench seller, its parts and the placements (again from scratch on every run). */
async function prepare(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(`delete from featured_listings where created_by = (select id from users where username = $1)`, [SELLER]);
    await db.query(`delete from parts where seller_id = (select id from users where username = $1)`, [SELLER]);
    await db.query(`delete from users where username = $1`, [SELLER]);
    const [seller] = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, role)
         values ($1, $2, 'not-a-hash', 'Bench', 'Seller', true, 'seller') returning id`,
        [SELLER, `${SELLER}@featured.loadtest.invalid`],
      )
    ).rows;
    const [category] = (await db.query<{ id: string; slug: string }>(`select id, slug from categories order by name limit 1`)).rows;
    const [make] = (await db.query<{ slug: string }>(`select slug from makes order by name limit 1`)).rows;
    categoryId = category!.id;
    partIds = (
      await db.query<{ id: string }>(
        `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, is_active, approved_at, created_at)
         select 'Bench part ' || i, 'A part of the featured benchmark, number ' || i, 100 + i % 900, $2, $3, 'used-good', 'Austin, TX', $1,
                json_build_array(json_build_object('url', 'https://img.example.com/bench.jpg', 'altText', 'Bench part ' || i, 'isPrimary', true)),
                true, true, now(), now() - make_interval(secs => i)
           from generate_series(1, $4::int) as i order by i returning id`,
        [seller!.id, category!.slug, make!.slug, options.parts],
      )
    ).rows.map((r) => r.id);
    // The home page's 12 slots and the category's 8, live for a month.
    await db.query(
      `insert into featured_listings (listing_type, part_id, position, placement_type, category_id, start_date, end_date, price, created_by)
       select 'part', ($1::uuid[])[p], p, 'homepage', null, now() - interval '1 day', now() + interval '30 days', 100, $2::uuid from generate_series(1, 12) as p
       union all
       select 'part', ($1::uuid[])[12 + p], p, 'category', $3::uuid, now() - interval '1 day', now() + interval '30 days', 45, $2::uuid from generate_series(1, 8) as p`,
      [partIds.slice(0, 20), seller!.id, categoryId],
    );
    await db.query('commit');
    await db.query('analyze parts; analyze featured_listings');
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  latency: Latencies;
  serverCpuMs?: number;
  postgresCpuMs?: number;
}

/** Runs `once` from `options.connections` clients back to back, for the warm-up and then the measured duration. */
async function run(name: string, stack: Stack, once: (agent: http.Agent, i: number) => Promise<void>): Promise<Result> {
  const { values, errors, seconds, cpu } = await closedLoop(
    { name, clients: options.connections, warmup: options.warmup, duration: options.duration, stack },
    once,
  );
  return {
    name,
    requests: values.length,
    errors,
    rps: values.length / seconds,
    latency: latencies(values),
    serverCpuMs: cpu?.server,
    postgresCpuMs: cpu?.postgres,
  };
}

/** One GET that must answer 200 with a JSON array (of `atLeast` items). */
async function getArray(agent: http.Agent, baseUrl: string, path: string, atLeast = 0): Promise<void> {
  const res = await httpGet(agent, `${baseUrl}${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const body = JSON.parse(res.body) as unknown;
  if (!Array.isArray(body) || body.length < atLeast) throw new Error(`${path}: expected at least ${atLeast} items`);
}

async function getOk(agent: http.Agent, baseUrl: string, path: string): Promise<void> {
  const res = await httpGet(agent, `${baseUrl}${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
}

async function main() {
  const stack = await startStack({
    dataDir: options.dataDir,
    pgPort: options.pgPort,
    database: 'pitlane_bench_featured',
    source: options.source,
    worker: false,
    prepare,
  });
  try {
    const base = stack.baseUrl;
    const home = '/api/featured-listings?placementType=homepage';
    const recent = '/api/parts?limit=12';
    // Checked once before measuring: the home page answers its 12 slots.
    const check = new http.Agent({ keepAlive: true });
    await getArray(check, base, home, 12);
    await getArray(check, base, `/api/featured-listings?placementType=category&categoryId=${categoryId}`, 8);
    check.destroy();

    const results: Result[] = [];
    results.push(await run('part page GET /api/parts/{id}', stack, (agent, i) => getOk(agent, base, `/api/parts/${partIds[20 + (i % (partIds.length - 20))]}`)));
    results.push(await run('home page: featured + recent listings, together', stack, (agent) => Promise.all([getArray(agent, base, home, 12), getArray(agent, base, recent, 12)]).then(() => undefined)));
    results.push(await run('featured GET /api/featured-listings (home)', stack, (agent) => getArray(agent, base, home, 12)));
    results.push(await run('recent listings GET /api/parts?limit=12', stack, (agent) => getArray(agent, base, recent, 12)));

    console.log(`\n${options.connections} clients, ${options.duration} s each after ${options.warmup} s of warm-up, ${options.parts} parts\n`);
    console.log('| scenario | requests | errors | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.requests} | ${r.errors} | ${fmt(r.rps, 0)} | ${fmt(r.latency.p50, 2)} | ${fmt(r.latency.p95, 2)} | ${fmt(r.latency.p99, 2)} | ${fmt(r.serverCpuMs ?? NaN, 3)} | ${fmt(r.postgresCpuMs ?? NaN, 3)} |`,
      );
    }
    const pair = results[1]!;
    const met = pair.errors === 0 && pair.latency.p95 < TARGET_P95_MS;
    console.log(`\nhome page pair p95 ${fmt(pair.latency.p95, 2)} ms: target < ${TARGET_P95_MS} ms ${met ? 'met' : 'MISSED'}`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, results, targetP95Ms: TARGET_P95_MS, met }, null, 2));
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
