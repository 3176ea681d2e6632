import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { TOKENS } from '../../platform/tokens.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let bidder2: TestUser;
let bidder3: TestUser;
let admin: TestUser;
let partId: string;

const lifecycle = () => t.rt.container.get(AuctionLifecycleService);
const tick = () => t.inContext(() => lifecycle().tick());

/** Schedules an auction (as the seller) and returns its id. */
async function schedule(overrides: Record<string, unknown> = {}, startIn = HOUR, runFor = 2 * HOUR): Promise<string> {
  // A fresh part each time: a part has at most one open auction.
  partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides, startIn, runFor));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Schedules and opens an auction; the clock ends at its start time. */
async function activeAuction(overrides: Record<string, unknown> = {}, runFor = 2 * HOUR): Promise<string> {
  const id = await schedule(overrides, HOUR, runFor);
  t.clock.advance(HOUR);
  await tick();
  const res = await t.agent().get(`/api/auctions/${id}`).expect(200);
  expect(res.body.status).toBe('active');
  return id;
}

async function putSettings(group: string, body: Record<string, unknown>) {
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body[group];
  await admin.agent.put(`/api/admin/settings/${group}`).send({ ...current, ...body }).expect(200);
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'jason');
  bidder2 = await quickUser(t, 'kim_bidder');
  bidder3 = await quickUser(t, 'lee_bidder');
  partId = await partOf(seller);
  // Every test browser shares the seller's address; pattern analysis is switched on in its own test.
  await putSettings('bidder', { patternAnalysisEnabled: false });
}, 60_000);
afterAll(async () => t?.close());

