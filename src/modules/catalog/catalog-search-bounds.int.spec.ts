import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { preparedRunner } from '../../platform/db/sql-runner.js';
import { seedCatalog } from './catalog.seed.js';
import { SearchFacets } from './search-facets.sql.js';

// Counts bounded at a small SEARCH_COUNT_BOUND, keyset paging (GET /api/parts?after=) and bounded facets.
let t: TestApp;
const BOUND = 20;

interface Page {
  ids: string[];
  total: number;
  exact: string | undefined;
  next: string | undefined;
}

const search = async (query: Record<string, unknown>): Promise<Page> => {
  const res = await t.agent().get('/api/parts').query(query).expect(200);
  return {
    ids: (res.body as { id: string }[]).map((p) => p.id),
    total: Number(res.headers['x-total-count']),
    exact: res.headers['x-total-count-exact'] as string | undefined,
    next: res.headers['x-next-cursor'] as string | undefined,
  };
};

/** Every page of `query` by cursor, `limit` at a time. */
const walk = async (query: Record<string, unknown>, limit: number): Promise<string[]> => {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await search({ ...query, limit, ...(after ? { after } : {}) });
    ids.push(...page.ids);
    after = page.next;
    if (!after) break;
  }
  return ids;
};

/** Every page of `query` by offset. */
const byOffset = async (query: Record<string, unknown>, limit: number, count: number): Promise<string[]> => {
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += limit) ids.push(...(await search({ ...query, limit, offset })).ids);
  return ids;
};

beforeAll(async () => {
  t = await startTestApp({ SEARCH_COUNT_BOUND: String(BOUND) });
  await seedCatalog(t.rt.container);
  const seller = await signedInBuyer(t, { username: 'bound_betty', email: 'betty@example.com' });
  // 30 oil coolers at three prices, 10 of them created at the same moment (equal sort keys but the id).
  const dated = await insertParts(t, seller.id, 10, { title: 'Oil cooler', description: 'Alloy core', category: 'engine', make: 'ford', price: 50 });
  // Only these 10 coolers have years (two decades); the other 20 have none.
  await t.sql(`update parts set year_start = 1962, year_end = 1971 where id = any($1::uuid[])`, [dated]);
  await insertParts(t, seller.id, 10, { title: 'Oil cooler', description: 'Alloy core', category: 'engine', make: 'bmw', price: 75 });
  const same = await insertParts(t, seller.id, 10, { title: 'Oil cooler', description: 'Alloy core', category: 'intake', make: 'ford', price: 50 });
  await t.sql(`update parts set created_at = now() - interval '3 hours' where id = any($1::uuid[])`, [same]);
  const calipers = await insertParts(t, seller.id, 5, { title: 'Brake caliper', description: 'Four piston', category: 'brakes', make: 'bmw' });
  await t.sql(`update parts set year_start = 1968, year_end = 1972 where id = any($1::uuid[])`, [calipers]);
});
afterAll(async () => t?.close());

