import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';

let t: TestApp;
let seller: TestUser;
let admin: TestUser;
let buyer: TestUser;
let bidder2: TestUser;

const tick = () => t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());

/** Schedules an auction of a fresh part (a part has one open auction at a time) and returns its id. */
async function schedule(overrides: Record<string, unknown> = {}): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides, HOUR, 2 * HOUR));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Schedules and opens an auction; the clock ends at its start time. */
async function activeAuction(overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await schedule(overrides);
  t.clock.advance(HOUR);
  await tick();
  return id;
}

const mailsAbout = (title: string) =>
  t.sql<{ to: string; subject: string; text: string }>(
    'select "to", subject, text from mail_outbox where subject like $1 order by subject, "to"',
    [`%${title}`],
  );

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'jason');
  bidder2 = await quickUser(t, 'kim_bidder');
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await admin.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 60_000);
afterAll(async () => t?.close());

describe('the console auctions resource', () => {
  it('answers admins only', async () => {
    const id = await schedule();
    await t.agent().get('/api/admin/auctions').expect(401);
    await buyer.agent.get('/api/admin/auctions').expect(403);
    await buyer.agent.get(`/api/admin/auctions/${id}`).expect(403);
    await buyer.agent.post(`/api/admin/auctions/${id}/end`).send({ reason: 'Mine now' }).expect(403);
    await buyer.agent.post(`/api/admin/auctions/${id}/cancel`).send({ reason: 'Mine now' }).expect(403);
    await buyer.agent.post(`/api/admin/auctions/${id}/relist`).expect(403);
  });

  it('lists auctions with status filters and any sort react-admin sends, id included', async () => {
    const active = await activeAuction({ title: 'Listed active' });
    const scheduled = await schedule({ title: 'Listed scheduled' });
    const res = await admin.agent
      .get('/api/admin/auctions')
      .query({ sort: '["id","ASC"]', range: '[0,99]', filter: JSON.stringify({ status: 'active' }) })
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^auctions 0-\d+\/\d+$/);
    const ids = res.body.map((a: { id: string }) => a.id);
    expect(ids).toContain(active);
    expect(ids).not.toContain(scheduled);
    expect(ids).toEqual([...ids].sort());
    expect(res.body.every((a: { status: string }) => a.status === 'active')).toBe(true);

    const both = await admin.agent
      .get('/api/admin/auctions')
      .query({ sort: '["endTime","DESC"]', filter: JSON.stringify({ status: ['scheduled', 'active'], q: 'Listed' }) })
      .expect(200);
    expect(both.body.map((a: { id: string }) => a.id).sort()).toEqual([scheduled, active].sort());
    expect(both.body[0]).toMatchObject({ sellerName: 'sam_seller', canRelist: false, flagCount: 0 });

    const bad = await admin.agent.get('/api/admin/auctions').query({ filter: JSON.stringify({ status: 'sold' }) }).expect(400);
    expect(bad.body.message).toMatch(/^Status must be one of/);
    await admin.agent.get('/api/admin/auctions').query({ sort: '["sellerIp","ASC"]' }).expect(400);
  });

  it('shows an auction with its bids (bidders named), its activity and its bidding-pattern flags', async () => {
    const id = await activeAuction({ title: 'Shown with bids' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 150 }).expect(201);
    await t.sql(
      `insert into bidding_patterns (user_id, auction_id, pattern_type, description, risk_score) values ($1, $2, 'shared_ip_with_seller', 'Same IP', 30)`,
      [bidder2.id, id],
    );
    const res = await admin.agent.get(`/api/admin/auctions/${id}`).expect(200);
    expect(res.body).toMatchObject({ id, status: 'active', totalBids: 2, flagCount: 1 });
    expect(res.body.bids.map((b: { bidderName: string }) => b.bidderName)).toContain('kim_bidder');
    expect(res.body.bids.find((b: { isWinning: boolean }) => b.isWinning)).toMatchObject({ bidderId: bidder2.id });
    expect(res.body.activity.some((e: { type: string }) => e.type === 'bid')).toBe(true);
    expect(res.body.flags).toEqual([expect.objectContaining({ username: 'kim_bidder', patternType: 'shared_ip_with_seller', riskScore: 30 })]);
    await admin.agent.get('/api/admin/auctions/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('ends an auction early as its end time would: winner, reserve, results mail, and the reason to bidders and seller', async () => {
    const id = await activeAuction({ title: 'Ended early', reservePrice: '120' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 130 }).expect(201);
    const missing = await admin.agent.post(`/api/admin/auctions/${id}/end`).send({ reason: '  ' }).expect(400);
    expect(missing.body.errors.reason).toBe('A reason is required: it is mailed to the bidders and the seller');

    const res = await admin.agent.post(`/api/admin/auctions/${id}/end`).send({ reason: 'The seller asked us to close it' }).expect(200);
    expect(res.body).toMatchObject({ status: 'ended', winnerId: bidder2.id, winnerName: 'kim_bidder', closedBy: admin.id, closeReason: 'The seller asked us to close it' });
    expect((await t.agent().get(`/api/auctions/${id}`)).body).toMatchObject({ status: 'ended', winnerId: bidder2.id });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 200 }).expect(409);
    const again = await admin.agent.post(`/api/admin/auctions/${id}/end`).send({ reason: 'Again' }).expect(409);
    expect(again.body.message).toBe('Only an active auction can be ended early');

    await t.drain();
    const mails = await mailsAbout('Ended early');
    const pairs = mails.map((m) => [m.to, m.subject]);
    expect(pairs.filter(([, subject]) => subject!.startsWith('Auction ended early'))).toEqual([
      ['jason@example.com', 'Auction ended early: Ended early'],
      ['kim_bidder@example.com', 'Auction ended early: Ended early'],
      ['sam_seller@example.com', 'Auction ended early: Ended early'],
    ]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['sam_seller@example.com', 'Sold: Ended early'],
        ['kim_bidder@example.com', 'You won: Ended early'],
      ]),
    );
    expect(mails.find((m) => m.subject.startsWith('Auction ended early'))!.text).toContain('Reason: The seller asked us to close it');
  });

  it('does not end or cancel what is not open', async () => {
    const scheduled = await schedule({ title: 'Not yet open' });
    const res = await admin.agent.post(`/api/admin/auctions/${scheduled}/end`).send({ reason: 'Too soon' }).expect(409);
    expect(res.body).toEqual({ message: 'Only an active auction can be ended early', code: 'auction_not_active' });
    await admin.agent.post('/api/admin/auctions/00000000-0000-4000-8000-000000000000/end').send({ reason: 'x' }).expect(404);
  });

  it('cancels an auction: no winner, bids void, the reason mailed, and nothing happens at its end time', async () => {
    const id = await activeAuction({ title: 'Cancelled one' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    const res = await admin.agent.post(`/api/admin/auctions/${id}/cancel`).send({ reason: 'Counterfeit part' }).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', winnerId: null, closeReason: 'Counterfeit part', canRelist: false });
    expect(res.body.bids.every((b: { isWinning: boolean }) => !b.isWinning)).toBe(true);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 150 }).expect(409);
    t.clock.advance(3 * HOUR);
    await tick();
    await t.drain();
    expect((await t.agent().get(`/api/auctions/${id}`)).body).toMatchObject({ status: 'cancelled', winnerId: null });
    const mails = await mailsAbout('Cancelled one');
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['jason@example.com', 'Auction cancelled: Cancelled one'],
      ['sam_seller@example.com', 'Auction cancelled: Cancelled one'],
    ]);
    expect(mails[0]!.text).toContain('Reason: Counterfeit part');
    await admin.agent.post(`/api/admin/auctions/${id}/cancel`).send({ reason: 'Again' }).expect(409);

    const scheduled = await schedule({ title: 'Cancelled before start' });
    await admin.agent.post(`/api/admin/auctions/${scheduled}/cancel`).send({ reason: 'Duplicate' }).expect(200);
    t.clock.advance(HOUR);
    await tick();
    expect((await t.agent().get(`/api/auctions/${scheduled}`)).body.status).toBe('cancelled');
  });

  it('relists an ended, unsold auction from its page, once', async () => {
    const id = await activeAuction({ title: 'Relisted from the console', autoRelist: false });
    const ended = await admin.agent.post(`/api/admin/auctions/${id}/end`).send({ reason: 'Ending for a relist' }).expect(200);
    expect(ended.body).toMatchObject({ status: 'ended', winnerId: null, canRelist: true });
    const res = await admin.agent.post(`/api/admin/auctions/${id}/relist`).expect(200);
    expect(res.body).toMatchObject({ originalId: id, message: 'Auction relisted' });
    expect(res.body.newAuctionId).toEqual(expect.any(String));
    const after = await admin.agent.get(`/api/admin/auctions/${id}`).expect(200);
    expect(after.body).toMatchObject({ canRelist: false, relistedAs: res.body.newAuctionId });
    await admin.agent.post(`/api/admin/auctions/${id}/relist`).expect(409);
  });

  it('answers PUT, PATCH, DELETE and POST it does not allow with 405 and a message', async () => {
    const id = await schedule();
    for (const call of [
      admin.agent.put(`/api/admin/auctions/${id}`).send({ title: 'x' }),
      admin.agent.patch(`/api/admin/auctions/${id}`).send({ title: 'x' }),
      admin.agent.delete(`/api/admin/auctions/${id}`),
      admin.agent.post('/api/admin/auctions').send({}),
    ]) {
      const res = await call;
      expect(res.status).toBe(405);
      expect(res.body).toEqual({ message: expect.any(String), code: 'method_not_allowed' });
    }
    await buyer.agent.delete(`/api/admin/auctions/${id}`).expect(403);
  });
});
