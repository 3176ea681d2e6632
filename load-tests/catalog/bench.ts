// Catalog benchmark: p50/p95/p99 latency and requests/s of GET /api/parts (text, misspelt text, filters, the
// unfiltered browse) and GET /api/parts/{id} through HTTP, next to the same database work run directly over
// `pg` in the same run, so the API/SQL ratio shows what HTTP, Express and the DTOs add. The SQL side runs the service's own
// statements the way the service runs them (sql.runner.ts, some as named prepared statements): PartSearch (lexicon
// correction, then one page of parts, with their vehicle entries, and the count) and readPartRows (the part
// page's part: READ_PARTS_SQL); category, make and seller names come from the server's in-memory lookups, so they have no SQL
// counterpart once warm.
//
//   npm run bench:catalog -- [--duration 15] [--connections 8] [--count 100000] [--only search-typo,...]
//
// By default it starts its own embedded PostgreSQL (data under /tmp/pitlane-bench, loopback only), migrates,
// seeds, loads the generated catalog (kept between runs), starts the built server (`node bin/pitlane.js
// serve`, WORKER=off, LOG_LEVEL=warn) on a free loopback port, runs every scenario, prints the table and
// exits. `--source` runs the CLI from the TypeScript sources through tsx instead (no build). `--database-url`
// uses an existing database instead (it is migrated and seeded first); `--url` benchmarks a server that is
// already running against that database.
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { preparedRunner, type SqlRunner } from '../../src/platform/db/sql-runner.js';
import { readPartRows } from '../../src/modules/catalog/part-read.sql.js';
import { PartSearch, searchKeys, type SearchFilters } from '../../src/modules/catalog/part-search.sql.js';
import { decodeCursor } from '../../src/modules/catalog/search-keyset.sql.js';
import { deepCursors, referencePage, runWriters, type WriteStats } from './bench-extras.js';
import { KnownWords } from '../../src/modules/catalog/search.words.js';
import { generateParts } from './generate-parts.js';
import { FILTERS, filterQueryString, TEXT_QUERIES, TYPO_QUERIES } from './queries.js';
import { cpuMeter } from '../lib/bench.js';
import { argValue, fmt, percentile, startStack, type Stack } from '../lib/stack.js';

const PAGE_SIZE = 24;

const options = {
  duration: Number(argValue('--duration') ?? 15),
  warmup: Number(argValue('--warmup') ?? 3),
  connections: Number(argValue('--connections') ?? 8),
  count: Number(argValue('--count') ?? 100_000),
  dataDir: argValue('--data-dir') ?? '/tmp/pitlane-bench',
  pgPort: Number(argValue('--pg-port') ?? 54471),
  databaseUrl: argValue('--database-url'),
  url: argValue('--url'),
  only: argValue('--only')?.split(','),
  reset: process.argv.includes('--reset'),
  /** Serve from the TypeScript sources through tsx instead of the build in dist/. */
  source: process.argv.includes('--source'),
  json: argValue('--json'),
};

interface Stats {
  name: string;
  target: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time per request (ms) of the server process and of PostgreSQL, when this run started them (API runs). */
  serverCpu?: number;
  postgresCpu?: number;
  /** The costliest inputs of the run by median latency, when it has labelled inputs (SQL runs of searches). */
  costliest?: Array<{ label: string; p50: number; matches: number }>;
}

