import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

// Issue 34: /auctions "All Auctions" (sort endTime, ascending) listed long-ended auctions first.
let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'lou_lister', 'admin');
}, 60_000);
afterAll(async () => t?.close());

/** An auction of the seller's, then put in `status` with its start and end `hours` from now. */
async function auction(title: string, status: string, startIn: number, endIn: number): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, { title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const now = t.clock.now().getTime();
  await t.sql('update auctions set status = $2, start_time = $3, end_time = $4 where id = $1', [
    res.body.id,
    status,
    new Date(now + startIn * HOUR),
    new Date(now + endIn * HOUR),
  ]);
  return res.body.id as string;
}

describe('the auction list sorted by end time', () => {
  it('lists running auctions first (ending soonest), then upcoming ones by start, then ended ones latest first', async () => {
    await auction('Ended long ago', 'ended', -100, -90);
    await auction('Live, ends in two days', 'active', -5, 48);
    await auction('Starts tomorrow', 'scheduled', 24, 30);
    await auction('Ended an hour ago', 'ended', -10, -1);
    await auction('Live, ends within the hour', 'active', -5, 0.5);
    await auction('Starts in two hours', 'scheduled', 2, 60);
    await auction('Cancelled', 'cancelled', -20, -5);
    // Time ran out but the worker has not closed it yet: it is over, not live.
    await auction('Out of time, not yet closed', 'active', -20, -0.5);

    const titles = async (query: Record<string, string>) =>
      (await seller.agent.get('/api/auctions').query({ sellerId: seller.id, limit: 20, ...query }).expect(200)).body.map(
        (a: { title: string }) => a.title,
      );
    const expected = [
      'Live, ends within the hour',
      'Live, ends in two days',
      'Starts in two hours',
      'Starts tomorrow',
      'Out of time, not yet closed',
      'Ended an hour ago',
      'Cancelled',
      'Ended long ago',
    ];
    expect(await titles({ sort: 'endTime', order: 'asc' })).toEqual(expected);
    expect(await titles({})).toEqual(expected);
    // Asked for explicitly, the plain reverse order by end time stays available.
    expect(await titles({ sort: 'endTime', order: 'desc' })).toEqual([
      'Starts in two hours',
      'Live, ends in two days',
      'Starts tomorrow',
      'Live, ends within the hour',
      'Out of time, not yet closed',
      'Ended an hour ago',
      'Cancelled',
      'Ended long ago',
    ]);
  });
});
