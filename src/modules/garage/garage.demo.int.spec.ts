import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { clearDemo, seedDemo } from '../../platform/demo/demo.runner.js';
import { applyReferenceData } from '../../platform/reference-data.js';

describe('demo garages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await applyReferenceData(t.rt.container, modules);
  }, 60_000);
  afterAll(() => t?.close());

  const counts = async () =>
    (
      await t.sql<{ vehicles: number; alerts: number; watches: number; points: number; owners: number }>(
        `select (select count(*)::int from buyer_garage) as vehicles, (select count(*)::int from part_alerts) as alerts,
                (select count(*)::int from market_watch) as watches, (select count(*)::int from price_history) as points,
                (select count(distinct user_id)::int from buyer_garage) as owners`,
      )
    )[0]!;

  it('gives demo buyers vehicles, alerts and watched parts with a price line, once; clear-demo removes them', async () => {
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 60 }));
    expect(summary.join('\n')).toMatch(/garage: [1-9]\d* vehicles, [1-9]\d* alerts, [1-9]\d* watched items added/);
    const first = await counts();
    expect(first.owners).toBeGreaterThan(3);
    expect(first.alerts).toBe(first.vehicles);
    expect(first.points).toBe(first.watches * 2);
    const [linked] = await t.sql<{ n: number }>('select count(*)::int as n from part_alerts where garage_vehicle_id is null');
    expect(linked!.n).toBe(0);

    const again = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 60 }));
    expect(again.join('\n')).toMatch(/garage: 0 vehicles, 0 alerts, 0 watched items added/);
    expect(await counts()).toEqual(first);

    const cleared = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(cleared.join('\n')).toMatch(new RegExp(`garage: ${first.vehicles} vehicles, ${first.alerts} alerts, ${first.watches} watched items removed`));
    expect(await counts()).toMatchObject({ vehicles: 0, alerts: 0, watches: 0, points: 0 });
  }, 120_000);
});
