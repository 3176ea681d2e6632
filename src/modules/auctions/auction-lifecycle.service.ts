import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { AccountsApi } from '../accounts/index.js';
import { ActivityService } from './activity.service.js';
import { AuctionNotificationService } from './auction-notification.service.js';
import { AuctionRelist } from './auction-relist.entity.js';
import { AuctionRelistService } from './auction-relist.service.js';
import { Auction, OPEN_STATUSES } from './auction.entity.js';
import { readAuction } from './auction.repository.js';
import { money, type AuctionRow } from './auction.row.js';
import { maskName, reserveMet } from './auction.rules.js';
import { AUCTION_EVENTS } from './auctions.events.js';
import { addEndJob, RESULT_TASK, resultJobKey } from './auctions.tasks.js';
import { Bid } from './bid.entity.js';

const HOUR = 60 * 60 * 1000;
/** How long the seller and the high bidder of an auction that ended below its reserve have to agree. */
export const RESERVE_WINDOW_MS = 24 * HOUR;

/**
 * Starts and ends auctions (and has the due relists and reminders done). Every step locks the auction row and
 * re-checks the Clock and the status, so a job that runs early, late or twice changes nothing it should not; the
 * minute tick catches up whatever a job missed.
 */
@injectable()
export class AuctionLifecycleService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionNotificationService) private readonly notifications: AuctionNotificationService,
    @inject(AuctionRelistService) private readonly relists: AuctionRelistService,
  ) {}

  /** Opens a scheduled auction whose start time has come. Returns whether it started. */
  async start(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const a = await readAuction(tx, id, true);
      const now = this.clock.now();
      if (!a || a.status !== 'scheduled' || now.getTime() < a.startTime.getTime()) return false;
      await tx.nativeUpdate(Auction, { id }, { status: 'active', updatedAt: now });
      await this.bus.publish(tx, {
        name: AUCTION_EVENTS.auctionStarted,
        payload: { auctionId: id, partId: a.partId, sellerId: a.sellerId, title: a.title, startingBid: money(a.startingBid), endTime: a.endTime.toISOString() },
      });
      // Only the end job: re-adding this (running) start job's key would queue a second, useless run.
      await addEndJob(this.jobs, tx, id, a.endTime);
      return true;
    });
  }

  /** The bidder of the auction's winning bid, if any. */
  private async leader(em: EntityManager, auctionId: string): Promise<string | null> {
    const bid = await em.findOne(Bid, { auctionId, isWinning: true }, { fields: ['bidderId'], refresh: true });
    return bid?.bidderId ?? null;
  }

  /**
   * Closes an active auction whose end time has come: the top bid wins if the reserve is met. `early`: an admin
   * ends it now, before its end time, and `early` runs in the same transaction after the normal end.
   */
  async end(id: string, early?: (tx: EntityManager, a: AuctionRow) => Promise<void>): Promise<boolean> {
    // The likely winner's name is read before the lock, so no other module is asked while the row is held.
    const leader = await this.leader(this.db.em, id);
    const leaderName = leader ? (await this.accounts.findUser(leader))?.username : undefined;
    return this.db.transaction(async (tx) => {
      const a = await readAuction(tx, id, true);
      if (!a || a.status !== 'active' || (!early && this.clock.now().getTime() < a.endTime.getTime())) return false;
      const winnerId = a.totalBids > 0 && reserveMet(a) ? await this.leader(tx, id) : null;
      await this.finish(tx, a, winnerId, a.currentBid, winnerId === leader ? leaderName : undefined);
      if (early) await early(tx, a);
      return true;
    });
  }

  /** Ends `a` (locked by the caller) with `winnerId` at `amount` cents; publishes, notifies, schedules a relist. */
  async finish(tx: EntityManager, a: AuctionRow, winnerId: string | null, amount: number, username?: string): Promise<void> {
    const now = this.clock.now();
    await tx.nativeUpdate(Auction, { id: a.id }, { status: 'ended', winnerId, endedAt: now, updatedAt: now });
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
    await this.jobs.add(tx, RESULT_TASK, { auctionId: a.id }, { jobKey: resultJobKey(a.id) });
    // Bids below the reserve: the high bidder and the seller get a window to agree; no relist before it closes.
    let windowEndsAt = 0;
    if (!sold && a.totalBids > 0 && !reserveMet(a)) {
      const highBidderId = await this.leader(tx, a.id);
      if (highBidderId) {
        windowEndsAt = now.getTime() + RESERVE_WINDOW_MS;
        await this.bus.publish(tx, {
          name: AUCTION_EVENTS.reserveNotMet,
          payload: {
            auctionId: a.id,
            partId: a.partId,
            sellerId: a.sellerId,
            highBidderId,
            highBid: money(a.currentBid)!,
            windowEndsAt: new Date(windowEndsAt).toISOString(),
          },
        });
      }
    }
    if (!sold && a.autoRelist && a.relistCount < a.maxRelists) await this.relists.schedule(tx, a, now, windowEndsAt);
  }

  /**
   * Ends, unsold, every open auction of a part that was sold (event `catalog.part.sold`): a part sells once, and
   * an auction of a sold part must take no more bids. Idempotent; returns how many it closed.
   */
  async closeForSoldPart(partId: string): Promise<number> {
    const open = await this.db.em.find(Auction, { partId, status: { $in: [...OPEN_STATUSES] } }, { fields: ['id'] });
    let closed = 0;
    for (const { id } of open) {
      const done = await this.db.transaction(async (tx) => {
        const a = await readAuction(tx, id, true);
        if (!a || (a.status !== 'scheduled' && a.status !== 'active')) return false;
        const now = this.clock.now();
        await tx.nativeUpdate(Auction, { id }, { status: 'ended', endedAt: now, updatedAt: now });
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
    const now = this.clock.now();
    const em = this.db.em;
    let started = 0;
    let ended = 0;
    let relisted = 0;
    const starting = await em.find(Auction, { status: 'scheduled', startTime: { $lte: now } }, { fields: ['id'], orderBy: { startTime: 'asc' } });
    for (const { id } of starting) {
      if (await this.start(id)) started++;
    }
    const ending = await em.find(Auction, { status: 'active', endTime: { $lte: now } }, { fields: ['id'], orderBy: { endTime: 'asc' } });
    for (const { id } of ending) {
      if (await this.end(id)) ended++;
    }
    const relisting = await em.find(
      AuctionRelist,
      { status: 'pending', scheduledTime: { $lte: now } },
      { fields: ['originalId'], orderBy: { scheduledTime: 'asc' } },
    );
    for (const { originalId } of relisting) {
      if (await this.relists.relist(originalId)) relisted++;
    }
    const reminders = await this.notifications.sendReminders();
    return { started, ended, relisted, reminders };
  }
}
