import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import { COMMON_RECHECK_MS, COUNT_BOUND, RANK_ALL_LIMIT, RANK_CANDIDATES } from './part-search.sql.js';
import { SearchRecentService } from './search-recent.service.js';

let t: TestApp;
let sellerId: string;
/** More matches than are all ranked: the newest RANK_CANDIDATES are ranked, the rest follow. */
const MATCHES = RANK_ALL_LIMIT + 30;

interface Page {
  parts: { id: string; title: string; categoryName: string | null; sellerName: string | null; createdAt: string }[];
  total: number;
  exact: boolean;
  next: string | undefined;
}

/** A page of GET /api/parts: the array body, the count from X-Total-Count and the cursor of the next page. */
const search = async (query: Record<string, unknown>): Promise<Page> => {
  const res = await t.agent().get('/api/parts').query(query).expect(200);
  return {
    parts: res.body as Page['parts'],
    total: Number(res.headers['x-total-count']),
    exact: res.headers['x-total-count-exact'] === 'true',
    next: res.headers['x-next-cursor'] as string | undefined,
  };
};

/** A month-old listing that ranks above every "Gearbox mount" (the word twice in its title and twice in its text). */
async function insertOldBestGearbox(): Promise<{ id: string }> {
  const [old] = await t.sql<{ id: string }>(
    `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, created_at)
     values ('Gearbox gearbox rebuild kit', 'Gearbox bearings and gearbox seals', 300, 'drivetrain', 'ford', 'used-good',
             'Austin, TX', $1, '[{"url":"https://img.example.com/k.jpg","altText":"Kit","isPrimary":true}]', true,
             now() - interval '30 days')
     returning id`,
    [sellerId],
  );
  return old!;
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  const seller = await signedInBuyer(t, { username: 'gearbox_gary', email: 'gary@example.com' });
  sellerId = seller.id;
  // More matches than are all ranked, each a minute older than the one before, plus two that do not match.
  await insertParts(t, sellerId, MATCHES, { title: 'Gearbox mount', description: 'Rubber mount', category: 'drivetrain', make: 'ford', price: 10 });
  await insertParts(t, sellerId, 2, { title: 'Brake caliper', description: 'Four piston', category: 'brakes', make: 'bmw' });
});
afterAll(async () => t?.close());

