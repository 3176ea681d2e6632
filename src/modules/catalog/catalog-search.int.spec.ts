import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { approveSeller } from '../../../test/sellers.fixtures.js';
import { preparedRunner, type SqlRunner } from '../../platform/db/sql-runner.js';
import { seedCatalog } from './catalog.seed.js';
import { PartRowBatcher } from './part.reader.js';
import { READ_PART_PAGE_SQL, READ_PARTS_SQL, readPartPageRows, readPartRows } from './part-read.sql.js';
import { PartSearch } from './part-search.sql.js';
import { KnownWords } from './search.words.js';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: { agent: Agent; id: string };
const ids: Record<string, string> = {};

interface Listing {
  key: string;
  title: string;
  description: string;
  category: string;
  make: string;
  model?: string;
  yearStart?: number;
  yearEnd?: number;
  partNumber?: string;
  price: number;
  condition?: string;
  approved?: boolean;
}

const LISTINGS: Listing[] = [
  { key: 'porscheClutch', title: 'Porsche 911 Clutch Kit', description: 'Sachs clutch disc, pressure plate and release bearing.', category: 'drivetrain', make: 'porsche', model: '911', yearStart: 1965, yearEnd: 1989, partNumber: '911-116-011-00', price: 899 },
  { key: 'waterPump', title: '289 Water Pump', description: 'New cast iron pump for the small block V8.', category: 'engine', make: 'ford', model: 'Mustang', yearStart: 1964, yearEnd: 1968, price: 120, condition: 'new-in-box' },
  { key: 'masterCylinder', title: 'Brake Master Cylinder', description: 'Dual reservoir master cylinder, rebuilt.', category: 'brakes', make: 'chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1969, partNumber: 'MC-39012', price: 150, condition: 'rebuilt' },
  { key: 'porscheRotors', title: 'Porsche 911 Front Brake Rotors', description: 'Pair of vented rotors.', category: 'brakes', make: 'porsche', model: '911', yearStart: 1974, yearEnd: 1989, price: 300 },
  { key: 'quarterPanel', title: 'Mustang Fastback Quarter Panel', description: 'Left rear quarter, steel.', category: 'body', make: 'ford', model: 'Mustang', yearStart: 1967, yearEnd: 1968, price: 450 },
  { key: 'pressurePlate', title: 'Clutch Pressure Plate', description: 'Heavy duty 10.5 inch pressure plate.', category: 'drivetrain', make: 'ford', model: 'Mustang', yearStart: 1965, yearEnd: 1973, price: 95 },
  { key: 'weber', title: 'Weber 40 DCOE Carburetor', description: 'Sidedraft carburetor, freshly rebuilt.', category: 'intake', make: 'alfa-romeo', price: 600 },
  { key: 'gasket', title: 'Valve Cover Gasket Set', description: 'Cork gaskets; pairs well with any clutch upgrade.', category: 'engine', make: 'ford', model: 'Mustang', yearStart: 1965, yearEnd: 1970, price: 25 },
  { key: 'hiddenClutch', title: 'Porsche 911 Clutch Kit Deluxe', description: 'Pending review.', category: 'drivetrain', make: 'porsche', model: '911', yearStart: 1965, yearEnd: 1989, price: 999, approved: false },
];

const search = async (query: Record<string, unknown>, agent: Agent = t.agent() as Agent) => {
  const res = await agent.get('/api/parts').query(query).expect(200);
  expect(Array.isArray(res.body)).toBe(true);
  const corrected = res.headers['x-corrected-query'] as string | undefined;
  return {
    parts: res.body as { id: string; title: string; price: string }[],
    total: Number(res.headers['x-total-count']),
    correctedQuery: corrected === undefined ? null : decodeURIComponent(corrected),
  };
};
const keysOf = (parts: { id: string }[]) => parts.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? p.id);

