import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { CANCEL_BIDS_MESSAGES } from './bidding-pattern-review.service.js';
import { BID_MESSAGES } from './bid.rules.js';

let t: TestApp;
let seller: TestUser;
let admin: TestUser;
let buyer: TestUser;

const tick = () => t.inContext(() => t.rt.container.get(AuctionLifecycleService).tick());

/** An active auction of a fresh part; the clock ends at its start. */
async function activeAuction(): Promise<string> {
  const partId = await partOf(seller);
  const res = await seller.agent.post('/api/auctions').send(auctionForm(t, partId, {}, HOUR, 48 * HOUR));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  t.clock.advance(HOUR);
  await tick();
  return res.body.id as string;
}

/** A pending flag of `userId` on `auctionId`, as the bidding engine records it. */
async function flag(userId: string, auctionId: string, pattern = 'shared_ip_with_seller'): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `insert into bidding_patterns (user_id, auction_id, pattern_type, description, risk_score) values ($1, $2, $3, 'Same IP as the seller', 30) returning id`,
    [userId, auctionId, pattern],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sam_seller', 'admin');
  admin = await quickUser(t, 'ada_admin', 'admin');
  buyer = await quickUser(t, 'bea_buyer');
  const current = (await admin.agent.get('/api/admin/settings').expect(200)).body.bidder;
  await admin.agent.put('/api/admin/settings/bidder').send({ ...current, patternAnalysisEnabled: false }).expect(200);
}, 60_000);
afterAll(async () => t?.close());

describe('the bidding-patterns queue', () => {
  it('answers admins only', async () => {
    const auctionId = await activeAuction();
    const id = await flag(buyer.id, auctionId);
    await t.agent().get('/api/admin/bidding-patterns').expect(401);
    await buyer.agent.get('/api/admin/bidding-patterns').expect(403);
    await buyer.agent.get(`/api/admin/bidding-patterns/${id}`).expect(403);
    await buyer.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'none' }).expect(403);
  });

  it('lists flags with the bidder, their suspicious score and the auction, filtered by status', async () => {
    const auctionId = await activeAuction();
    const suspect = await quickUser(t, 'lou_listed');
    await t.sql('update users set suspicious_activity_score = 40 where id = $1', [suspect.id]);
    const id = await flag(suspect.id, auctionId);
    const res = await admin.agent
      .get('/api/admin/bidding-patterns')
      .query({ filter: JSON.stringify({ status: 'pending', userId: suspect.id }) })
      .expect(200);
    expect(res.headers['content-range']).toBe('bidding-patterns 0-0/1');
    expect(res.body[0]).toMatchObject({
      id,
      userId: suspect.id,
      username: 'lou_listed',
      suspiciousActivityScore: 40,
      auctionId,
      auctionTitle: 'Weber 48 IDA pair',
      auctionStatus: 'active',
      patternType: 'shared_ip_with_seller',
      riskScore: 30,
      status: 'pending',
      actionTaken: null,
      bidderBlocked: false,
    });
    const bad = await admin.agent.get('/api/admin/bidding-patterns').query({ filter: JSON.stringify({ actionTaken: 'ban' }) }).expect(400);
    expect(bad.body.errors.actionTaken).toMatch(/^Action must be one of/);
    await admin.agent.post('/api/admin/bidding-patterns').send({}).expect(405);
    await admin.agent.delete(`/api/admin/bidding-patterns/${id}`).expect(405);
  });

  it('records a review with the new score once, and audits it', async () => {
    const auctionId = await activeAuction();
    const suspect = await quickUser(t, 'rev_reviewed');
    await t.sql('update users set suspicious_activity_score = 50 where id = $1', [suspect.id]);
    const id = await flag(suspect.id, auctionId);
    const res = await admin.agent
      .put(`/api/admin/bidding-patterns/${id}`)
      .send({ actionTaken: 'none', notes: 'A family member, same house', suspiciousActivityScore: 10 })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'reviewed', actionTaken: 'none', reviewedBy: admin.id, suspiciousActivityScore: 10 });
    const again = await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'warning' }).expect(409);
    expect(again.body.message).toBe('This flag has already been reviewed');
    const audit = (await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ entityId: id }) }).expect(200)).body;
    expect(audit[0]).toMatchObject({
      action: 'bidding_pattern.reviewed',
      actorId: admin.id,
      reason: 'A family member, same house',
      before: { status: 'pending', suspiciousActivityScore: 50 },
      after: { status: 'reviewed', actionTaken: 'none', suspiciousActivityScore: 10 },
    });
    const bad = await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'none', suspiciousActivityScore: 101 }).expect(400);
    expect(bad.body.errors.suspiciousActivityScore).toBe('Suspicious score must be between 0 and 100');
  });

  it('mails the bidder a warning', async () => {
    const auctionId = await activeAuction();
    const suspect = await quickUser(t, 'wes_warned');
    const id = await flag(suspect.id, auctionId);
    await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'warning', notes: 'Please bid from your own network.' }).expect(200);
    await t.drain();
    const [mail] = await t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 and subject like $2', [
      'wes_warned@example.com',
      'A warning%',
    ]);
    expect(mail!.subject).toBe('A warning about your bidding on Pitlane');
    expect(mail!.text).toContain('Please bid from your own network.');
  });

  it('blocks a bidder: their next bid is refused, on every auction', async () => {
    const auctionId = await activeAuction();
    const suspect = await quickUser(t, 'bob_blocked');
    await suspect.agent.post(`/api/auctions/${auctionId}/bids`).send({ bidAmount: 100 }).expect(201);
    const id = await flag(suspect.id, auctionId);
    const res = await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'block_bidder' }).expect(200);
    expect(res.body).toMatchObject({ actionTaken: 'block_bidder', bidderBlocked: true });
    const refused = await suspect.agent.post(`/api/auctions/${auctionId}/bids`).send({ bidAmount: 200 }).expect(403);
    expect(refused.body.message).toBe(BID_MESSAGES.blocked);
    const other = await activeAuction();
    await suspect.agent.post(`/api/auctions/${other}/bids`).send({ bidAmount: 100 }).expect(403);
    const settings = (await admin.agent.get('/api/admin/settings').expect(200)).body.bidder;
    expect(settings.blockedBidders).toContain('bob_blocked');
    const audit = (await admin.agent.get('/api/admin/audit-log').query({ filter: JSON.stringify({ entityType: 'settings', entityId: 'bidder' }) }).expect(200)).body;
    expect(audit[0].after.blockedBidders).toContain('bob_blocked');
  });

  it('refuses to cancel bids, saying why, and leaves the flag pending', async () => {
    const auctionId = await activeAuction();
    const suspect = await quickUser(t, 'cal_cancel');
    const id = await flag(suspect.id, auctionId);
    const active = await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'cancel_bids' }).expect(409);
    expect(active.body.message).toBe(CANCEL_BIDS_MESSAGES.unsupported);
    await t.sql(`update auctions set status = 'ended' where id = $1`, [auctionId]);
    const ended = await admin.agent.put(`/api/admin/bidding-patterns/${id}`).send({ actionTaken: 'cancel_bids' }).expect(409);
    expect(ended.body.message).toBe(CANCEL_BIDS_MESSAGES.notActive);
    expect((await admin.agent.get(`/api/admin/bidding-patterns/${id}`).expect(200)).body.status).toBe('pending');
  });
});