function summarize(name: string, target: string, latencies: number[], errors: number, seconds: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    target,
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

// ---- the SQL side: the statements the service runs, over plain pg clients ------------------------------

/** One runner per pg client, as the server has one over its pool: the same named prepared statements. */
const runners = new WeakMap<pg.Client, SqlRunner>();
const runnerOf = (client: pg.Client) => {
  let runner = runners.get(client);
  if (!runner) runners.set(client, (runner = preparedRunner(client)));
  return runner;
};
/** Known lexicon words, remembered across searches as the server's PartService does. */
const knownWords = new KnownWords(() => Date.now());

interface SearchInput {
  q?: string;
  filters?: Omit<SearchFilters, 'visibility'>;
  offset?: number;
  sort?: 'newest' | 'price_asc';
  /** A cursor (keyset paging) instead of the offset. */
  after?: string;
}

/** What GET /api/parts does in the database: typo correction, then one page of parts with the count. */
async function sqlSearch(client: pg.Client, input: SearchInput): Promise<number> {
  const db = runnerOf(client);
  const search = new PartSearch(db, knownWords);
  let prepared = input.q ? await search.prepare(input.q) : null;
  if (prepared && !prepared.text && !prepared.partNumbers.length) prepared = null;
  const filters: SearchFilters = { visibility: 'public', ...input.filters };
  const sort = prepared ? 'relevance' : (input.sort ?? 'newest');
  const after = input.after ? decodeCursor(input.after, searchKeys(sort, prepared !== null)) : null;
  const { total } = await search.results(filters, prepared, sort, { limit: PAGE_SIZE, offset: input.offset ?? 0, after });
  return total;
}

async function sqlDetail(client: pg.Client, id: string): Promise<void> {
  const rows = await readPartRows(runnerOf(client), [id]);
  if (rows.length !== 1) throw new Error(`part ${id} not found`);
}

/**
 * Runs `op` from `options.connections` clients for the run's duration. With `label`, each input's latencies are
 * also kept apart and the three costliest inputs (by median) reported with the number `op` returned (for a
 * search, its matches): at 8 clients a p95 falls on the few costliest searches.
 */
async function runSql(
  name: string,
  op: (client: pg.Client, i: number) => Promise<unknown>,
  databaseUrl: string,
  label?: (i: number) => string,
): Promise<Stats> {
  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let counter = 0;
  const byLabel = new Map<string, { latencies: number[]; result: unknown }>();
  const loop = async (client: pg.Client, until: number, record: number[] | null) => {
    let errors = 0;
    while (performance.now() < until) {
      const started = performance.now();
      const i = counter++;
      try {
        const result = await op(client, i);
        const took = performance.now() - started;
        record?.push(took);
        if (record && label) {
          const key = label(i);
          const entry = byLabel.get(key) ?? { latencies: [], result };
          entry.latencies.push(took);
          byLabel.set(key, entry);
        }
      } catch (error) {
        errors++;
        if (errors === 1) console.error(`${name} (SQL):`, error instanceof Error ? error.message : error);
      }
    }
    return errors;
  };
  const warmUntil = performance.now() + options.warmup * 1000;
  await Promise.all(clients.map((c) => loop(c, warmUntil, null)));
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + options.duration * 1000;
  const errors = (await Promise.all(clients.map((c) => loop(c, until, latencies)))).reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  const costliest = [...byLabel]
    .map(([key, e]) => ({ label: key, p50: percentile([...e.latencies].sort((a, b) => a - b), 50), matches: Number(e.result) }))
    .sort((a, b) => b.p50 - a.p50)
    .slice(0, 3);
  return { ...summarize(name, 'SQL', latencies, errors, seconds), ...(label ? { costliest } : {}) };
}

// ---- the HTTP side ------------------------------------------------------------------------------------

async function runHttp(name: string, stack: Stack, pathFor: (i: number) => string): Promise<Stats> {
  const baseUrl = stack.baseUrl;
  const attack = async (duration: number) => {
    let i = 0;
    const latencies: number[] = [];
    let errors = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: baseUrl,
          connections: options.connections,
          pipelining: 1,
          duration,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFor(i++) }) }],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      // Every response's own latency, so the percentiles are exact (autocannon's summary has no p95).
      instance.on('response', (_client, status, _bytes, time) => {
        if (status === 200) latencies.push(time);
        else errors++;
      });
    });
    return { latencies, errors: errors + result.errors + result.timeouts, seconds: duration };
  };
  await attack(options.warmup);
  // CPU per request, far steadier between runs than requests/s on a shared VM: what a change saves shows here.
  const meter = cpuMeter(stack);
  const run = await attack(options.duration);
  const cpu = meter(run.latencies.length + run.errors);
  return { ...summarize(name, 'API', run.latencies, run.errors, run.seconds), serverCpu: cpu.server, postgresCpu: cpu.postgres };
}

// ---- plumbing -----------------------------------------------------------------------------------------