/** How often a connection's prepared statement (picked by `where` over pg_prepared_statements) was planned generic and custom. */
async function planCounts(client: pg.PoolClient, where: string, params: unknown[] = []) {
  const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
    `select generic_plans, custom_plans from pg_prepared_statements where ${where}`,
    params,
  );
  expect(rows).toHaveLength(1);
  return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  seller = await signedInBuyer(t, { username: 'search_seller', email: 'search@example.com' });
  await approveSeller(t, seller.agent);
  for (const [i, l] of LISTINGS.entries()) {
    const res = await seller.agent
      .post('/api/parts')
      .send({ ...l, condition: l.condition ?? 'used-good', location: 'Austin, TX', images: [{ url: `https://img.example.com/${i}.jpg`, altText: l.title }] })
      .expect(201);
    ids[l.key] = res.body.id;
    // Distinct, increasing creation times so "newest" has a defined order.
    await t.sql(`update parts set created_at = now() - make_interval(mins => $2) where id = $1`, [res.body.id, 100 - i]);
    if (l.approved !== false) await t.sql('update parts set is_approved = true where id = $1', [res.body.id]);
  }
});
afterAll(async () => t?.close());

describe('search relevance', () => {
  it('finds Porsche 911 clutch kits despite the typo "porshe", ranked first', async () => {
    const res = await search({ q: 'porshe 911 clutch' });
    expect(keysOf(res.parts)[0]).toBe('porscheClutch');
    expect(res.correctedQuery).toBe('porsche 911 clutch');
    expect(keysOf(res.parts)).not.toContain('hiddenClutch');
  });

  it('answers a JSON array, the count in X-Total-Count and the corrected text URI-encoded in X-Corrected-Query', async () => {
    const res = await t.agent().get('/api/parts').query({ q: 'porshe 911 clutch' }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(res.body.length));
    expect(res.headers['x-corrected-query']).toBe('porsche%20911%20clutch');
    expect(res.headers['access-control-expose-headers']).toBe('X-Total-Count, X-Corrected-Query, X-Total-Count-Exact');
    expect(res.headers['x-total-count-exact']).toBe('true');
    const plain = await t.agent().get('/api/parts').query({ q: 'clutch' }).expect(200);
    expect(plain.headers['x-corrected-query']).toBeUndefined();
  });

  it('splits "waterpump" into known words: "mustang 289 waterpump" finds the 289 water pump', async () => {
    const res = await search({ q: 'mustang 289 waterpump' });
    expect(keysOf(res.parts)).toEqual(['waterPump']);
    expect(res.correctedQuery).toBe('mustang 289 water pump');
  });

  it('matches plural and singular alike ("clutch kits")', async () => {
    const res = await search({ q: 'clutch kits' });
    expect(keysOf(res.parts)[0]).toBe('porscheClutch');
  });

  it('ranks title matches above description-only matches', async () => {
    const res = await search({ q: 'clutch' });
    const order = keysOf(res.parts);
    expect(order).toEqual(expect.arrayContaining(['porscheClutch', 'pressurePlate', 'gasket']));
    expect(order.indexOf('gasket')).toBeGreaterThan(order.indexOf('porscheClutch'));
    expect(order.indexOf('gasket')).toBeGreaterThan(order.indexOf('pressurePlate'));
    expect(res.total).toBe(3);
  });

  it('matches part numbers exactly, with or without punctuation, and puts them first', async () => {
    expect(keysOf((await search({ q: '911-116-011-00' })).parts)[0]).toBe('porscheClutch');
    expect(keysOf((await search({ q: '91111601100' })).parts)).toEqual(['porscheClutch']);
    expect(keysOf((await search({ q: 'mc39012' })).parts)).toEqual(['masterCylinder']);
  });

  it('finds nothing for words no listing has', async () => {
    const res = await search({ q: 'zzyzx qwvk' });
    expect(res).toMatchObject({ parts: [], total: 0 });
  });
});

