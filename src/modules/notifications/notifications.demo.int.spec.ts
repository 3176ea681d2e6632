import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { clearDemo, seedDemo } from '../../platform/demo/demo.runner.js';
import { applyReferenceData } from '../../platform/reference-data.js';

describe('demo notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await applyReferenceData(t.rt.container, modules);
  }, 60_000);
  afterAll(() => t?.close());

  it('gives demo buyers and sellers a few notifications, some unread, once; clear-demo removes them', async () => {
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 20 }));
    expect(summary.join('\n')).toMatch(/garage: .*notifications: [1-9]\d* added/s);
    const [shape] = await t.sql<{ n: number; users: number; unread: number; types: string[]; dangling: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as users, count(*) filter (where not is_read)::int as unread,
              array_agg(distinct notification_type order by notification_type) as types,
              count(*) filter (where link is null or related_item_id is null)::int as dangling
         from alert_notifications`,
    );
    expect(shape!.users).toBeGreaterThan(5);
    expect(shape!.unread).toBeGreaterThan(0);
    expect(shape!.types).toEqual(expect.arrayContaining(['alert_match', 'part_approved', 'price_change']));
    expect(shape!.dangling).toBe(0);

    const again = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 20 }));
    expect(again.join('\n')).toMatch(/notifications: 0 added/);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from alert_notifications'))[0]!.n).toBe(shape!.n);

    const cleared = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(cleared.join('\n')).toMatch(new RegExp(`notifications: ${shape!.n} removed`));
    expect(await t.sql('select id from alert_notifications')).toEqual([]);
  }, 120_000);
});
