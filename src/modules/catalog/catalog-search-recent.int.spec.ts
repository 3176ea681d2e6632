import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import { SearchRecentService } from './search-recent.service.js';

// The newest public parts' search table (migration catalog-search-recent): its trigger and its trim keep the rule
// that every public part created at or after the floor has a row, with its current vector.
let t: TestApp;
let sellerId: string;

/** The ids in part_search_recent among `ids`. */
const inRecent = async (ids: readonly string[]) =>
  (await t.sql<{ part_id: string }>(`select part_id from part_search_recent where part_id = any($1::uuid[])`, [ids])).map((r) => r.part_id).sort();
const floor = async () => (await t.sql<{ floor: Date | string }>(`select floor from part_search_recent_floor`))[0]!.floor;
/** Every public part at or after the floor that has no row, or a row with another vector or creation time. */
const broken = async () =>
  t.sql<{ id: string }>(
    `select p.id from parts p left join part_search_recent r on r.part_id = p.id
     where p.is_active and p.is_approved and p.created_at >= (select floor from part_search_recent_floor)
       and (r.part_id is null or r.search_vector <> p.search_vector or r.created_at <> p.created_at)
     union all
     select r.part_id from part_search_recent r join parts p on p.id = r.part_id where not (p.is_active and p.is_approved)`,
  );

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  sellerId = (await signedInBuyer(t, { username: 'recent_rita', email: 'rita@example.com' })).id;
});
afterAll(async () => t?.close());

describe('the newest public parts search table', () => {
  it('holds public parts with their current vector, and drops a part that stops being public', async () => {
    const [a, b] = await insertParts(t, sellerId, 2, { title: 'Magneto', description: 'Bosch', category: 'electrical', make: 'porsche' });
    const [pending] = await insertParts(t, sellerId, 1, { title: 'Magneto', description: 'Lucas', category: 'electrical', make: 'jaguar', approved: false });
    expect(await inRecent([a!, b!, pending!])).toEqual([a!, b!].sort());

    await t.sql(`update parts set title = 'Racing magneto drive' where id = $1`, [a]);
    const [row] = await t.sql<{ found: boolean }>(
      `select search_vector @@ plainto_tsquery('english', 'drive') as found from part_search_recent where part_id = $1`,
      [a],
    );
    expect(row!.found).toBe(true);

    await t.sql(`update parts set is_active = false where id = $1`, [b]);
    await t.sql(`update parts set is_approved = true where id = $1`, [pending]);
    expect(await inRecent([a!, b!, pending!])).toEqual([a!, pending!].sort());
    await t.sql(`update parts set is_active = true where id = $1`, [b]);
    await t.sql(`delete from parts where id = $1`, [a]);
    expect(await inRecent([a!, b!, pending!])).toEqual([b!, pending!].sort());
    expect(await broken()).toEqual([]);
  });

  it('trims to the newest parts and raises the floor: an older part made public stays out, a newer one comes in', async () => {
    const old = await insertParts(t, sellerId, 6, { title: 'Points set', description: 'Old stock', category: 'electrical', make: 'ford' });
    // The newest first: keep the newest three public parts of the whole table.
    expect(await t.rt.container.get(SearchRecentService).trim(3)).toBeGreaterThan(0);
    expect(new Date(await floor()).getTime()).toBeGreaterThan(0);
    expect((await t.sql<{ n: number }>(`select count(*)::int as n from part_search_recent`))[0]!.n).toBe(3);
    expect(await broken()).toEqual([]);

    // The oldest of them, withdrawn and put back: older than the floor, so not needed and not added.
    const oldest = old.at(-1)!;
    await t.sql(`update parts set is_active = false where id = $1`, [oldest]);
    await t.sql(`update parts set is_active = true where id = $1`, [oldest]);
    expect(await inRecent([oldest])).toEqual([]);
    // A part listed now is newer than the floor.
    const [fresh] = await t.sql<{ id: string }>(
      `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, created_at)
       values ('Points set', 'New old stock', 20, 'electrical', 'ford', 'new-in-box', 'Austin, TX', $1, '[]', true, now() + interval '1 minute')
       returning id`,
      [sellerId],
    );
    expect(await inRecent([fresh!.id])).toEqual([fresh!.id]);
    expect(await broken()).toEqual([]);
    // Trimming again to more than it holds changes nothing.
    expect(await t.rt.container.get(SearchRecentService).trim(100)).toBe(0);
  });
});