describe('the lexicon query', () => {
  /** A runner over the test pool that counts its statements. */
  const counting = () => {
    const inner = preparedRunner(t.rt.pool);
    const runner: SqlRunner & { statements: number } = {
      statements: 0,
      run: <T>(sql: string, params?: readonly unknown[]) => (runner.statements++, inner.run<T>(sql, params)),
      runPrepared: <T>(sql: string, params?: readonly unknown[]) => (runner.statements++, inner.runPrepared<T>(sql, params)),
    };
    return runner;
  };

  it('is skipped once every word is known to the lexicon, with the same result', async () => {
    const db = counting();
    const search = new PartSearch(db, new KnownWords(() => 0));
    const first = await search.prepare('Porsche 911 clutch');
    expect(db.statements).toBe(1);
    expect(await search.prepare('porsche 911 CLUTCH')).toEqual(first);
    expect(first).toMatchObject({ text: 'porsche 911 clutch', corrected: null });
    expect(db.statements).toBe(1);
  });

  it('still runs for a word not known yet, and still corrects it', async () => {
    const db = counting();
    const search = new PartSearch(db, new KnownWords(() => 0));
    await search.prepare('porsche clutch');
    expect(await search.prepare('porshe clutch')).toMatchObject({ text: 'porsche clutch', corrected: 'porsche clutch' });
    expect(await search.prepare('porshe clutch')).toMatchObject({ corrected: 'porsche clutch' });
    expect(db.statements).toBe(3);
  });
});

describe('filters', () => {
  it('matches a year range when it overlaps the part\'s years; parts without years match no year filter', async () => {
    const res = await search({ yearFrom: 1969, yearTo: 1970, limit: 100 });
    expect(keysOf(res.parts).sort()).toEqual(['gasket', 'masterCylinder', 'porscheClutch', 'pressurePlate'].sort());
    expect(keysOf((await search({ yearFrom: 1990 })).parts)).toEqual([]);
    expect(keysOf((await search({ yearTo: 1964 })).parts)).toEqual(['waterPump']);
  });

  it('combines text, make, category, years, condition and price filters', async () => {
    expect(keysOf((await search({ q: 'brake', make: 'porsche', yearFrom: 1980 })).parts)).toEqual(['porscheRotors']);
    expect(keysOf((await search({ category: 'brakes', make: 'chevrolet' })).parts)).toEqual(['masterCylinder']);
    expect(keysOf((await search({ make: 'ford', condition: 'new-in-box' })).parts)).toEqual(['waterPump']);
    expect(keysOf((await search({ make: 'ford', minPrice: '100', maxPrice: 450 })).parts).sort()).toEqual(['quarterPanel', 'waterPump']);
    expect(keysOf((await search({ category: 'all', make: 'all', q: '  ' })).parts)).toHaveLength(8);
  });

  it('validates the query', async () => {
    const res = await t.agent().get('/api/parts').query({ limit: 500, sort: 'cheapest', condition: 'mint' }).expect(400);
    expect(res.body.errors).toEqual({
      limit: 'Limit must be between 1 and 100',
      sort: 'Sort must be one of relevance, newest, price_asc, price_desc',
      condition: 'Condition must be one of new-in-box, new-out-of-box, used-excellent, used-good, used-poor, rebuilt, for-parts',
    });
    const years = await t.agent().get('/api/parts').query({ yearFrom: 1980, yearTo: 1970 }).expect(400);
    expect(years.body.errors).toEqual({ yearTo: 'Year From must not be after Year To' });
    const prices = await t.agent().get('/api/parts').query({ minPrice: 'cheap', yearFrom: 1850 }).expect(400);
    expect(prices.body.errors).toEqual({ minPrice: 'Minimum price must be an amount in dollars', yearFrom: 'Year must be between 1900 and 2030' });
    await t.agent().get('/api/parts').query({ sellerId: 'not-a-seller' }).expect(400);
  });
});

describe('sorting and paging', () => {
  it('pages with limit and offset and reports the total for "Load More Parts"', async () => {
    const first = await search({ limit: 3 });
    expect(first.total).toBe(8);
    expect(first.parts).toHaveLength(3);
    const second = await search({ limit: 3, offset: 3 });
    const third = await search({ limit: 3, offset: 6 });
    expect(third.parts).toHaveLength(2);
    const all = [...first.parts, ...second.parts, ...third.parts].map((p) => p.id);
    expect(new Set(all).size).toBe(8);
    // Without a query the default order is newest first.
    expect(keysOf(first.parts)).toEqual(['gasket', 'weber', 'pressurePlate']);
    expect((await search({})).parts).toHaveLength(8);
  });

  it('sorts by price both ways, also within a text search', async () => {
    const asc = await search({ make: 'ford', sort: 'price_asc' });
    expect(asc.parts.map((p) => p.price)).toEqual(['25.00', '95.00', '120.00', '450.00']);
    const desc = await search({ q: 'porsche', sort: 'price desc' });
    expect(keysOf(desc.parts)).toEqual(['porscheClutch', 'porscheRotors']);
    const newest = await search({ q: 'porsche', sort: 'newest' });
    expect(keysOf(newest.parts)).toEqual(['porscheRotors', 'porscheClutch']);
  });
});

