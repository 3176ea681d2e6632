import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { applyReferenceData } from '../../platform/reference-data.js';
import { clearDemo, seedDemo } from '../../platform/demo/demo.runner.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await applyReferenceData(t.rt.container, modules);
}, 180_000);
afterAll(async () => t?.close());

describe('payments demo data', () => {
  it('adds demo orders in every state a buyer and seller meet, with a balanced ledger, once; clear removes them', async () => {
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 40 }));
    expect(summary.join('\n')).toMatch(/payments: orders: 11 added/);
    const states = await t.sql<{ state: string }>('select distinct state from orders order by state');
    expect(states.map((s) => s.state).sort()).toEqual(['cancelled', 'completed', 'delivered', 'paid', 'partially_refunded', 'pending_payment', 'shipped']);
    // The fitment demo's two sold heads, completed, bought by two different demo buyers.
    const fit = await t.sql<{ buyer_id: string }>("select buyer_id from orders where state = 'completed' and part_title like 'Chevrolet small-block heads%'");
    expect(new Set(fit.map((o) => o.buyer_id)).size).toBe(2);
    const [sum] = await t.sql<{ s: string; n: number }>('select coalesce(sum(amount), 0)::text as s, count(*)::int as n from ledger_entries');
    expect(sum).toMatchObject({ s: '0.00' });
    expect(sum!.n).toBeGreaterThan(0);
    const again = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 40 }));
    expect(again.join('\n')).toMatch(/payments: orders: 0 added/);
    const cleared = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(cleared.join('\n')).toMatch(/payments: orders: 11 removed/);
    expect(await t.sql('select 1 from orders')).toHaveLength(0);
    expect(await t.sql('select 1 from ledger_entries')).toHaveLength(0);
  }, 120_000);
});