describe('bidding', () => {
  it('refuses signed-out bidders, the seller, and auctions that are not open', async () => {
    const id = await schedule();
    await t.agent().post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(401);
    const early = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(409);
    expect(early.body.message).toBe('This auction is not open for bidding yet');
    t.clock.advance(HOUR);
    await tick();
    const own = await seller.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(403);
    expect(own.body.message).toBe('You cannot bid on your own auction');
    t.clock.advance(2 * HOUR);
    const late = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(409);
    expect(late.body.message).toBe('This auction has ended');
  });

  it('asks for the starting bid first, then the current bid plus the increment', async () => {
    const id = await activeAuction();
    const low = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: '99.99' }).expect(400);
    expect(low.body.message).toBe('Minimum bid is 100.00');
    const first = await buyer.agent
      .post(`/api/auctions/${id}/bids`)
      .set('User-Agent', 'PitlaneTest/1.0')
      .send({ bidAmount: 100, bidderId: seller.id })
      .expect(201);
    expect(first.body).toMatchObject({ isWinning: true, currentBid: '100.00', minimumNextBid: '110.00', totalBids: 1 });
    const second = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 105 }).expect(400);
    expect(second.body.message).toBe('Minimum bid is 110.00');
    const rows = await t.sql<{ bidder_id: string; bidder_ip: string; user_agent: string; bidder_country: string }>(
      'select bidder_id, bidder_ip, user_agent, bidder_country from bids where auction_id = $1',
      [id],
    );
    expect(rows).toEqual([{ bidder_id: buyer.id, bidder_ip: expect.any(String), user_agent: 'PitlaneTest/1.0', bidder_country: 'USA' }]);
  });

  it('bids by proxy up to the maximum and masks bidders in the history', async () => {
    const id = await activeAuction();
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 300 }).expect(201);
    const res = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 150 }).expect(201);
    expect(res.body).toMatchObject({ isWinning: false, currentBid: '160.00', totalBids: 3 });
    expect(res.body.message).toContain('outbid');
    const history = await t.agent().get(`/api/auctions/${id}/bids`).expect(200);
    expect(history.headers['x-total-count']).toBe('3');
    expect(history.body.map((b: { bidderName: string; bidAmount: string; isWinning: boolean; bidType: string }) => [b.bidderName, b.bidAmount, b.isWinning, b.bidType])).toEqual([
      ['j***n', '160.00', true, 'proxy'],
      ['k***r', '150.00', false, 'regular'],
      ['j***n', '100.00', false, 'regular'],
    ]);
    const leader = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 170, maxBidAmount: 400 }).expect(201);
    expect(leader.body).toMatchObject({ isWinning: true, currentBid: '310.00' });
    const raise = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 320, maxBidAmount: 500 }).expect(201);
    expect(raise.body).toMatchObject({ isWinning: true, currentBid: '310.00' });
    const [counts] = await t.sql<{ n: number; top: string; winners: number }>(
      `select count(*)::int as n, max(bid_amount)::text as top, (count(*) filter (where is_winning))::int as winners from bids where auction_id = $1`,
      [id],
    );
    const auction = (await t.agent().get(`/api/auctions/${id}`).expect(200)).body;
    expect(counts).toEqual({ n: auction.totalBids, top: auction.currentBid, winners: 1 });
  });

  it('remembers a leader raising their maximum with a plain bid', async () => {
    const id = await activeAuction();
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 200 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 110 }).expect(201);
    const raise = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 300 }).expect(201);
    expect(raise.body).toMatchObject({ isWinning: true, currentBid: '120.00' });
    const again = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 250 }).expect(400);
    expect(again.body.message).toBe('You are already the highest bidder; to raise your maximum, offer more than 300.00');
    const challenger = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 250 }).expect(201);
    expect(challenger.body).toMatchObject({ isWinning: false, currentBid: '260.00' });
  });

  it('refuses a proxy maximum when the admin turned proxy bidding off at scheduling time', async () => {
    await putSettings('auction', { allowProxy: false });
    const id = await activeAuction();
    await putSettings('auction', { allowProxy: true });
    const res = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 200 }).expect(400);
    expect(res.body.message).toBe('Proxy bidding is not allowed on this auction');
    const bad = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100, maxBidAmount: 50 }).expect(400);
    expect(bad.body.message).toBe('Maximum bid must be at least the bid amount');
  });

  it('lifts the price to the reserve and reports it met once reached', async () => {
    await putSettings('pricing', { reservePriceVisibility: 'met-status' });
    const id = await activeAuction({ reservePrice: '150' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    expect((await t.agent().get(`/api/auctions/${id}`)).body.reserveMet).toBe(false);
    const res = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 110, maxBidAmount: 200 }).expect(201);
    expect(res.body.currentBid).toBe('150.00');
    expect((await t.agent().get(`/api/auctions/${id}`)).body.reserveMet).toBe(true);
    await putSettings('pricing', { reservePriceVisibility: 'hidden' });
  });

  it('applies the bidder settings: blocked names, verification, account age, countries, approval', async () => {
    const id = await activeAuction();
    const bid = (u: TestUser) => u.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 });
    const cases: [Record<string, unknown>, string][] = [
      [{ blockedBidders: 'someone, JASON' }, 'You are not allowed to bid on auctions'],
      [{ minAccountAgeHours: 48 }, 'Your account must be at least 48 hours old to bid'],
      [{ allowedCountries: ['CAN', 'GBR'] }, 'Bidding is not available in your country'],
      [{ requireApproval: true }, 'Bidding requires approval by an admin; contact support to be approved for this auction'],
    ];
    for (const [settings, message] of cases) {
      await putSettings('bidder', settings);
      expect((await bid(buyer).expect(403)).body.message).toBe(message);
      await putSettings('bidder', { blockedBidders: [], minAccountAgeHours: 0, allowedCountries: [], requireApproval: false });
    }
    await putSettings('bidder', { requireBidderVerification: true });
    await t.sql('update users set is_verified = false where id = $1', [buyer.id]);
    expect((await bid(buyer).expect(403)).body.message).toBe('Please verify your email address before bidding');
    await t.sql('update users set is_verified = true where id = $1', [buyer.id]);
    await putSettings('bidder', { requireBidderVerification: false });
    await putSettings('bidder', { allowedCountries: 'usa' });
    await bid(buyer).expect(201);
    await putSettings('bidder', { allowedCountries: [] });
  });

  it('answers a retried request with the same Idempotency-Key once, without bidding twice', async () => {
    const id = await activeAuction();
    const send = () => buyer.agent.post(`/api/auctions/${id}/bids`).set('Idempotency-Key', 'bid-key-1').send({ bidAmount: 100 });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect((await send()).body).toEqual(a.body);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from bids where auction_id = $1', [id]))[0]!.n).toBe(1);
    const reused = await buyer.agent.post(`/api/auctions/${id}/buy-it-now`).set('Idempotency-Key', 'bid-key-1').expect(409);
    expect(reused.body.message).toBe('This Idempotency-Key was already used for another request');
  });

  it('extends the end when a bid comes in the last seconds, at most maxExtensions times', async () => {
    const id = await activeAuction({ maxExtensions: 2 });
    const before = (await t.agent().get(`/api/auctions/${id}`)).body;
    t.clock.set(new Date(new Date(before.endTime).getTime() - 60_000));
    const first = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    expect(first.body).toMatchObject({ extended: true, extensions: 1 });
    expect(new Date(first.body.endTime).getTime() - new Date(before.endTime).getTime()).toBe(120_000);
    const [job] = await t.sql<{ run_at: Date }>('select run_at from graphile_worker.jobs where key = $1', [`auction-end:${id}`]);
    expect(new Date(job!.run_at).toISOString()).toBe(first.body.endTime);
    t.clock.set(new Date(new Date(first.body.endTime).getTime() - 60_000));
    const second = await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 110 }).expect(201);
    expect(second.body).toMatchObject({ extended: true, extensions: 2 });
    t.clock.set(new Date(new Date(second.body.endTime).getTime() - 60_000));
    const third = await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 120 }).expect(201);
    expect(third.body.endTime).toBe(second.body.endTime);
    expect(third.body).toMatchObject({ extended: false, extensions: 2 });
    expect((await t.agent().get(`/api/auctions/${id}`)).body.extensions).toBe(2);
  });

  it('flags a bidder who shares the seller IP address and raises their suspicion score', async () => {
    const id = await activeAuction();
    await putSettings('bidder', { patternAnalysisEnabled: true });
    await bidder3.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await putSettings('bidder', { patternAnalysisEnabled: false });
    const flags = await t.sql<{ pattern_type: string; status: string }>(
      'select pattern_type, status from bidding_patterns where user_id = $1 and auction_id = $2',
      [bidder3.id, id],
    );
    expect(flags).toContainEqual({ pattern_type: 'shared_ip_with_seller', status: 'pending' });
    const [user] = await t.sql<{ s: number }>('select suspicious_activity_score as s from users where id = $1', [bidder3.id]);
    expect(user!.s).toBe(30);
  });

  it('flags an account younger than 24 hours that bids repeatedly on one seller', async () => {
    const id = await activeAuction();
    await t.sql('update users set suspicious_activity_score = 0 where id = any($1)', [[bidder2.id, bidder3.id]]);
    await putSettings('bidder', { patternAnalysisEnabled: true });
    try {
      for (const [who, amount] of [[bidder2, 100], [bidder3, 110], [bidder2, 120], [bidder3, 130], [bidder2, 140], [bidder3, 150]] as const) {
        await who.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: amount }).expect(201);
      }
    } finally {
      await putSettings('bidder', { patternAnalysisEnabled: false });
    }
    const flags = await t.sql<{ user_id: string; pattern_type: string }>(
      `select user_id, pattern_type from bidding_patterns where auction_id = $1 and pattern_type = 'new_account_repeat_bidding'`,
      [id],
    );
    expect(flags.map((f) => f.user_id).sort()).toEqual([bidder2.id, bidder3.id].sort());
    const [bid] = await t.sql<{ n: number }>('select count(*)::int as n from bids where auction_id = $1 and suspicious_flag', [id]);
    expect(bid!.n).toBeGreaterThan(0);
    await t.sql('update users set suspicious_activity_score = 0 where id = any($1)', [[bidder2.id, bidder3.id]]);
  });

  it('pauses bidding for accounts at the maximum suspicion score', async () => {
    const id = await activeAuction();
    await putSettings('bidder', { patternAnalysisEnabled: true });
    await t.sql('update users set suspicious_activity_score = 80 where id = $1', [bidder3.id]);
    const res = await bidder3.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(403);
    expect(res.body.message).toBe('Bidding is paused on your account while it is reviewed');
    await putSettings('bidder', { patternAnalysisEnabled: false });
    await t.sql('update users set suspicious_activity_score = 0 where id = $1', [bidder3.id]);
  });
});

