import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCli } from '../../cli/main.js';
import { startWorker } from '../../jobs/runner.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { catalogModule } from '../catalog/index.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionNotificationService } from './auction-notification.service.js';
import { BidBatchService } from './bid-batch.service.js';
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

describe('start, end, relist and reminders over time', () => {
  it('does nothing when a start or end job runs early or twice', async () => {
    const id = await schedule();
    expect(await t.inContext(() => lifecycle().start(id))).toBe(false);
    t.clock.advance(HOUR);
    expect(await t.inContext(() => lifecycle().start(id))).toBe(true);
    expect(await t.inContext(() => lifecycle().start(id))).toBe(false);
    expect(await t.inContext(() => lifecycle().end(id))).toBe(false);
    t.clock.advance(2 * HOUR);
    expect(await t.inContext(() => lifecycle().end(id))).toBe(true);
    expect(await t.inContext(() => lifecycle().end(id))).toBe(false);
  });

  it('collects the outbid notices queued while the worker is busy for one sweep and mails each bidder once per auction', async () => {
    const id = await activeAuction({ title: 'Busy outbid' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 110 }).expect(201); // outbids jason
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 120 }).expect(201); // outbids kim
    await bidder3.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 130 }).expect(201); // outbids jason again
    const second = await activeAuction({ title: 'Busy outbid too' });
    await bidder2.agent.post(`/api/auctions/${second}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder3.agent.post(`/api/auctions/${second}/bids`).send({ bidAmount: 110 }).expect(201); // outbids kim
    const waiting = await t.sql<{ auction_id: string; user_id: string; bid_seq: string }>(
      'select auction_id, user_id, bid_seq from auction_outbid_notices where auction_id in ($1, $2) order by id',
      [id, second],
    );
    // The bids stored their notices; no job per bid, one sweep queued after them.
    expect(waiting.map((n) => [n.auction_id, n.user_id])).toEqual([
      [id, buyer.id],
      [id, bidder2.id],
      [id, buyer.id],
      [second, bidder2.id],
    ]);
    const notices = waiting.map((n) => ({ auctionId: n.auction_id, userId: n.user_id, bidSeq: String(n.bid_seq) }));
    await t.rt.container.get(BidBatchService).outbidSweepQueued();
    expect(await t.sql(`select 1 from graphile_worker.jobs where task_identifier = 'auctions/sweep-outbid'`)).toHaveLength(1);
    await t.drain();
    const mails = await t.sql<{ to: string; text: string }>('select "to", text from mail_outbox where subject = $1 order by "to"', [
      'You have been outbid: Busy outbid',
    ]);
    // Jason, outbid twice before the worker came round, gets one mail with the price as it is now.
    expect(mails.map((m) => m.to)).toEqual(['jason@example.com', 'kim_bidder@example.com']);
    expect(mails[0]!.text).toContain('The current bid is $130.00.');
    expect(await t.sql('select "to" from mail_outbox where subject = $1', ['You have been outbid: Busy outbid too'])).toEqual([
      { to: 'kim_bidder@example.com' },
    ]);
    // The same notices again, both auctions in one call (a retried job): nobody is mailed twice.
    await t.inContext(() => t.rt.container.get(AuctionNotificationService).notifyOutbid(notices));
    expect(await t.sql('select 1 from auction_outbid_notices where auction_id in ($1, $2)', [id, second])).toHaveLength(0);
    await t.drain();
    expect(await t.sql('select 1 from mail_outbox where subject = $1', ['You have been outbid: Busy outbid'])).toHaveLength(2);
    expect(await t.sql('select 1 from mail_outbox where subject = $1', ['You have been outbid: Busy outbid too'])).toHaveLength(1);
  });

  it('ends with the top bidder as winner when the reserve is met, and emails both sides', async () => {
    const id = await activeAuction({ title: 'Ending with a winner', reservePrice: '120' });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    await bidder2.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 120 }).expect(201);
    t.clock.advance(2 * HOUR);
    await tick();
    const auction = (await t.agent().get(`/api/auctions/${id}`)).body;
    expect(auction).toMatchObject({ status: 'ended', winnerId: bidder2.id, currentBid: '120.00' });
    await t.rt.container.get(BidBatchService).outbidSweepQueued();
    await t.drain();
    const mails = await t.sql<{ to: string; subject: string }>(
      'select "to", subject from mail_outbox where subject like $1 order by "to"',
      ['%Ending with a winner'],
    );
    expect(mails).toEqual([
      { to: 'jason@example.com', subject: 'You have been outbid: Ending with a winner' },
      { to: 'kim_bidder@example.com', subject: 'You won: Ending with a winner' },
      { to: 'sam_seller@example.com', subject: 'Sold: Ending with a winner' },
    ]);
    // Payment is due now, by a deadline written for people (not "the seller will be in touch about payment").
    const [won] = await t.sql<{ text: string }>('select text from mail_outbox where subject = $1', ['You won: Ending with a winner']);
    const [{ ended_at }] = (await t.sql<{ ended_at: Date }>('select ended_at from auctions where id = $1', [id])) as [{ ended_at: Date }];
    const payBy = new Date(new Date(ended_at).getTime() + 48 * HOUR);
    const when = `${payBy.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
    expect(won!.text).toContain(`Payment is due now: pay at the checkout by ${when}, or the order is cancelled.`);
    expect(won!.text).not.toContain('in touch about payment');
  });

  it('ends without a winner when the reserve is not met and relists after the delay at a lower start', async () => {
    const id = await activeAuction({ title: 'Reserve not met', reservePrice: '150', autoRelist: true, relistPriceReduction: 12.5, relistDelay: 2 });
    await buyer.agent.post(`/api/auctions/${id}/bids`).send({ bidAmount: 100 }).expect(201);
    t.clock.advance(2 * HOUR);
    await tick();
    expect((await t.agent().get(`/api/auctions/${id}`)).body).toMatchObject({ status: 'ended', winnerId: null });
    const status = (await admin.agent.get('/api/admin/auto-relist/status').expect(200)).body;
    expect(status.upcomingJobs).toContainEqual({ type: 'auction', originalId: id, scheduledTime: expect.any(String) });
    await buyer.agent.get('/api/admin/auto-relist/status').expect(403);

    // Bids below the reserve: the seller and the high bidder have 24 hours to agree (issue 23) before the delay starts.
    t.clock.advance(24 * HOUR + HOUR);
    expect((await tick()).relisted).toBe(0);
    t.clock.advance(HOUR);
    expect((await tick()).relisted).toBe(1);
    expect((await tick()).relisted).toBe(0);
    const relisted = await t.sql<{ id: string; starting_bid: string; relist_count: number; status: string }>(
      'select id, starting_bid::text, relist_count, status from auctions where relisted_from = $1',
      [id],
    );
    expect(relisted).toEqual([{ id: expect.any(String), starting_bid: '87.50', relist_count: 1, status: 'scheduled' }]);
    const after = (await admin.agent.get('/api/admin/auto-relist/status').expect(200)).body;
    expect(after.processedJobs).toBeGreaterThanOrEqual(1);
    const again = await admin.agent.post(`/api/admin/auto-relist/manual/auction/${id}`).expect(409);
    expect(again.body.message).toBe('This auction was already relisted');
  });

  it('relists an unsold auction by hand for an admin', async () => {
    const id = await activeAuction({ title: 'Manual relist' });
    t.clock.advance(2 * HOUR);
    await tick();
    const res = await admin.agent.post(`/api/admin/auto-relist/manual/auction/${id}`).expect(200);
    expect(res.body).toMatchObject({ originalId: id, newAuctionId: expect.any(String) });
  });

  it('relists by hand from the command line: pitlane relist auction <id>', async () => {
    const id = await activeAuction({ title: 'CLI relist', startingBid: '80.00', relistPriceReduction: 10 });
    t.clock.advance(2 * HOUR);
    await tick();
    const saved = { ...process.env };
    Object.assign(process.env, {
      DATABASE_URL: t.rt.databaseUrl,
      DATA_DIR: t.rt.config.dataDir,
      SESSION_SECRET: t.rt.config.sessionSecret,
      LOG_LEVEL: 'silent',
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await buildCli().parseAsync(['node', 'pitlane', 'relist', 'auction', id]);
      const [row] = await t.sql<{ id: string; starting_bid: string }>(
        'select id, starting_bid::text from auctions where relisted_from = $1',
        [id],
      );
      expect(row!.starting_bid).toBe('72.00');
      expect(log).toHaveBeenCalledWith(`Auction ${id} relisted as ${row!.id}.`);
    } finally {
      log.mockRestore();
      process.env = saved;
    }
  });

  it('sends watchers the 24 h and 1 h reminders before start and end, each once', async () => {
    const id = await schedule({ title: 'Reminder auction' }, 30 * HOUR, 30 * HOUR);
    await bidder3.agent.post(`/api/auctions/${id}/watch`).expect(200);
    const reminders = async () => {
      await t.drain();
      return (
        await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1 and subject like $2 order by created_at', [
          'lee_bidder@example.com',
          '%Reminder auction',
        ])
      ).map((m) => m.subject);
    };
    t.clock.advance(6 * HOUR + 30 * 60_000);
    await tick();
    await tick();
    expect(await reminders()).toEqual(['Auction starts in 24 hours: Reminder auction']);
    t.clock.advance(23 * HOUR);
    await tick();
    expect(await reminders()).toHaveLength(2);
    t.clock.advance(HOUR);
    await tick();
    t.clock.advance(6 * HOUR);
    await tick();
    t.clock.advance(23 * HOUR);
    await tick();
    await tick();
    expect(await reminders()).toEqual([
      'Auction starts in 24 hours: Reminder auction',
      'Auction starts in 1 hour: Reminder auction',
      'Auction ends in 24 hours: Reminder auction',
      'Auction ends in 1 hour: Reminder auction',
    ]);
    // The moment is written for people, not as a raw timestamp.
    const [last] = await t.sql<{ text: string }>('select text from mail_outbox where "to" = $1 and subject = $2', ['lee_bidder@example.com', 'Auction ends in 1 hour: Reminder auction']);
    expect(last!.text).toMatch(/^"Reminder auction" ends in 1 hour, at \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
    expect(last!.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('catches up as soon as a worker starts, without waiting for the next cron minute', async () => {
    const id = await schedule();
    t.clock.advance(HOUR); // due now, as after a restart that missed the start job's moment
    const runner = await startWorker(t.rt, 1);
    try {
      await vi.waitFor(async () => expect((await t.agent().get(`/api/auctions/${id}`)).body.status).toBe('active'), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await runner.stop();
    }
  });
});
