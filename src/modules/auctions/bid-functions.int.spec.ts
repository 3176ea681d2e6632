import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { CURRENT_BID_FUNCTIONS } from '../../../migrations/auctions-bid-functions.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The body between `$$` of a `create function` text, as PostgreSQL stores it in prosrc. */
const bodyOf = (sql: string) => sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));

describe('the bid functions', () => {
  it('are, after the migrations, exactly the current texts of migrations/auctions-bid-functions.ts', async () => {
    const rows = await t.sql<{ proname: string; prosrc: string; proconfig: string[] | null }>(
      `select proname, prosrc, proconfig from pg_proc where proname in ('auction_lock_for_bids', 'auction_apply_bid') order by proname`,
    );
    expect(rows).toEqual([
      { proname: 'auction_apply_bid', prosrc: bodyOf(CURRENT_BID_FUNCTIONS.applyBid), proconfig: null },
      { proname: 'auction_lock_for_bids', prosrc: bodyOf(CURRENT_BID_FUNCTIONS.lockForBids), proconfig: ['enable_sort=off'] },
    ]);
  });
});
