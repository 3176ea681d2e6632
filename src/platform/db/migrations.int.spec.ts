import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { migrations } from '../../../migrations/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const functionSettings = async () =>
  (
    await t.sql<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where proname in ('auction_lock_for_bids', 'auction_apply_bid') order by proname`,
    )
  ).map((r) => [r.proname, r.proconfig]);

describe('migrations', () => {
  it('all go down and come back up, leaving the same schema', async () => {
    const schema = () =>
      t.sql<{ t: string }>(
        `select table_name || '.' || column_name || ':' || data_type as t from information_schema.columns
         where table_schema = 'public' order by 1`,
      );
    const before = await schema();
    const settingsBefore = await functionSettings();
    expect(settingsBefore).toEqual([
      ['auction_apply_bid', null],
      ['auction_lock_for_bids', ['enable_sort=off']],
    ]);

    await t.rt.orm.migrator.down({ to: 0 });
    expect((await t.sql(`select 1 from information_schema.tables where table_schema = 'public' and table_name = 'bids'`)).length).toBe(0);

    const applied = await t.rt.orm.migrator.up();
    expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    expect(await schema()).toEqual(before);
    expect(await functionSettings()).toEqual(settingsBefore);
  });

  it('the bid functions of each step go back to the previous step', async () => {
    await t.rt.orm.migrator.down({ to: '20261123230000-auctions-batched-bids' });
    expect(await functionSettings()).toEqual([
      ['auction_apply_bid', null],
      ['auction_lock_for_bids', null],
    ]);
    const [fn] = await t.sql<{ src: string }>(`select prosrc as src from pg_proc where proname = 'auction_apply_bid'`);
    expect(fn!.src).toContain('update bids set is_winning = true where id = v_leader_row');
    await t.rt.orm.migrator.up();
    const [after] = await t.sql<{ src: string }>(`select prosrc as src from pg_proc where proname = 'auction_apply_bid'`);
    expect(after!.src).not.toContain('v_leader_row');
  });
});