describe('watching', () => {
  it('counts each watcher once and needs a signed-in user', async () => {
    const id = await schedule();
    await t.agent().post(`/api/auctions/${id}/watch`).expect(401);
    expect((await buyer.agent.post(`/api/auctions/${id}/watch`).expect(200)).body).toEqual({ auctionId: id, watching: true, watchers: 1 });
    expect((await buyer.agent.post(`/api/auctions/${id}/watch`).expect(200)).body.watchers).toBe(1);
    expect((await bidder2.agent.post(`/api/auctions/${id}/watch`).expect(200)).body.watchers).toBe(2);
    expect((await buyer.agent.get(`/api/auctions/${id}`)).body).toMatchObject({ watchers: 2, isWatching: true });
    expect((await buyer.agent.delete(`/api/auctions/${id}/watch`).expect(200)).body).toEqual({ auctionId: id, watching: false, watchers: 1 });
    expect((await buyer.agent.delete(`/api/auctions/${id}/watch`).expect(200)).body.watchers).toBe(1);
  });
});

describe('Buy It Now', () => {
  it('ends the auction at once for the buyer and publishes the win', async () => {
    const subscriptions = t.rt.container.get<Record<string, string[]>>(TOKENS.Subscriptions);
    subscriptions['auctions.auction.won'] = ['test/won'];
    subscriptions['auctions.auction.ended'] = ['test/ended'];
    const id = await activeAuction({ buyItNowPrice: '250' });
    expect((await t.agent().get(`/api/auctions/${id}`)).body.buyItNowAvailable).toBe(true);
    await seller.agent.post(`/api/auctions/${id}/buy-it-now`).expect(403);
    const res = await buyer.agent.post(`/api/auctions/${id}/buy-it-now`).expect(201);
    expect(res.body).toMatchObject({ auctionId: id, status: 'ended', winnerId: buyer.id, amount: '250.00' });
    const auction = (await t.agent().get(`/api/auctions/${id}`)).body;
    expect(auction).toMatchObject({ status: 'ended', winnerId: buyer.id, currentBid: '250.00', totalBids: 1, buyItNowAvailable: false });
    const again = await bidder2.agent.post(`/api/auctions/${id}/buy-it-now`).expect(409);
    expect(again.body.message).toBe('This auction has ended');
    delete subscriptions['auctions.auction.won'];
    delete subscriptions['auctions.auction.ended'];
    // The public jobs view has no payload; read (and drop) the test subscribers' jobs from graphile-worker's table.
    const events = await t.sql<{ task_identifier: string; payload: unknown }>(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where k.id = j.task_id and k.identifier like 'test/%' returning k.identifier as task_identifier, j.payload`,
    );
    // The tick inside activeAuction may have ended older auctions too: keep this auction's events.
    const mine = events.filter((e) => (e.payload as { payload: { auctionId: string } }).payload.auctionId === id);
    expect(mine.sort((a, b) => a.task_identifier.localeCompare(b.task_identifier))).toEqual([
      { task_identifier: 'test/ended', payload: { event: 'auctions.auction.ended', payload: { auctionId: id, sold: true } } },
      {
        task_identifier: 'test/won',
        payload: {
          event: 'auctions.auction.won',
          payload: { auctionId: id, partId, sellerId: seller.id, winnerId: buyer.id, amount: '250.00' },
        },
      },
    ]);
    await t.drain();
    const mails = await t.sql<{ to: string; subject: string }>('select "to", subject from mail_outbox where subject like $1', [
      '%Weber 48 IDA pair',
    ]);
    expect(mails).toEqual(
      expect.arrayContaining([
        { to: 'jason@example.com', subject: 'You won: Weber 48 IDA pair' },
        { to: 'sam_seller@example.com', subject: 'Sold: Weber 48 IDA pair' },
      ]),
    );
  });

  it('disappears once the reserve is met, and after the first bid when the admin says so', async () => {
    const withReserve = await activeAuction({ reservePrice: '150', buyItNowPrice: '300' });
    await buyer.agent.post(`/api/auctions/${withReserve}/bids`).send({ bidAmount: 100 }).expect(201);
    expect((await t.agent().get(`/api/auctions/${withReserve}`)).body.buyItNowAvailable).toBe(true);
    await bidder2.agent.post(`/api/auctions/${withReserve}/bids`).send({ bidAmount: 150 }).expect(201);
    expect((await t.agent().get(`/api/auctions/${withReserve}`)).body.buyItNowAvailable).toBe(false);
    const res = await bidder3.agent.post(`/api/auctions/${withReserve}/buy-it-now`).expect(409);
    expect(res.body.message).toBe('Buy It Now is no longer available for this auction');

    await putSettings('pricing', { autoRemoveBinAfterBids: true });
    const plain = await activeAuction({ buyItNowPrice: '300' });
    await buyer.agent.post(`/api/auctions/${plain}/bids`).send({ bidAmount: 100 }).expect(201);
    expect((await t.agent().get(`/api/auctions/${plain}`)).body.buyItNowAvailable).toBe(false);
    await putSettings('pricing', { autoRemoveBinAfterBids: false });
  });
});
