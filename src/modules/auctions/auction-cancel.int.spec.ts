import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { CANCEL_MESSAGES } from './auction-cancel.service.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';

// Issue 17: the seller of a scheduled auction nobody has bid on may cancel it (POST /api/auctions/{id}/cancel).

let t: TestApp;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;

const tick = () => t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());

/** Schedules an auction of a fresh part of the seller, starting in an hour; returns its id. */
async function schedule(): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'cal_cancel', 'admin');
  other = await quickUser(t, 'oz_other', 'admin');
  buyer = await quickUser(t, 'bo_buyer');
}, 60_000);
afterAll(async () => t?.close());

describe('cancelling a scheduled auction', () => {
  it('lets its seller cancel it: it never starts, leaves the public list and its jobs are gone', async () => {
    const id = await schedule();
    const res = await seller.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ id, status: 'cancelled', totalBids: 0 });
    // Cancelling again changes nothing.
    await seller.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(200);

    const jobs = await t.sql<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs where key in ($1, $2)`,
      [`auction-start:${id}`, `auction-end:${id}`],
    );
    expect(jobs[0]!.n).toBe(0);

    t.clock.advance(2 * HOUR);
    await tick();
    expect((await t.agent().get(`/api/auctions/${id}`).expect(200)).body.status).toBe('cancelled');
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ amount: '200.00' }).expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));

    const publicList = await t.agent().get('/api/auctions').query({ limit: 100 }).expect(200);
    expect(publicList.body.map((a: { id: string }) => a.id)).not.toContain(id);
    const own = await seller.agent.get('/api/auctions').query({ sellerId: seller.id, limit: 100 }).expect(200);
    expect(own.body.find((a: { id: string }) => a.id === id)?.status).toBe('cancelled');
    const byStatus = await seller.agent.get('/api/auctions').query({ sellerId: seller.id, status: 'cancelled' }).expect(200);
    expect(byStatus.body.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('refuses visitors, other users and auctions that have started', async () => {
    const id = await schedule();
    await t.agent().post(`/api/auctions/${id}/cancel`).send({}).expect(401);
    const notYours = await other.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(403);
    expect(notYours.body.message).toBe(CANCEL_MESSAGES.notYours);
    await buyer.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(403);
    await seller.agent.post('/api/auctions/00000000-0000-4000-8000-000000000000/cancel').send({}).expect(404);

    t.clock.advance(HOUR);
    await tick();
    const started = await seller.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(409);
    expect(started.body.message).toBe(CANCEL_MESSAGES.notScheduled);
  });

  it('refuses a scheduled auction that has bids', async () => {
    const id = await schedule();
    // A scheduled auction takes no bids through the API; a row written directly stands for any that got in.
    await t.sql('update auctions set total_bids = 1 where id = $1', [id]);
    const res = await seller.agent.post(`/api/auctions/${id}/cancel`).send({}).expect(409);
    expect(res.body.message).toBe(CANCEL_MESSAGES.hasBids);
  });
});

describe('a part in a scheduled auction', () => {
  it('cannot be withdrawn or marked sold elsewhere until its seller cancels the auction', async () => {
    const partId = await partOf(seller);
    const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId)).expect(201);
    const refused = await seller.agent.post(`/api/parts/${partId}/mark-sold`).send({}).expect(409);
    expect(refused.body.code).toBe('part_in_auction');
    await seller.agent.post(`/api/parts/${partId}/withdraw`).send({}).expect(409);
    await seller.agent.post(`/api/auctions/${res.body.id}/cancel`).send({}).expect(200);
    const sold = await seller.agent.post(`/api/parts/${partId}/mark-sold`).send({}).expect(200);
    expect(sold.body).toMatchObject({ isSold: true, activeAuctionId: null });
  });
});
