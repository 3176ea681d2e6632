import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { ActivityService } from './activity.service.js';
import { AuctionNotificationService, RESULT_TASK } from './auction-notification.service.js';
import { money, readAuction, type AuctionRow } from './auction.repository.js';
import { maskName, reserveMet } from './auction.rules.js';
import { auctionRefusal, AuctionService, END_TASK, endJobKey } from './auction.service.js';
import { AUCTION_EVENTS } from './auctions.events.js';
import { Database } from '../../platform/db/database.js';

export const RELIST_TASK = 'auctions/relist';
export const TICK_TASK = 'auctions/tick';
export const relistJobKey = (id: string) => `auction-relist:${id}`;

const HOUR = 60 * 60 * 1000;
/** How long the seller and the high bidder of an auction that ended below its reserve have to agree. */
export const RESERVE_WINDOW_MS = 24 * HOUR;

/**
 * Starts and ends auctions and relists unsold ones (and has the due reminders sent). Every step locks the auction
 * row and re-checks the Clock and the status, so a job that runs early, late or twice changes nothing it
 * should not; the minute tick catches up whatever a job missed.
 */
@injectable()
export class AuctionLifecycleService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionService) private readonly auctions: AuctionService,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionNotificationService) private readonly notifications: AuctionNotificationService,
  ) {}

  /** Opens a scheduled auction whose start time has come. Returns whether it started. */
  async start(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const a = await readAuction(tx, id, true);
      const now = this.clock.now();
      if (!a || a.status !== 'scheduled' || now.getTime() < a.startTime.getTime()) return false;
      await tx.execute(`update auctions set status = 'active', updated_at = ? where id = ?`, [now.toISOString(), id]);
      await this.bus.publish(tx, {
        name: AUCTION_EVENTS.auctionStarted,
        payload: { auctionId: id, partId: a.partId, sellerId: a.sellerId, title: a.title, startingBid: money(a.startingBid), endTime: a.endTime.toISOString() },
      });
      // Only the end job: re-adding this (running) start job's key would queue a second, useless run.
      await this.jobs.add(tx, END_TASK, { auctionId: id }, { runAt: a.endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
      return true;
    });
  }

  /**
   * Closes an active auction whose end time has come: the top bid wins if the reserve is met. `early`: an admin
   * ends it now, before its end time, and `early` runs in the same transaction after the normal end.
   */
  async end(id: string, early?: (tx: EntityManager, a: AuctionRow) => Promise<void>): Promise<boolean> {
    // The likely winner's name is read before the lock, so no other module is asked while the row is held.
    const [leader] = await this.db.em.execute<{ bidder_id: string }[]>(
      'select bidder_id from bids where auction_id = ? and is_winning',
      [id],
    );
    const leaderName = leader ? (await this.accounts.findUser(leader.bidder_id))?.username : undefined;
    return this.db.em.transactional(async (tx) => {
      const a = await readAuction(tx, id, true);
      if (!a || a.status !== 'active' || (!early && this.clock.now().getTime() < a.endTime.getTime())) return false;
      let winnerId: string | null = null;
      if (a.totalBids > 0 && reserveMet(a)) {
        const [top] = await tx.execute<{ bidder_id: string }[]>(
          'select bidder_id from bids where auction_id = ? and is_winning',
          [id],
        );
        winnerId = top?.bidder_id ?? null;
      }
      await this.finish(tx, a, winnerId, a.currentBid, winnerId === leader?.bidder_id ? leaderName : undefined);
      if (early) await early(tx, a);
      return true;
    });
  }

  /** Ends `a` (locked by the caller) with `winnerId` at `amount` cents; publishes, notifies, schedules a relist. */
  async finish(
    tx: EntityManager,
    a: AuctionRow,
    winnerId: string | null,
    amount: number,
    username?: string,
  ): Promise<void> {
    const now = this.clock.now();
    await tx.execute(
      `update auctions set status = 'ended', winner_id = ?, ended_at = ?, updated_at = ? where id = ?`,
      [winnerId, now.toISOString(), now.toISOString(), a.id],
    );
    const sold = winnerId !== null;
    await this.activity.record(tx, a.id, 'end', {
      ...(username ? { username: maskName(username) } : {}),
      ...(sold ? { amount: money(amount)! } : {}),
      currentBid: money(a.currentBid > amount ? a.currentBid : amount)!,
    });
    if (sold) {
      await this.bus.publish(tx, {
        name: AUCTION_EVENTS.auctionWon,
        payload: { auctionId: a.id, partId: a.partId, sellerId: a.sellerId, winnerId, amount: money(amount) },
      });
    }
    await this.bus.publish(tx, { name: AUCTION_EVENTS.auctionEnded, payload: { auctionId: a.id, sold } });
    await this.jobs.add(tx, RESULT_TASK, { auctionId: a.id }, { jobKey: `auction-result:${a.id}` });
    // Bids below the reserve: the high bidder and the seller get a window to agree; no relist before it closes.
    let windowEndsAt = 0;
    if (!sold && a.totalBids > 0 && !reserveMet(a)) {
      const [top] = await tx.execute<{ bidder_id: string }[]>('select bidder_id from bids where auction_id = ? and is_winning', [a.id]);
      if (top) {
        windowEndsAt = now.getTime() + RESERVE_WINDOW_MS;
        await this.bus.publish(tx, {
          name: AUCTION_EVENTS.reserveNotMet,
          payload: {
            auctionId: a.id,
            partId: a.partId,
            sellerId: a.sellerId,
            highBidderId: top.bidder_id,
            highBid: money(a.currentBid)!,
            windowEndsAt: new Date(windowEndsAt).toISOString(),
          },
        });
      }
    }
    if (!sold && a.autoRelist && a.relistCount < a.maxRelists) {
      const runAt = new Date(Math.max(now.getTime(), a.endTime.getTime(), windowEndsAt) + a.relistDelay * HOUR);
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into auction_relists (original_id, scheduled_time, created_at) values (?, ?, ?)
         on conflict (original_id) do nothing returning id`,
        [a.id, runAt.toISOString(), now.toISOString()],
      );
      if (inserted.length) {
        await this.jobs.add(tx, RELIST_TASK, { auctionId: a.id }, { runAt, jobKey: relistJobKey(a.id), jobKeyMode: 'replace' });
      }
    }
  }

  /**
   * Creates the relisted auction of `originalId` once its relist time has come (`force`: now, for admins).
   * Returns the new auction's id, or null when there was nothing (yet) to do.
   */
  async relist(originalId: string, force = false): Promise<string | null> {
    const original = await readAuction(this.db.em, originalId);
    if (!original) throw Errors.notFound('Auction');
    const [part] = await this.catalog.findParts([original.partId]);
    return this.db.em.transactional(async (tx) => {
      const a = await readAuction(tx, originalId, true);
      if (!a) throw Errors.notFound('Auction');
      const now = this.clock.now();
      if (force) {
        if (a.status !== 'ended') throw Errors.conflict('auction_not_ended', 'Only ended auctions can be relisted');
        if (a.winnerId) throw Errors.conflict('auction_sold', 'This auction was sold and cannot be relisted');
        await tx.execute(
          `insert into auction_relists (original_id, scheduled_time, created_at) values (?, ?, ?)
           on conflict (original_id) do nothing`,
          [a.id, now.toISOString(), now.toISOString()],
        );
      }
      const [job] = await tx.execute<{ id: string; status: string; scheduled_time: Date }[]>(
        'select id, status, scheduled_time from auction_relists where original_id = ? for update',
        [originalId],
      );
      if (!job || job.status !== 'pending') {
        if (force) throw Errors.conflict('already_relisted', 'This auction was already relisted');
        return null;
      }
      if (!force && now.getTime() < new Date(job.scheduled_time).getTime()) return null;
      // A part sold, no longer listed or approved, or already in another open auction is not relisted.
      const [open] = await tx.execute<{ id: string }[]>(
        `select id from auctions where part_id = ? and status in ('scheduled', 'active') limit 1`,
        [a.partId],
      );
      if (!part || auctionRefusal(part) || open) {
        await tx.execute(`update auction_relists set status = 'skipped', processed_at = ? where id = ?`, [now.toISOString(), job.id]);
        this.logger.info({ auctionId: originalId }, 'relist skipped: the part is no longer for auction');
        return null;
      }
      const tenths = Math.round(a.relistPriceReduction * 10);
      const startingBid = Math.max(1, Math.floor((a.startingBid * (1000 - tenths)) / 1000));
      const duration = a.endTime.getTime() - a.startTime.getTime();
      const startTime = new Date(now.getTime() + 60_000);
      const endTime = new Date(startTime.getTime() + duration);
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into auctions (part_id, seller_id, auction_type, title, description, starting_bid, reserve_price,
           buy_it_now_price, bid_increment, start_time, end_time, auto_extend_trigger, auto_extend_time, max_extensions,
           auto_relist, relist_count, max_relists, relist_price_reduction, relist_delay, relisted_from, allow_proxy,
           shipping_cost, conditions, location, seller_ip, created_at, updated_at)
         select part_id, seller_id, auction_type, title, description, ?, reserve_price, buy_it_now_price, bid_increment,
           ?, ?, auto_extend_trigger, auto_extend_time, max_extensions, auto_relist, relist_count + 1, max_relists,
           relist_price_reduction, relist_delay, id, allow_proxy, shipping_cost, conditions, location, seller_ip, ?, ?
         from auctions where id = ? returning id`,
        [money(startingBid), startTime.toISOString(), endTime.toISOString(), now.toISOString(), now.toISOString(), a.id],
      );
      await tx.execute(
        `update auction_relists set status = 'processed', processed_at = ?, new_auction_id = ? where id = ?`,
        [now.toISOString(), row!.id, job.id],
      );
      await this.auctions.scheduleJobs(tx, row!.id, startTime, endTime);
      return row!.id;
    });
  }

  /** The seller and the high bidder agreed in the reserve-not-met window: the pending relist is skipped. Idempotent. */
  async skipRelist(auctionId: string): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const rows = await this.db.em.execute<{ id: string }[]>(
      `update auction_relists set status = 'skipped', processed_at = ? where original_id = ? and status = 'pending' returning id`,
      [now, auctionId],
    );
    return rows.length > 0;
  }

  /**
   * Ends, unsold, every open auction of a part that was sold (event `catalog.part.sold`): a part sells once, and
   * an auction of a sold part must take no more bids. Idempotent; returns how many it closed.
   */
  async closeForSoldPart(partId: string): Promise<number> {
    const open = await this.db.em.execute<{ id: string }[]>(
      `select id from auctions where part_id = ? and status in ('scheduled', 'active')`,
      [partId],
    );
    let closed = 0;
    for (const { id } of open) {
      const done = await this.db.em.transactional(async (tx) => {
        const a = await readAuction(tx, id, true);
        if (!a || (a.status !== 'scheduled' && a.status !== 'active')) return false;
        const now = this.clock.now().toISOString();
        await tx.execute(`update auctions set status = 'ended', ended_at = ?, updated_at = ? where id = ?`, [now, now, id]);
        await this.activity.record(tx, id, 'end', { currentBid: money(a.currentBid)! });
        await this.bus.publish(tx, { name: AUCTION_EVENTS.auctionEnded, payload: { auctionId: id, sold: false } });
        return true;
      });
      if (done) closed++;
    }
    return closed;
  }

  /** Catch-up: starts, ends and relists whatever is due by the Clock, then sends due reminders. */
  async tick(): Promise<{ started: number; ended: number; relisted: number; reminders: number }> {
    const now = this.clock.now().toISOString();
    const em = this.db.em;
    const due = (sql: string) => em.execute<{ id: string }[]>(sql, [now]);
    let started = 0;
    let ended = 0;
    let relisted = 0;
    for (const { id } of await due(`select id from auctions where status = 'scheduled' and start_time <= ? order by start_time`)) {
      if (await this.start(id)) started++;
    }
    for (const { id } of await due(`select id from auctions where status = 'active' and end_time <= ? order by end_time`)) {
      if (await this.end(id)) ended++;
    }
    for (const { id } of await due(
      `select original_id as id from auction_relists where status = 'pending' and scheduled_time <= ? order by scheduled_time`,
    )) {
      if (await this.relist(id)) relisted++;
    }
    const reminders = await this.notifications.sendReminders();
    return { started, ended, relisted, reminders };
  }

  /** GET /api/admin/auto-relist/status. */
  async relistStatus() {
    const em = this.db.em;
    const [counts] = await em.execute<{ total: number; pending: number; processed: number }[]>(
      `select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
              (count(*) filter (where status <> 'pending'))::int as processed from auction_relists`,
    );
    const upcoming = await em.execute<{ original_id: string; scheduled_time: Date }[]>(
      `select original_id, scheduled_time from auction_relists where status = 'pending' order by scheduled_time limit 20`,
    );
    return {
      totalJobs: counts!.total,
      pendingJobs: counts!.pending,
      processedJobs: counts!.processed,
      upcomingJobs: upcoming.map((r) => ({
        type: 'auction',
        originalId: r.original_id,
        scheduledTime: new Date(r.scheduled_time).toISOString(),
      })),
    };
  }
}