function printTable(rows: Array<{ api?: Stats; sql?: Stats; name: string }>): string {
  const lines = [
    '| scenario | API p50 | API p95 | API p99 | API req/s | SQL p50 | SQL p95 | SQL p99 | SQL req/s | p95 API/SQL | server CPU/req | PG CPU/req | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, api, sql } of rows) {
    lines.push(
      `| ${name} | ${fmt(api?.p50 ?? NaN)} | ${fmt(api?.p95 ?? NaN)} | ${fmt(api?.p99 ?? NaN)} | ${fmt(api?.rps ?? NaN, 0)} | ` +
        `${fmt(sql?.p50 ?? NaN)} | ${fmt(sql?.p95 ?? NaN)} | ${fmt(sql?.p99 ?? NaN)} | ${fmt(sql?.rps ?? NaN, 0)} | ` +
        `${api && sql ? fmt(api.p95 / sql.p95, 2) : '-'} | ${fmt(api?.serverCpu ?? NaN, 3)} | ${fmt(api?.postgresCpu ?? NaN, 3)} | ` +
        `${(api?.errors ?? 0) + (sql?.errors ?? 0)} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const stack = await startStack({
    dataDir: options.dataDir,
    pgPort: options.pgPort,
    database: 'pitlane_bench',
    databaseUrl: options.databaseUrl,
    url: options.url,
    source: options.source,
    worker: false,
    serverNodeArgs: argValue('--server-node-args')?.split(' ').filter(Boolean),
    prepare: async (databaseUrl) => {
      await generateParts({ databaseUrl, count: options.count, reset: options.reset });
    },
  });
  try {
    const { databaseUrl } = stack;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const ids = (
      await admin.query<{ id: string }>(`select id from parts where is_active and is_approved order by md5(id::text) limit 5000`)
    ).rows.map((r) => r.id);
    const [{ n: publicParts }] = (await admin.query<{ n: number }>(`select count(*)::int as n from parts where is_active and is_approved`)).rows as [{ n: number }];
    // The deep pages of browse-deep, as cursors (browse-keyset): the same offsets, newest first and cheapest first.
    const deepPositions = Array.from({ length: 100 }, (_, i) => ((i * 7919) % 3751) * PAGE_SIZE);
    const cursors = {
      newest: options.only && !options.only.includes('browse-keyset') ? [] : await deepCursors(admin, deepPositions, 'newest'),
      price_asc: options.only && !options.only.includes('browse-keyset') ? [] : await deepCursors(admin, deepPositions, 'price_asc'),
    };
    // Relevance: the API's first page of every benchmark query must be the reference ranking's (bench-extras.ts).
    const relevanceMisses: string[] = [];
    if (!options.only || options.only.some((o) => o.startsWith('search-'))) {
      for (const q of [...TEXT_QUERIES, ...TYPO_QUERIES]) {
        const want = await referencePage(admin, q, PAGE_SIZE);
        // Twice: the second search of a common text takes its first page from the newest parts' table.
        for (const round of ['first', 'second']) {
          const res = await fetch(`${stack.baseUrl}/api/parts?q=${encodeURIComponent(q)}&limit=${PAGE_SIZE}`);
          const got = ((await res.json()) as { id: string }[]).map((p) => p.id);
          if (got.join() !== want.join()) relevanceMisses.push(`"${q}" (${round} search): ${got.filter((id, i) => want[i] !== id).length} of ${want.length} differ`);
        }
      }
      console.log(relevanceMisses.length ? `relevance: first pages differ from the reference: ${relevanceMisses.join('; ')}` : `relevance: the first page of all ${TEXT_QUERIES.length + TYPO_QUERIES.length} queries, searched twice, is the reference ranking's`);
    }
    await admin.end();

    const at = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const deepSort = (i: number) => (i % 2 ? 'price_asc' : 'newest');
    const deepOffset = (i: number) => ((i * 7919) % 3751) * PAGE_SIZE;
    const filterInput = (f: (typeof FILTERS)[number]): SearchInput => ({
      q: f.q,
      filters: {
        category: f.category,
        make: f.make,
        yearFrom: f.yearFrom,
        yearTo: f.yearTo,
        minPriceCents: f.minPrice * 100,
        maxPriceCents: f.maxPrice * 100,
      },
    });
    const scenarios = [
      {
        name: 'search-text',
        http: (i: number) => `/api/parts?q=${encodeURIComponent(at(TEXT_QUERIES, i))}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, { q: at(TEXT_QUERIES, i) }),
        label: (i: number) => at(TEXT_QUERIES, i),
      },
      {
        name: 'search-typo',
        http: (i: number) => `/api/parts?q=${encodeURIComponent(at(TYPO_QUERIES, i))}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, { q: at(TYPO_QUERIES, i) }),
        label: (i: number) => at(TYPO_QUERIES, i),
      },
      {
        name: 'search-filters',
        http: (i: number) => `/api/parts?${filterQueryString(at(FILTERS, i))}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, filterInput(at(FILTERS, i))),
        label: (i: number) => filterQueryString(at(FILTERS, i)),
      },
      {
        // The whole catalog, newest first, with no filter: the home page's Recent Listings and /search with
        // nothing chosen, over the first five pages ("Load More Parts").
        name: 'browse',
        http: (i: number) => `/api/parts?limit=${PAGE_SIZE}&offset=${(i % 5) * PAGE_SIZE}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, { offset: (i % 5) * PAGE_SIZE }),
      },
      {
        // The same, paged deep (offsets spread up to 90,000), newest first and cheapest first in turn: a crawler.
        name: 'browse-deep',
        http: (i: number) => `/api/parts?sort=${deepSort(i)}&limit=${PAGE_SIZE}&offset=${deepOffset(i)}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, { sort: deepSort(i), offset: deepOffset(i) }),
      },
      {
        // The same deep pages by cursor (keyset paging, what the web app's "Load More Parts" sends).
        name: 'browse-keyset',
        http: (i: number) => `/api/parts?sort=${deepSort(i)}&limit=${PAGE_SIZE}&after=${at(i % 2 ? cursors.price_asc : cursors.newest, i >> 1)}`,
        sql: (c: pg.Client, i: number) => sqlSearch(c, { sort: deepSort(i), after: at(i % 2 ? cursors.price_asc : cursors.newest, i >> 1) }),
      },
      {
        name: 'part-detail',
        http: (i: number) => `/api/parts/${at(ids, i)}`,
        sql: (c: pg.Client, i: number) => sqlDetail(c, at(ids, i)),
      },
      {
        // Issue 35: the fitment evidence of a page of cards, the one batched call a results page makes after its
        // search (the search itself is unchanged); beside search-text, what a page with evidence costs.
        name: 'card-evidence',
        http: (i: number) => `/api/garage/fitment-evidence?partIds=${Array.from({ length: PAGE_SIZE }, (_, k) => at(ids, i * PAGE_SIZE + k)).join(',')}`,
      },
    ].filter((s) => !options.only || options.only.includes(s.name));

    console.log(
      `\n${publicParts} public parts; ${options.connections} concurrent clients; ${options.warmup} s warm-up + ${options.duration} s per run; ` +
        `latencies in ms\n`,
    );
    const rows: Array<{ name: string; api?: Stats; sql?: Stats }> = [];
    for (const s of scenarios) {
      const api = await runHttp(s.name, stack, s.http);
      const sql = 'sql' in s && s.sql ? await runSql(s.name, s.sql, databaseUrl, 'label' in s ? s.label : undefined) : undefined;
      rows.push({ name: s.name, api, sql });
      console.log(
        `${s.name}: API p95 ${fmt(api.p95)} ms, ${fmt(api.rps, 0)} req/s` + (sql ? `; SQL p95 ${fmt(sql.p95)} ms, ${fmt(sql.rps, 0)} req/s` : ''),
      );
      if (sql?.costliest?.length) {
        const list = sql.costliest.map((c) => `"${c.label}" ${fmt(c.p50)} ms (${c.matches} matches)`).join(', ');
        console.log(`  costliest in SQL (median at ${options.connections} clients): ${list}`);
      }
    }
    // Searches while parts are listed, edited and sold (2 writers over pg): the search p95 and how soon a listing is found.
    let writes: WriteStats | undefined;
    if (!options.only || options.only.includes('mixed')) {
      const until = performance.now() + (options.warmup + options.duration) * 1000 + 500;
      const [api, w] = await Promise.all([
        runHttp('mixed', stack, (i) => `/api/parts?q=${encodeURIComponent(at(TEXT_QUERIES, i))}`),
        runWriters(databaseUrl, stack.baseUrl, 2, until),
      ]);
      writes = w;
      rows.push({ name: 'mixed (search-text while writing)', api });
      console.log(
        `mixed: search API p95 ${fmt(api.p95)} ms, ${fmt(api.rps, 0)} req/s; ${w.listed} listed (${fmt(w.perSecond, 1)}/s), ${w.edited} edited, ` +
          `${w.sold} sold; found by search after ${fmt(w.visibleP50)} ms (p50), ${fmt(w.visibleP95)} ms (p95), ${fmt(w.visibleMax)} ms (max), ${w.notFound} not within 1 s`,
      );
    }
    const table = printTable(rows);
    console.log(`\n${table}\n`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, publicParts, rows, writes, relevanceMisses }, null, 2));
    const failed = rows.some((r) => (r.api?.errors ?? 0) + (r.sql?.errors ?? 0) > 0) || relevanceMisses.length > 0 || (writes?.notFound ?? 0) > 0;
    if (failed) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
