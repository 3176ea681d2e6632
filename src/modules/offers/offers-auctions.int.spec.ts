import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { fakeOfferOrders, publishEvent } from '../../../test/offers.fixtures.js';
import { taskList } from '../../jobs/runner.js';
import { catalogModule } from '../catalog/index.js';
import { OfferOrders } from './offer.orders.js';
import { OfferService } from './offer.service.js';

let t: TestApp;
let seller: TestUser;
let admin: TestUser;
let winner: TestUser;
let b2: TestUser;
let b3: TestUser;
let b4: TestUser;
let outsider: TestUser;

const { created, orders: fakeOrders } = fakeOfferOrders();

const DAY = 24 * HOUR;
// The auctions' minute tick, run as the worker runs it (auctions' internals stay behind its index).
const tick = async () => {
  await taskList(t.rt)['auctions/tick']!({}, {} as never);
};
const offers = () => t.rt.container.get(OfferService);

async function putSettings(group: string, body: Record<string, unknown>) {
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body[group];
  await admin.agent.put(`/api/admin/settings/${group}`).send({ ...current, ...body }).expect(200);
}

/** An active auction of a fresh part of the seller; the clock ends at its start. */
async function activeAuction(overrides: Record<string, unknown> = {}): Promise<{ auctionId: string; partId: string }> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, overrides, HOUR, 2 * HOUR));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  t.clock.advance(HOUR);
  await tick();
  return { auctionId: res.body.id as string, partId };
}

const bid = (who: TestUser, auctionId: string, amount: number) => who.agent.post(`/api/auctions/${auctionId}/bids`).send({ bidAmount: amount });

/** Ends the auction at its end time and runs the jobs its end queued. */
async function endAuction() {
  t.clock.advance(2 * HOUR);
  await tick();
  await t.drain();
}

const publish = (name: string, payload: unknown) => publishEvent(t, name, payload);

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'rita_seller', 'admin');
  admin = await quickUser(t, 'al_admin', 'admin');
  winner = await quickUser(t, 'walt_winner');
  b2 = await quickUser(t, 'bo_bidder');
  b3 = await quickUser(t, 'cat_bidder');
  b4 = await quickUser(t, 'dee_bidder');
  outsider = await quickUser(t, 'otis_outsider');
  await putSettings('bidder', { patternAnalysisEnabled: false });
  t.rt.container.get(OfferOrders).use(fakeOrders);
}, 60_000);
afterAll(async () => t?.close());
beforeEach(() => {
  created.length = 0;
});

