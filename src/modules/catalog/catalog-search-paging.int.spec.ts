import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import { RANK_CANDIDATES } from './part.search.js';

let t: TestApp;
let sellerId: string;
const MATCHES = RANK_CANDIDATES + 30;

interface Page {
  parts: { id: string; title: string; categoryName: string | null; sellerName: string | null; createdAt: string }[];
  total: number;
}

const search = async (query: Record<string, unknown>): Promise<Page> =>
  (await t.agent().get('/api/parts').query(query).expect(200)).body as Page;

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  const seller = await signedInBuyer(t, { username: 'gearbox_gary', email: 'gary@example.com' });
  sellerId = seller.id;
  // More matches than are ranked, each a minute older than the one before, plus two that do not match.
  await t.sql(
    `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, created_at)
     select 'Gearbox mount ' || i, 'Rubber mount', 10 + i, 'drivetrain', 'ford', 'used-good', 'Austin, TX', $1,
            '[{"url":"https://img.example.com/m.jpg","altText":"Mount","isPrimary":true}]', true, now() - make_interval(mins => i)
     from generate_series(1, $2::int) as i`,
    [sellerId, MATCHES],
  );
  await t.sql(
    `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved)
     select 'Brake caliper ' || i, 'Four piston', 100, 'brakes', 'bmw', 'used-good', 'Austin, TX', $1,
            '[{"url":"https://img.example.com/c.jpg","altText":"Caliper","isPrimary":true}]', true
     from generate_series(1, 2) as i`,
    [sellerId],
  );
});
afterAll(async () => t?.close());

describe('paging a search with more matches than are ranked', () => {
  it('returns every match exactly once across the pages, past the ranked ones too', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < MATCHES; offset += 100) {
      const page = await search({ q: 'gearbox', limit: 100, offset });
      expect(page.total).toBe(MATCHES);
      seen.push(...page.parts.map((p) => p.id));
    }
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen).size).toBe(MATCHES);
  });

  it('lists the matches after the ranked ones newest first', async () => {
    const page = await search({ q: 'gearbox', limit: 30, offset: RANK_CANDIDATES });
    const created = page.parts.map((p) => p.createdAt);
    expect(page.parts).toHaveLength(30);
    expect(created).toEqual([...created].sort().reverse());
    // The ranked candidates are the newest matches, so the rest are the oldest ones.
    expect(page.parts.map((p) => p.title)).toContain(`Gearbox mount ${MATCHES}`);
  });

  it('still reports the total when the page starts past the last match', async () => {
    expect(await search({ q: 'gearbox', offset: MATCHES + 5 })).toMatchObject({ parts: [], total: MATCHES });
    expect(await search({ offset: MATCHES + 5 })).toMatchObject({ parts: [], total: MATCHES + 2 });
    expect(await search({ q: 'gearbox', sort: 'price_desc', offset: MATCHES })).toMatchObject({ parts: [], total: MATCHES });
  });
});

describe('names on search results and part pages', () => {
  it("shows the category and the seller's name on results and on the part page", async () => {
    const page = await search({ q: 'caliper' });
    expect(page.total).toBe(2);
    expect(page.parts[0]).toMatchObject({ categoryName: 'Brakes', sellerName: 'gearbox_gary' });
    const part = (await t.agent().get(`/api/parts/${page.parts[0]!.id}`).expect(200)).body as Page['parts'][number];
    expect(part).toMatchObject({ categoryName: 'Brakes', sellerName: 'gearbox_gary' });
  });

  it('names a category added after the names were first read', async () => {
    await search({ q: 'caliper' });
    await t.sql(`insert into categories (name, slug, icon) values ('Race Data Loggers', 'data-loggers', 'gear')`);
    const [row] = await t.sql<{ id: string }>(
      `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved)
       values ('Lap timer', 'GPS lap timer', 250, 'data-loggers', 'other', 'used-good', 'Austin, TX', $1,
               '[{"url":"https://img.example.com/l.jpg","altText":"Timer","isPrimary":true}]', true)
       returning id`,
      [sellerId],
    );
    const part = (await t.agent().get(`/api/parts/${row!.id}`).expect(200)).body as Page['parts'][number];
    expect(part.categoryName).toBe('Race Data Loggers');
    const categories = (await t.agent().get('/api/categories').expect(200)).body as { slug: string }[];
    expect(categories.map((c) => c.slug)).toContain('data-loggers');
  });
});