describe('paging a search with more matches than are all ranked', () => {
  it('returns every match exactly once across the pages, past the ranked ones too', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < MATCHES; offset += 100) {
      const page = await search({ q: 'gearbox', limit: 100, offset });
      // More than the count bound: the count stops there and says so.
      expect(page).toMatchObject({ total: COUNT_BOUND, exact: false });
      seen.push(...page.parts.map((p) => p.id));
    }
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen).size).toBe(MATCHES);
  });

  it('pages by cursor in the same order as by offset, through the ranked matches and the rest', async () => {
    const byOffset: string[] = [];
    for (let offset = 0; offset < MATCHES; offset += 100) byOffset.push(...(await search({ q: 'gearbox', limit: 100, offset })).parts.map((p) => p.id));
    const byCursor: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await search({ q: 'gearbox', limit: 90, ...(after ? { after } : {}) });
      byCursor.push(...page.parts.map((p) => p.id));
      after = page.next;
      pages++;
    } while (after && pages < 100);
    expect(byCursor).toHaveLength(MATCHES);
    expect(byCursor).toEqual(byOffset);
  });

  it('lists the matches after the ranked ones newest first', async () => {
    const page = await search({ q: 'gearbox', limit: 30, offset: RANK_CANDIDATES });
    const created = page.parts.map((p) => p.createdAt);
    expect(page.parts).toHaveLength(30);
    expect(created).toEqual([...created].sort().reverse());
    // The ranked candidates are the newest matches, so the rest are the oldest ones.
    expect(page.parts.map((p) => p.title)).toContain(`Gearbox mount ${RANK_CANDIDATES + 1}`);
  });

  it('ranks only the newest matches then: an old match with a better rank stays with the rest', async () => {
    const old = await insertOldBestGearbox();
    try {
      const first = await search({ q: 'gearbox', limit: 100 });
      expect(first.total).toBe(COUNT_BOUND);
      expect(first.parts.map((p) => p.id)).not.toContain(old.id);
      const last = await search({ q: 'gearbox', limit: 1, offset: MATCHES });
      expect(last.parts.map((p) => p.id)).toEqual([old.id]);
    } finally {
      await t.sql(`delete from parts where id = $1`, [old.id]);
    }
  });

  it('ranks every match again once a text remembered as common has RANK_ALL_LIMIT matches or fewer', async () => {
    // The search before remembered "gearbox" as matching too many parts to rank them all.
    expect((await search({ q: 'gearbox', limit: 10 })).total).toBe(COUNT_BOUND);
    const hidden = await t.sql<{ id: string }>(
      `update parts set is_active = false
       where id in (select id from parts where title like 'Gearbox mount%' order by created_at limit 40) returning id`,
    );
    const old = await insertOldBestGearbox();
    try {
      expect(MATCHES - hidden.length + 1).toBeLessThanOrEqual(RANK_ALL_LIMIT);
      // Counted again once its last count is COMMON_RECHECK_MS old (until then its first pages come from the
      // newest parts' table, below).
      t.clock.advance(COMMON_RECHECK_MS);
      // Every match is ranked: the old best match is first, as it would not be among the newest alone (above).
      const page = await search({ q: 'gearbox', limit: 10 });
      expect(page.parts[0]!.id).toBe(old.id);
      expect(page.total).toBe(COUNT_BOUND);
    } finally {
      await t.sql(`delete from parts where id = $1`, [old.id]);
      await t.sql(`update parts set is_active = true where id = any($1::uuid[])`, [hidden.map((h) => h.id)]);
    }
  });

  it("answers a common text's first page from the newest parts' table exactly as from the whole catalog", async () => {
    const fromCatalog = async () => {
      // Counted again: every match is read, the newest RANK_CANDIDATES found among them.
      t.clock.advance(COMMON_RECHECK_MS);
      return search({ q: 'gearbox', limit: 60 });
    };
    const counted = await fromCatalog();
    const recent = await search({ q: 'gearbox', limit: 60 });
    expect(recent).toEqual(counted);
    expect(recent).toMatchObject({ total: COUNT_BOUND, exact: false });
    // Trimmed to fewer parts, the table still holds the newest candidates, or too few of them and the search reads
    // the whole catalog: the page is the same either way.
    for (const keep of [RANK_CANDIDATES + 10, RANK_CANDIDATES - 10]) {
      await t.rt.container.get(SearchRecentService).trim(keep);
      expect(await search({ q: 'gearbox', limit: 60 })).toEqual(counted);
    }
    expect(await fromCatalog()).toEqual(counted);
  });

  it('still reports the total when the page starts past the last match', async () => {
    expect(await search({ q: 'gearbox', offset: MATCHES + 5 })).toMatchObject({ parts: [], total: COUNT_BOUND, exact: false });
    // The whole catalog's count comes from its counter: exact however large.
    expect(await search({ offset: MATCHES + 5 })).toMatchObject({ parts: [], total: MATCHES + 2, exact: true });
    expect(await search({ q: 'gearbox', sort: 'price_desc', offset: MATCHES })).toMatchObject({ parts: [], total: COUNT_BOUND, exact: false });
    expect(await search({ q: 'caliper', offset: 5 })).toMatchObject({ parts: [], total: 2, exact: true, next: undefined });
  });
});

describe('ranking a search with fewer matches than RANK_ALL_LIMIT', () => {
  it('ranks every match: an old best match comes first, ahead of many newer ones', async () => {
    const newer = RANK_CANDIDATES + 100;
    await insertParts(t, sellerId, newer, { title: 'Cable set', description: 'Fits the throttle', category: 'engine', make: 'ford', price: 20 });
    const [best] = await t.sql<{ id: string }>(
      `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, created_at)
       values ('Throttle body, throttle linkage and throttle cable', 'Complete throttle kit', 400, 'engine', 'ford',
               'used-good', 'Austin, TX', $1, '[{"url":"https://img.example.com/b.jpg","altText":"Body","isPrimary":true}]',
               true, now() - interval '60 days')
       returning id`,
      [sellerId],
    );
    const page = await search({ q: 'throttle', limit: 24 });
    expect(page.total).toBe(newer + 1);
    expect(page.parts[0]!.id).toBe(best!.id);
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