describe('counts past the bound', () => {
  it('are the bound, said to be inexact, and exact below it', async () => {
    expect(await search({ q: 'oil cooler' })).toMatchObject({ total: BOUND, exact: 'false' });
    expect(await search({ q: 'caliper' })).toMatchObject({ total: 5, exact: 'true' });
    expect(await search({ category: 'engine' })).toMatchObject({ total: BOUND, exact: 'true' });
    expect(await search({ minPrice: 1 })).toMatchObject({ total: BOUND, exact: 'false' });
    expect(await search({ category: 'brakes' })).toMatchObject({ total: 5, exact: 'true' });
    // The whole catalog is counted by its counter, exactly.
    expect(await search({})).toMatchObject({ total: 35, exact: 'true' });
  });

  it('facets count within the bound and say when they are not exact', async () => {
    const res = await t.agent().get('/api/parts/facets').query({ q: 'oil cooler' }).expect(200);
    const body = res.body as { total: number; totalExact: boolean; exact: boolean; makes: { slug: string; count: number }[] };
    expect(body).toMatchObject({ total: BOUND, totalExact: false, exact: false });
    expect(body.makes.reduce((n, m) => n + m.count, 0)).toBe(BOUND + 1);
    const few = (await t.agent().get('/api/parts/facets').query({ q: 'caliper' }).expect(200)).body as typeof body;
    expect(few).toMatchObject({ total: 5, totalExact: true, exact: true, makes: [{ slug: 'bmw', count: 5 }] });
  });

  it('count decades and price bands within the bound too', async () => {
    type Facets = { exact: boolean; years: { decade: number; count: number }[]; prices: { minCents: number; count: number }[] };
    const body = (await t.agent().get('/api/parts/facets').query({ q: 'oil cooler' }).expect(200)).body as Facets;
    expect(body.exact).toBe(false);
    // Every match is in one band: the bands add up to the matches read. $50 is the second band's lower end.
    expect(body.prices.reduce((n, p) => n + p.count, 0)).toBe(BOUND + 1);
    expect(body.prices.map((p) => p.minCents)).toEqual([5_000]);
    // Only the dated coolers among those read count, each in both decades it spans.
    expect([[], [1960, 1970]]).toContainEqual(body.years.map((y) => y.decade));
    expect(new Set(body.years.map((y) => y.count)).size).toBeLessThanOrEqual(1);
    for (const y of body.years) expect(y.count).toBeLessThanOrEqual(10);
    const few = (await t.agent().get('/api/parts/facets').query({ q: 'caliper' }).expect(200)).body as Facets;
    expect(few).toMatchObject({
      exact: true,
      years: [
        { decade: 1960, label: '1960s', count: 5 },
        { decade: 1970, label: '1970s', count: 5 },
      ],
      prices: [{ minCents: 5_000, maxCents: 20_000, label: '$50–$200', count: 5 }],
    });
  });

  it('know that the years facet read past the bound even when the listings read have no years', async () => {
    const coolers = () => ({ sql: `p.is_active and p.title like 'Oil cooler%'`, params: [] });
    const years = await new SearchFacets(preparedRunner(t.rt.pool), BOUND, coolers).years();
    expect(years.read).toBe(BOUND + 1);
    expect(years.rows.reduce((n, y) => n + y.count, 0)).toBeLessThanOrEqual(20);
  });
});

describe('keyset paging', () => {
  it.each([
    ['relevance', { q: 'oil cooler' }],
    ['newest', { sort: 'newest' }],
    ['cheapest first', { sort: 'price_asc' }],
    ['dearest first', { sort: 'price_desc' }],
    ['newest with a text', { q: 'cooler', sort: 'newest' }],
    ['a filter', { make: 'ford' }],
  ])('walks every match once in the offset order (%s), equal keys included', async (_name, query) => {
    const total = (await search({ ...query, limit: 100 })).ids.length;
    const walked = await walk(query, 7);
    expect(walked).toHaveLength(total);
    expect(new Set(walked).size).toBe(total);
    expect(walked).toEqual(await byOffset(query, 7, total));
  });

  it('has no next cursor on the last page, and refuses a cursor that is not one', async () => {
    expect((await search({ q: 'caliper', limit: 5 })).next).toBeUndefined();
    expect((await search({ q: 'caliper', limit: 4 })).next).toBeDefined();
    await t.agent().get('/api/parts').query({ after: 'bm90LWEtY3Vyc29y' }).expect(400);
    await t.agent().get('/api/parts').query({ after: 'not a cursor!' }).expect(400);
    // A newest-first cursor is not one of the price order's.
    const cursor = (await search({ sort: 'newest', limit: 2 })).next!;
    await t.agent().get('/api/parts').query({ sort: 'price_asc', after: cursor }).expect(400);
  });

  it('does not repeat a part when one is listed between two pages', async () => {
    const first = await search({ sort: 'newest', limit: 5 });
    const seller = await t.sql<{ seller_id: string }>(`select seller_id from parts limit 1`);
    await insertParts(t, seller[0]!.seller_id, 1, { title: 'Fresh radiator', description: 'New', category: 'intake', make: 'ford' });
    const second = await search({ sort: 'newest', limit: 5, after: first.next });
    expect(second.ids.filter((id) => first.ids.includes(id))).toEqual([]);
  });
});