describe('facets', () => {
  it('counts matches per category and make for the current query', async () => {
    const res = await t.agent().get('/api/parts/facets').query({ q: 'porsche' }).expect(200);
    expect(res.body.total).toBe(2);
    expect(res.body.categories).toEqual(
      expect.arrayContaining([
        { slug: 'brakes', name: 'Brakes', count: 1 },
        { slug: 'drivetrain', name: 'Drivetrain & Transmission', count: 1 },
      ]),
    );
    expect(res.body.makes).toEqual([{ slug: 'porsche', name: 'Porsche', count: 2 }]);
  });

  it('keeps the other choices of a facet while one is selected', async () => {
    const res = await t.agent().get('/api/parts/facets').query({ category: 'brakes' }).expect(200);
    expect(res.body.total).toBe(2);
    const categories = Object.fromEntries(res.body.categories.map((c: { slug: string; count: number }) => [c.slug, c.count]));
    expect(categories).toEqual({ drivetrain: 2, engine: 2, brakes: 2, body: 1, intake: 1 });
    expect(res.body.makes).toEqual(
      expect.arrayContaining([
        { slug: 'chevrolet', name: 'Chevrolet', count: 1 },
        { slug: 'porsche', name: 'Porsche', count: 1 },
      ]),
    );
    expect(res.body.makes).toHaveLength(2);
  });

  const YEARS_OF_ALL = [
    { decade: 1960, label: '1960s', count: 6 },
    { decade: 1970, label: '1970s', count: 4 },
    { decade: 1980, label: '1980s', count: 2 },
  ];
  const PRICES_OF_ALL = [
    { minCents: 0, maxCents: 5_000, label: 'Under $50', count: 1 },
    { minCents: 5_000, maxCents: 20_000, label: '$50–$200', count: 3 },
    { minCents: 20_000, maxCents: 50_000, label: '$200–$500', count: 2 },
    { minCents: 50_000, maxCents: 100_000, label: '$500–$1,000', count: 2 },
  ];

  it('counts decades of fitment years (a listing in each decade it spans) and price bands', async () => {
    const res = await t.agent().get('/api/parts/facets').expect(200);
    expect(res.body).toMatchObject({ total: 8, totalExact: true, exact: true });
    // The 911 clutch kit (1965–1989) counts in three decades; the Weber carburetor (no years) in none.
    expect(res.body.years).toEqual(YEARS_OF_ALL);
    expect(res.body.prices).toEqual(PRICES_OF_ALL);
  });

  it('ignores the years filter in the years facet and the price filter in the price facet', async () => {
    const years = await t.agent().get('/api/parts/facets').query({ yearFrom: 1980, yearTo: 1989 }).expect(200);
    expect(years.body.total).toBe(2);
    expect(years.body.years).toEqual(YEARS_OF_ALL);
    // The other facets apply it: the two Porsche parts.
    expect(years.body.prices).toEqual([
      { minCents: 20_000, maxCents: 50_000, label: '$200–$500', count: 1 },
      { minCents: 50_000, maxCents: 100_000, label: '$500–$1,000', count: 1 },
    ]);
    expect(years.body.makes).toEqual([{ slug: 'porsche', name: 'Porsche', count: 2 }]);

    const prices = await t.agent().get('/api/parts/facets').query({ minPrice: 500 }).expect(200);
    expect(prices.body.total).toBe(2);
    expect(prices.body.prices).toEqual(PRICES_OF_ALL);
    // The clutch kit (1965–1989) and the carburetor (no years).
    expect(prices.body.years).toEqual([
      { decade: 1960, label: '1960s', count: 1 },
      { decade: 1970, label: '1970s', count: 1 },
      { decade: 1980, label: '1980s', count: 1 },
    ]);
  });
});

