import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { seedCatalog } from './catalog.seed.js';

let t: TestApp;
let admin: TestUser;

/** What the catalog's unfiltered browse reports, and what counting the public parts gives. */
async function totals(): Promise<{ api: number; counted: number }> {
  const res = await t.agent().get('/api/parts').query({ limit: 1 }).expect(200);
  const [row] = await t.sql<{ n: number }>('select count(*)::int as n from parts where is_active and is_approved');
  return { api: totalOf(res), counted: row!.n };
}

/** The full count a list answer carries in X-Total-Count. */
const totalOf = (res: { headers: Record<string, string> }) => Number(res.headers['x-total-count']);

const insertCalipers = (count: number, approved: boolean, active = true) =>
  insertParts(t, admin.id, count, { title: 'Brake caliper', description: 'Four piston', category: 'brakes', make: 'bmw', approved, active });

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  admin = await quickUser(t, 'count_carla', 'admin');
});
afterAll(async () => t?.close());

describe('the count of the whole public catalog', () => {
  it('follows bulk inserts of public, pending and withdrawn parts', async () => {
    expect(await totals()).toEqual({ api: 0, counted: 0 });
    await insertCalipers(30, true);
    await insertCalipers(7, false);
    await insertCalipers(5, true, false);
    expect(await totals()).toEqual({ api: 30, counted: 30 });
  });

  it('follows approval, withdrawal, edits and deletion through the API and SQL', async () => {
    const id = await partOf(admin);
    const before = (await totals()).api;
    await t.sql('update parts set is_approved = false where id = $1', [id]);
    expect(await totals()).toEqual({ api: before - 1, counted: before - 1 });

    await admin.agent.patch(`/api/parts/${id}/approve`).send({}).expect(200);
    expect(await totals()).toEqual({ api: before, counted: before });

    await admin.agent.patch(`/api/parts/${id}`).send({ price: 2500 }).expect(200);
    expect(await totals()).toEqual({ api: before, counted: before });

    await admin.agent.delete(`/api/parts/${id}`).expect((res) => expect(res.status).toBeLessThan(300));
    expect(await totals()).toEqual({ api: before - 1, counted: before - 1 });

    await t.sql(`delete from parts where is_approved and is_active and title = 'Brake caliper 1'`);
    expect(await totals()).toEqual({ api: before - 2, counted: before - 2 });
  });

  it('stays exact when many transactions approve parts at the same time', async () => {
    await insertCalipers(12, false);
    const pending = await t.sql<{ id: string }>('select id from parts where not is_approved and is_active');
    expect(pending).toHaveLength(7 + 12); // the first test's pending parts and these
    const clients = pending.map(() => new pg.Client({ connectionString: t.rt.databaseUrl }));
    await Promise.all(clients.map((c) => c.connect()));
    try {
      // Nineteen transactions at once, each approving one part: they queue on the counter's row lock.
      await Promise.all(
        clients.map(async (c, i) => {
          await c.query('begin');
          await c.query('update parts set is_approved = true where id = $1', [pending[i]!.id]);
          await c.query('commit');
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const { api, counted } = await totals();
    expect(api).toBe(counted);
    expect(await t.sql('select 1 from parts where not is_approved and is_active')).toHaveLength(0);
  });

  it('is read from the counter for the unfiltered browse only: filtered searches still count the parts', async () => {
    const { counted } = await totals();
    await t.sql('update catalog_public_count set parts = parts + 1000');
    try {
      expect(totalOf(await t.agent().get('/api/parts').expect(200))).toBe(counted + 1000);
      expect(totalOf(await t.agent().get('/api/parts').query({ sort: 'price_asc' }).expect(200))).toBe(counted + 1000);
      const [brakes] = await t.sql<{ n: number }>(`select count(*)::int as n from parts where is_active and is_approved and category = 'brakes'`);
      expect(totalOf(await t.agent().get('/api/parts').query({ category: 'brakes' }).expect(200))).toBe(brakes!.n);
      expect(totalOf(await t.agent().get('/api/parts').query({ q: 'caliper' }).expect(200))).toBe(brakes!.n);
    } finally {
      await t.sql('update catalog_public_count set parts = parts - 1000');
    }
  });

  it('falls to zero when the parts table is truncated', async () => {
    await t.sql('truncate parts cascade');
    expect(await totals()).toEqual({ api: 0, counted: 0 });
  });
});