describe('reserve not met', () => {
  it('opens a 24-hour window; the seller offers at or above the high bid, the high bidder accepts, and the relist is skipped', async () => {
    const { auctionId, partId } = await activeAuction({ reservePrice: '180', autoRelist: true, relistDelay: 1 });
    await bid(b2, auctionId, 120).expect(201);
    await bid(winner, auctionId, 150).expect(201);
    await endAuction();
    const [window] = (await winner.agent.get('/api/offers?status=open').expect(200)).body.filter((o: { auctionId: string }) => o.auctionId === auctionId);
    expect(window).toMatchObject({
      kind: 'reserve_offer',
      partId,
      status: 'open',
      amount: null,
      floorAmount: '150.00',
      turn: 'either',
      canAccept: false,
      canCounter: true,
    });
    expect(new Date(window.expiresAt).getTime() - t.clock.now().getTime()).toBe(DAY);
    const [relist] = await t.sql<{ status: string; scheduled_time: Date }>('select status, scheduled_time from auction_relists where original_id = $1', [auctionId]);
    expect(relist!.status).toBe('pending');
    expect(new Date(relist!.scheduled_time).getTime()).toBe(t.clock.now().getTime() + DAY + HOUR);
    const mails = await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1', ['rita_seller@example.com']);
    expect(mails.map((m) => m.subject)).toContain('Reserve not met: Weber 48 IDA carburettor pair');

    const low = await seller.agent.post(`/api/offers/${window.id}/counter`).send({ amount: 149 }).expect(400);
    expect(low.body.errors).toEqual({ amount: 'The amount must be at least the high bid of $150.00' });
    await b2.agent.post(`/api/offers/${window.id}/counter`).send({ amount: 200 }).expect(404);
    const proposed = await seller.agent.post(`/api/offers/${window.id}/counter`).send({ amount: 170 }).expect(200);
    expect(proposed.body).toMatchObject({ amount: '170.00', turn: 'buyer', rounds: 1 });
    // The window keeps its end: no fresh 48 hours.
    expect(proposed.body.expiresAt).toBe(window.expiresAt);
    const accepted = await winner.agent.post(`/api/offers/${window.id}/accept`).expect(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', amount: '170.00' });
    expect(created).toEqual([{ buyerId: winner.id, partId, priceCents: 17_000, source: 'reserve_offer', sourceId: window.id }]);
    await t.drain();
    expect((await t.sql<{ status: string }>('select status from auction_relists where original_id = $1', [auctionId]))[0]!.status).toBe('skipped');
  });

  it('lets the high bidder raise for the seller to accept', async () => {
    const { auctionId } = await activeAuction({ reservePrice: '180' });
    await bid(winner, auctionId, 150).expect(201);
    await endAuction();
    const [window] = (await winner.agent.get('/api/offers?status=open').expect(200)).body.filter((o: { auctionId: string }) => o.auctionId === auctionId);
    await winner.agent.post(`/api/offers/${window.id}/accept`).expect(409);
    await winner.agent.post(`/api/offers/${window.id}/counter`).send({ amount: 175 }).expect(200);
    const res = await seller.agent.post(`/api/offers/${window.id}/accept`).expect(200);
    expect(res.body).toMatchObject({ status: 'accepted', amount: '175.00' });
    expect(created).toHaveLength(1);
  });

  it('closes the window after 24 hours without agreement, and the auction relists after it', async () => {
    const { auctionId } = await activeAuction({ reservePrice: '180', autoRelist: true, relistDelay: 1 });
    await bid(winner, auctionId, 150).expect(201);
    await endAuction();
    const [window] = (await winner.agent.get('/api/offers?status=open').expect(200)).body.filter((o: { auctionId: string }) => o.auctionId === auctionId);
    t.clock.advance(DAY - 1000);
    expect(await offers().expire(window.id)).toBe(false);
    await tick();
    expect((await t.sql<{ status: string }>('select status from auction_relists where original_id = $1', [auctionId]))[0]!.status).toBe('pending');
    t.clock.advance(1000);
    expect((await seller.agent.post(`/api/offers/${window.id}/counter`).send({ amount: 200 }).expect(409)).body.message).toBe('This offer has expired');
    expect(await offers().expire(window.id)).toBe(true);
    t.clock.advance(HOUR);
    await tick();
    const [relist] = await t.sql<{ status: string; new_auction_id: string | null }>('select status, new_auction_id from auction_relists where original_id = $1', [
      auctionId,
    ]);
    expect(relist).toMatchObject({ status: 'processed' });
    expect(relist!.new_auction_id).toBeTruthy();
  });

  it('opens no window when the reserve was met or nobody bid', async () => {
    const { auctionId } = await activeAuction({ reservePrice: '150' });
    await bid(winner, auctionId, 160).expect(201);
    await endAuction();
    const { auctionId: empty } = await activeAuction({ reservePrice: '150' });
    await endAuction();
    const rows = await t.sql('select 1 from offers where auction_id = any($1::uuid[])', [[auctionId, empty]]);
    expect(rows).toEqual([]);
  });
});

describe('Second Chance offers and strikes', () => {
  let auctionId: string;
  let partId: string;

  it('records an unpaid win, offers the part to the other bidders at their highest bids, and the first to accept gets it', async () => {
    ({ auctionId, partId } = await activeAuction());
    await bid(b2, auctionId, 110).expect(201);
    await bid(b3, auctionId, 120).expect(201);
    await bid(b4, auctionId, 130).expect(201);
    await bid(winner, auctionId, 140).expect(201);
    await endAuction();
    // Nothing to offer before the winner failed to pay.
    await seller.agent.get(`/api/auctions/${auctionId}/second-chance`).expect(404);
    const orderId = '6f1c7a3e-1111-4a4a-8a8a-000000000001';
    await publish('payments.order.cancelled', {
      orderId,
      buyerId: winner.id,
      sellerId: seller.id,
      partId,
      source: 'auction_won',
      sourceId: auctionId,
      totalCents: 14_000,
      reason: 'unpaid',
    });
    const notice = await t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 and subject like $2', [
      'rita_seller@example.com',
      'Winner did not pay%',
    ]);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(`/auctions/${auctionId}/second-chance`);
    expect((await seller.agent.get('/api/offers/second-chances').expect(200)).body).toMatchObject([{ auctionId, partId, buyerName: 'walt_winner', offersSent: 0 }]);
    expect((await outsider.agent.get('/api/offers/second-chances').expect(200)).body).toEqual([]);
    // payments releases the part of a cancelled order.
    await t.sql('update parts set sold_at = null, is_active = true where id = $1', [partId]);
    await outsider.agent.get(`/api/auctions/${auctionId}/second-chance`).expect(404);
    const sc = (await seller.agent.get(`/api/auctions/${auctionId}/second-chance`).expect(200)).body;
    expect(sc).toMatchObject({ auctionId, partId, available: true, validityDays: [1, 3, 5, 7] });
    expect(sc.candidates.map((c: { username: string; amount: string }) => [c.username, c.amount])).toEqual([
      ['dee_bidder', '130.00'],
      ['cat_bidder', '120.00'],
      ['bo_bidder', '110.00'],
    ]);

    const send = (bidderId: string, days: unknown) => seller.agent.post(`/api/auctions/${auctionId}/second-chance`).send({ bidderId, days });
    expect((await send(b2.id, 2).expect(400)).body.errors).toEqual({ days: 'Valid for 1, 3, 5 or 7 days' });
    expect((await send(winner.id, 1).expect(400)).body.message).toBe('This bidder did not bid on the auction');
    await outsider.agent.post(`/api/auctions/${auctionId}/second-chance`).send({ bidderId: b2.id, days: 1 }).expect(404);
    const toB2 = (await send(b2.id, 1).expect(201)).body;
    expect(toB2).toMatchObject({ kind: 'second_chance', buyerId: b2.id, amount: '110.00', turn: 'buyer', status: 'open' });
    expect(new Date(toB2.expiresAt).getTime() - t.clock.now().getTime()).toBe(DAY);
    expect((await send(b2.id, 3).expect(409)).body.message).toBe('A Second Chance offer was already sent to this bidder');
    const toB3 = (await send(b3.id, 3).expect(201)).body;
    const toB4 = (await send(b4.id, 3).expect(201)).body;
    await t.drain();
    expect((await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1', ['cat_bidder@example.com'])).map((m) => m.subject)).toContain(
      'Second Chance offer: Weber 48 IDA carburettor pair for $120.00',
    );

    expect((await b3.agent.post(`/api/offers/${toB3.id}/counter`).send({ amount: 100 }).expect(409)).body.message).toBe(
      'A Second Chance offer can only be accepted or declined',
    );
    t.clock.advance(DAY + HOUR);
    expect((await b2.agent.post(`/api/offers/${toB2.id}/accept`).expect(409)).body.message).toBe('This offer has expired');
    const results = await Promise.all([b3.agent.post(`/api/offers/${toB3.id}/accept`), b4.agent.post(`/api/offers/${toB4.id}/accept`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ partId, source: 'second_chance' });
    const statuses = await t.sql<{ buyer_id: string; status: string }>(`select buyer_id, status from offers where auction_id = $1 and kind = 'second_chance'`, [auctionId]);
    expect(statuses.filter((s) => s.status === 'accepted')).toHaveLength(1);
  });

  it('counts the non-paying winner’s strike, and the admin setting blocks their bids', async () => {
    // A cancellation for another reason is no strike; the same event twice counts once.
    await publish('payments.order.cancelled', {
      orderId: '6f1c7a3e-1111-4a4a-8a8a-000000000002',
      buyerId: b2.id,
      sellerId: seller.id,
      partId,
      source: 'auction_won',
      sourceId: auctionId,
      totalCents: 100,
      reason: 'buyer',
    });
    await publish('payments.order.cancelled', {
      orderId: '6f1c7a3e-1111-4a4a-8a8a-000000000001',
      buyerId: winner.id,
      sellerId: seller.id,
      partId,
      source: 'auction_won',
      sourceId: auctionId,
      totalCents: 14_000,
      reason: 'unpaid',
    });
    const strikes = await t.sql<{ buyer_id: string; n: number }>('select buyer_id, count(*)::int as n from unpaid_auction_orders group by buyer_id');
    expect(strikes).toEqual([{ buyer_id: winner.id, n: 1 }]);

    const { auctionId: next } = await activeAuction();
    await bid(winner, next, 100).expect(201);
    await putSettings('bidder', { maxUnpaidItems: 1 });
    try {
      expect((await bid(winner, next, 200).expect(403)).body.message).toBe('Bidding is blocked on your account because of unpaid items; contact support');
      await bid(b2, next, 210).expect(201);
      await putSettings('bidder', { maxUnpaidItems: 2 });
      await bid(winner, next, 300).expect(201);
    } finally {
      await putSettings('bidder', { maxUnpaidItems: 0 });
    }
  });
});