describe('the text search statement', () => {
  it('is planned once and kept for any words, and still ranks as before', async () => {
    const client = await t.rt.pool.connect();
    try {
      const search = new PartSearch(preparedRunner(client));
      const words = ['clutch', 'porsche brake', 'carburetor', 'mustang', 'pressure plate', 'gasket'];
      const run = async (times: number) => {
        for (let i = 0; i < times; i++) {
          const query = await search.prepare(words[i % words.length]!);
          await search.results({ visibility: 'public' }, query, 'relevance', { limit: 24, offset: 0, after: null });
        }
      };
      const plans = () => planCounts(client, `statement like '%ts_rank(%'`);
      await run(6);
      const before = await plans();
      await run(6);
      // Every run after the first five used the kept plan: the words' frequencies did not call for new ones.
      expect(await plans()).toEqual({ generic: before.generic + 6, custom: before.custom });
      expect(before.custom).toBeLessThanOrEqual(5);
      // The kept plan finds and ranks as a plan made for the words does (the filtered form plans each run).
      const kept = await search.results({ visibility: 'public' }, await search.prepare('porsche clutch'), 'relevance', { limit: 24, offset: 0, after: null });
      const planned = await search.results({ visibility: 'public', minPriceCents: 1 }, await search.prepare('porsche clutch'), 'relevance', { limit: 24, offset: 0, after: null });
      expect(kept.rows.map((r) => r.id)).toEqual(planned.rows.map((r) => r.id));
      expect(kept.rows.map((r) => r.id).slice(0, 1)).toEqual([ids.porscheClutch]);
      expect(kept.total).toBe(planned.total);

      // No value reaches the planner: plans made for other words, limits and offsets are the generic plan, and
      // cost the same but for folding the text's query into a constant (so PostgreSQL keeps the generic plan);
      // and the text is parsed once per run, not once per ranked match.
      const [statement] = (
        await client.query<{ name: string }>(`select name from pg_prepared_statements where statement like '%ts_rank(%'`)
      ).rows;
      const explain = async (mode: 'force_custom_plan' | 'force_generic_plan', text: string, limit: number, offset: number) => {
        await client.query(`set plan_cache_mode = ${mode}`);
        try {
          const q = client.escapeLiteral(text);
          const run = `execute ${statement!.name}('[]', ${q}, ${q}, '[]', ${limit}, ${offset})`;
          const plan = async (options: string) =>
            (await client.query<{ 'QUERY PLAN': string }>(`explain (${options}) ${run}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
          const [cost] = (await client.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(`explain (format json) ${run}`)).rows;
          return { shape: await plan('costs off'), verbose: await plan('verbose, costs off'), cost: cost!['QUERY PLAN'][0].Plan['Total Cost'] };
        } finally {
          await client.query('reset plan_cache_mode');
        }
      };
      const generic = await explain('force_generic_plan', 'clutch', 24, 0);
      for (const custom of [await explain('force_custom_plan', 'clutch', 24, 0), await explain('force_custom_plan', 'porsche brake rotors', 100, 48)]) {
        expect(custom.shape).toBe(generic.shape);
        expect(Math.abs(custom.cost - generic.cost)).toBeLessThan(1);
      }
      expect(generic.verbose).not.toMatch(/ts_rank\('[^']+'::real\[\], p\w*\.search_vector, plainto_tsquery/);
      expect(generic.verbose).toMatch(/ts_rank\('[^']+'::real\[\], p\w*\.search_vector, \(InitPlan \d+\)\.col1\)/);
    } finally {
      client.release();
    }
  });
});

describe('the part page statement', () => {
  it.each([
    ['search pages', READ_PARTS_SQL, readPartRows],
    ['the part page, with the evidence key', READ_PART_PAGE_SQL, readPartPageRows],
  ] as const)('reads parts (%s) with a plan PostgreSQL keeps, instead of planning the statement at every read', async (_, sql, readRows) => {
    const client = await t.rt.pool.connect();
    try {
      const db = preparedRunner(client);
      const read = async (times: number) => {
        for (let i = 0; i < times; i++) {
          // One part (a part page) and three (a batch of them) alike.
          const wanted = i % 2 ? [ids.porscheClutch!] : [ids.porscheClutch!, ids.weber!, ids.gasket!];
          expect((await readRows(db, wanted)).map((r) => r.id)).toEqual(wanted);
        }
      };
      const plans = () => planCounts(client, 'statement = $1', [sql.replace('?', '$1')]);
      // PostgreSQL makes five custom plans first; after that it keeps the generic plan if it is as cheap.
      await read(6);
      const before = await plans();
      await read(5);
      expect(await plans()).toEqual({ generic: before.generic + 5, custom: before.custom });
      expect(before.custom).toBeLessThanOrEqual(5);
    } finally {
      client.release();
    }
  });

  it('batches the part reads of concurrent requests into one statement, and caches nothing', async () => {
    const inner = preparedRunner(t.rt.pool);
    const statements: unknown[][] = [];
    const batcher = new PartRowBatcher({
      run: inner.run,
      runPrepared: <T>(sql: string, params: readonly unknown[] = []) => (statements.push([...params]), inner.runPrepared<T>(sql, params)),
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const rows = await Promise.all([ids.weber!, unknown, ids.gasket!, ids.weber!].map((id) => batcher.read(id)));
    expect(rows.map((r) => r?.title ?? null)).toEqual(['Weber 40 DCOE Carburetor', null, 'Valve Cover Gasket Set', 'Weber 40 DCOE Carburetor']);
    expect(statements).toHaveLength(1);
    await t.sql(`update parts set title = 'Weber 45 DCOE Carburetor' where id = $1`, [ids.weber]);
    try {
      expect((await batcher.read(ids.weber!))?.title).toBe('Weber 45 DCOE Carburetor');
      expect(statements).toHaveLength(2);
    } finally {
      await t.sql(`update parts set title = 'Weber 40 DCOE Carburetor' where id = $1`, [ids.weber]);
    }
  });

  it('reads several parts in the order asked for, leaving unknown ids out', async () => {
    const rows = await readPartRows(preparedRunner(t.rt.pool), [ids.weber!, '00000000-0000-4000-8000-000000000000', ids.gasket!]);
    expect(rows.map((r) => r.title)).toEqual(['Weber 40 DCOE Carburetor', 'Valve Cover Gasket Set']);
  });
});

describe('ranking a search of several words', () => {
  it('puts the words side by side in the title first, more of them higher, whatever the listings\' ages', async () => {
    // Oldest first: the strongest match is the oldest, so an order by age alone would be the reverse.
    const listings = [
      { key: 'jetsTwice', title: 'Dellorto Jets - Dellorto Jets for Twin Carbs', description: 'Two sets.' },
      { key: 'jetsOnce', title: 'Dellorto Jets', description: 'One set, assorted sizes.' },
      { key: 'jetsApart', title: 'Dellorto Manifold Studs', description: 'Spare float needles and jets included.' },
    ];
    for (const [i, l] of listings.entries()) {
      const res = await seller.agent
        .post('/api/parts')
        .send({ ...l, category: 'intake', make: 'alfa-romeo', price: 40, condition: 'used-good', location: 'Austin, TX', images: [{ url: `https://img.example.com/j${i}.jpg`, altText: l.title }] })
        .expect(201);
      ids[l.key] = res.body.id;
      await t.sql(`update parts set is_approved = true, created_at = now() - make_interval(mins => $2) where id = $1`, [res.body.id, 10 - i]);
    }
    try {
      const res = await search({ q: 'dellorto jets' });
      expect(keysOf(res.parts)).toEqual(['jetsTwice', 'jetsOnce', 'jetsApart']);
      expect(res.correctedQuery).toBeNull();
    } finally {
      // Out of the catalog again, so that the other tests' counts hold whatever order they run in.
      await t.sql('update parts set is_active = false where id = any($1::uuid[])', [listings.map((l) => ids[l.key])]);
    }
  });
});

describe("the home page's popular searches", () => {
  // Stock each link should find, none of it saying "parts", "classic" or "vintage".
  const stock = [
    { key: 'carreraCooler', title: '911 Carrera Oil Cooler', description: 'Front-mounted cooler, pressure tested.', category: 'engine', make: 'porsche', model: '911', yearStart: 1974, yearEnd: 1989 },
    { key: 'ferrariCams', title: 'Ferrari 308 Camshafts', description: 'Intake and exhaust camshafts from one of our rebuilt engines.', category: 'engine', make: 'ferrari', model: '308 GTB', yearStart: 1975, yearEnd: 1985 },
    { key: 'mustangGrille', title: '1966 Mustang Grille Bars', description: 'Corral emblem mounts intact.', category: 'body', make: 'ford', model: 'Mustang', yearStart: 1965, yearEnd: 1966 },
    { key: 'bmwBumper', title: '2002 tii Front Bumper', description: 'Chrome, straight, small-bumper cars.', category: 'body', make: 'bmw', model: '2002', yearStart: 1968, yearEnd: 1973 },
  ];

  beforeAll(async () => {
    for (const [i, l] of stock.entries()) {
      const res = await seller.agent
        .post('/api/parts')
        .send({ ...l, price: 200, condition: 'used-good', location: 'Austin, TX', images: [{ url: `https://img.example.com/p${i}.jpg`, altText: l.title }] })
        .expect(201);
      ids[l.key] = res.body.id;
      await t.sql(`update parts set is_approved = true where id = $1`, [res.body.id]);
    }
  });
  afterAll(async () => {
    // Out of the catalog again, so that the other tests' counts hold whatever order they run in.
    await t.sql('update parts set is_active = false where id = any($1::uuid[])', [stock.map((l) => ids[l.key])]);
  });

  it('finds the stock of each link, though no title says "parts", "classic" or "vintage", and corrects none of it', async () => {
    const porsche = await search({ q: 'Porsche 911 Parts' });
    expect(keysOf(porsche.parts).sort()).toEqual(['carreraCooler', 'porscheClutch', 'porscheRotors']);
    const ferrari = await search({ q: 'Ferrari Engine Parts' });
    expect(keysOf(ferrari.parts)).toEqual(['ferrariCams']);
    const mustang = await search({ q: 'Classic Mustang' });
    expect(keysOf(mustang.parts).sort()).toEqual(['gasket', 'mustangGrille', 'pressurePlate', 'quarterPanel', 'waterPump']);
    const bmw = await search({ q: 'Vintage BMW' });
    expect(keysOf(bmw.parts)).toEqual(['bmwBumper']);
    for (const res of [porsche, ferrari, mustang, bmw]) {
      expect(res.correctedQuery).toBeNull();
      expect(res.total).toBe(res.parts.length);
    }
  });

  it('never corrects a word the listings hold in another form ("engine" where they say "engines")', async () => {
    // As on an install where no public listing is in the Engine category: the lexicon has "engines" only.
    await t.sql(`delete from part_search_words where word = 'engine'`);
    expect(await t.sql(`select word from part_search_words where word in ('engine', 'engines')`)).toEqual([{ word: 'engines' }]);
    const ferrari = await search({ q: 'Ferrari Engine Parts' });
    expect(ferrari).toMatchObject({ correctedQuery: null, total: 1 });
    // "camshaft": only "camshafts" is listed; the text index matches both alike.
    const cams = await search({ q: 'ferrari camshaft' });
    expect(cams).toMatchObject({ correctedQuery: null, total: 1 });
    // A misspelt word is still corrected, and the optional words are shown as typed.
    const typo = await search({ q: 'porshe 911 parts' });
    expect(typo.correctedQuery).toBe('porsche 911 parts');
    expect(keysOf(typo.parts).sort()).toEqual(['carreraCooler', 'porscheClutch', 'porscheRotors']);
  });

  it('answers a search of optional words alone with the whole catalog, newest first, as browsing does', async () => {
    const all = await search({ limit: 100 });
    for (const q of ['parts', 'Classic car parts', 'vintage']) {
      const res = await search({ q, limit: 100 });
      expect(res).toMatchObject({ total: all.total, correctedQuery: null });
      expect(keysOf(res.parts)).toEqual(keysOf(all.parts));
    }
    // With a filter, the filter still applies.
    const facets = await t.agent().get('/api/parts/facets').query({ q: 'parts', make: 'bmw' }).expect(200);
    expect(facets.body.total).toBe(1);
  });
});
