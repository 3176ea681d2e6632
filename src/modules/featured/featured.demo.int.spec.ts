import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser, partOf, type TestUser } from '../../../test/auctions.fixtures.js';
import { modules } from '../../modules.js';
import { applyReferenceData } from '../../platform/reference-data.js';
import { clearDemo, seedDemo } from '../../platform/demo/demo.runner.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await quickUser(t, 'featured_demo_admin', 'admin');
  await applyReferenceData(t.rt.container, modules);
}, 60_000);
afterAll(() => t?.close());

describe('the featured demo', () => {
  let realId = '';

  it('books the home page, some categories and a year of history, leaving a real booking alone', async () => {
    // A real booking of home position 5 over today: the demo's placement for it gives way.
    const partId = await partOf(admin, { title: 'Real featured part' });
    await t.sql('update parts set is_approved = true where id = $1', [partId]);
    const now = t.clock.now().getTime();
    const real = await admin.agent
      .post('/api/admin/featured-listings')
      .send({ partId, position: 5, startDate: new Date(now - 10 * 86_400_000).toISOString(), endDate: new Date(now + 40 * 86_400_000).toISOString(), price: '250.00' })
      .expect(201);
    realId = real.body.id;

    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 40 }));
    expect(summary.join('\n')).toMatch(/featured placements: \d+ added/);
    const [{ n }] = await t.sql<{ n: number }>("select count(*)::int as n from featured_listings where notes = 'Demo placement'");
    expect(n).toBeGreaterThan(20);
    // No two active placements share a page position at overlapping times (the constraint held), and the real one stays.
    const home = await t.agent().get('/api/featured-listings').expect(200);
    expect(home.body.length).toBeGreaterThan(4);
    expect(home.body.length).toBeLessThanOrEqual(12);
    expect(home.body.find((l: { position: number }) => l.position === 5).id).toBe(realId);
    const report = await admin.agent.get('/api/admin/featured-revenue').expect(200);
    expect(report.body.months.filter((m: { placements: number }) => m.placements > 0).length).toBeGreaterThan(6);
    expect(report.body.totals.impressions).toBeGreaterThan(0);

    const again = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 40 }));
    expect(again.join('\n')).toMatch(/featured placements: 0 added/);
  }, 120_000);

  it('clears its placements and keeps the real one', async () => {
    const summary = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(summary.join('\n')).toMatch(/featured placements: \d+ removed/);
    const rows = await t.sql<{ id: string }>('select id from featured_listings');
    expect(rows.map((r) => r.id)).toEqual([realId]);
  }, 120_000);
});
