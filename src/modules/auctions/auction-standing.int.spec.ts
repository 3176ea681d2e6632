import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';

// The auction page tells a bidder where they stand (issue 17): `myBid` carries the viewer's own maximum
// and whether it leads, and nobody else's maximum.

let t: TestApp;
let seller: TestUser;
let leader: TestUser;
let rival: TestUser;
let admin: TestUser;

/** Schedules an auction of a fresh part (one auction per part) as the seller and opens it; the clock ends at its start time. */
async function activeAuction(overrides: Record<string, unknown> = {}): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  t.clock.advance(HOUR);
  await t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());
  return res.body.id as string;
}

const view = async (who: TestUser | null, id: string) =>
  (await (who ? who.agent : t.agent()).get(`/api/auctions/${id}`).expect(200)).body as Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'stan_seller', 'admin');
  admin = await quickUser(t, 'ann_admin', 'admin');
  leader = await quickUser(t, 'leo_leader');
  rival = await quickUser(t, 'rita_rival');
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await admin.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 60_000);
afterAll(async () => t?.close());

describe("the viewer's own standing on an auction", () => {
  it('is null for someone who has not bid, signed in or not', async () => {
    const id = await activeAuction();
    expect((await view(null, id)).myBid).toBeNull();
    expect((await view(leader, id)).myBid).toBeNull();
  });

  it("tells the leader they lead with their own maximum, and a bidder whose maximum was beaten that they were outbid", async () => {
    const id = await activeAuction();
    await leader.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 400 }).expect(201);
    expect(await view(leader, id)).toMatchObject({ currentBid: '100.00', myBid: { maxBid: '400.00', isLeading: true } });

    await rival.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 300 }).expect(201);
    expect(await view(leader, id)).toMatchObject({ currentBid: '310.00', myBid: { maxBid: '400.00', isLeading: true } });
    expect((await view(rival, id)).myBid).toEqual({ maxBid: '300.00', isLeading: false });

    await rival.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 450 }).expect(201);
    expect((await view(leader, id)).myBid).toEqual({ maxBid: '400.00', isLeading: false });
    expect((await view(rival, id)).myBid).toEqual({ maxBid: '450.00', isLeading: true });
  });

  it('keeps the earlier of two equal maxima in the lead, as the proxy engine does', async () => {
    const id = await activeAuction();
    await leader.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 300 }).expect(201);
    await rival.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 300 }).expect(201);
    expect((await view(leader, id)).myBid).toEqual({ maxBid: '300.00', isLeading: true });
    expect((await view(rival, id)).myBid).toEqual({ maxBid: '300.00', isLeading: false });
  });

  it("never shows the leader's maximum to anyone else: other bidders, the seller, an admin, visitors, lists and bid history", async () => {
    const id = await activeAuction();
    await leader.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 987.65 }).expect(201);
    await rival.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 200 }).expect(201);
    expect((await view(leader, id)).myBid).toEqual({ maxBid: '987.65', isLeading: true });

    for (const who of [rival, seller, admin, null]) {
      const detail = await view(who, id);
      expect(JSON.stringify(detail)).not.toContain('987.65');
      expect(detail.myBid).toEqual(who === rival ? { maxBid: '200.00', isLeading: false } : null);
      const list = await (who ? who.agent : t.agent()).get('/api/auctions?limit=100').expect(200);
      expect(JSON.stringify(list.body)).not.toContain('987.65');
      const bids = await (who ? who.agent : t.agent()).get(`/api/auctions/${id}/bids`).expect(200);
      expect(JSON.stringify(bids.body)).not.toContain('987.65');
    }
    // The list answers each viewer their own standing too.
    const mine = (await leader.agent.get('/api/auctions?limit=100').expect(200)).body as { id: string; myBid: unknown }[];
    expect(mine.find((a) => a.id === id)?.myBid).toEqual({ maxBid: '987.65', isLeading: true });
  });

  it('lets the leader raise their maximum with a plain bid without raising the current bid', async () => {
    const id = await activeAuction();
    await leader.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 200 }).expect(201);
    await rival.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 150 }).expect(201);
    const before = await view(leader, id);
    expect(before).toMatchObject({ currentBid: '160.00', myBid: { maxBid: '200.00', isLeading: true } });

    const raise = await leader.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 500 }).expect(201);
    expect(raise.body).toMatchObject({ isWinning: true, currentBid: '160.00' });
    expect(await view(leader, id)).toMatchObject({ currentBid: '160.00', myBid: { maxBid: '500.00', isLeading: true } });
    expect(JSON.stringify(await view(rival, id))).not.toContain('500.00');
  });
});
