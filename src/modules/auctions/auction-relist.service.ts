import { inject, injectable } from 'inversify';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { CatalogApi } from '../catalog/index.js';
import { AuctionRelist } from './auction-relist.entity.js';
import { insertRelist, relistCounts } from './auction-relist.repository.js';
import { Auction, OPEN_STATUSES } from './auction.entity.js';
import { readAuction } from './auction.repository.js';
import { money, type AuctionRow } from './auction.row.js';
import { auctionRefusal } from './auction.rules.js';
import { addStartAndEndJobs, RELIST_TASK, relistJobKey } from './auctions.tasks.js';

const HOUR = 60 * 60 * 1000;

/**
 * Relists of unsold auctions: one relist row per original, scheduled when it ends (auto-relist) or made by an admin
 * (manual relist), processed into a new auction at its time, or skipped when its part can no longer be auctioned.
 */
@injectable()
export class AuctionRelistService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
  ) {}

  /**
   * Schedules the relist of `a`, which just ended unsold (in the caller's transaction): `relistDelay` hours after
   * its end, or after `notBefore` (the reserve-not-met window), with its job.
   */
  async schedule(tx: EntityManager, a: AuctionRow, now: Date, notBefore: number): Promise<void> {
    const runAt = new Date(Math.max(now.getTime(), a.endTime.getTime(), notBefore) + a.relistDelay * HOUR);
    if (await insertRelist(tx, a.id, runAt, now)) {
      await this.jobs.add(tx, RELIST_TASK, { auctionId: a.id }, { runAt, jobKey: relistJobKey(a.id), jobKeyMode: 'replace' });
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
    return this.db.transaction(async (tx) => {
      const a = await readAuction(tx, originalId, true);
      if (!a) throw Errors.notFound('Auction');
      const now = this.clock.now();
      if (force) {
        if (a.status !== 'ended') throw Errors.conflict('auction_not_ended', 'Only ended auctions can be relisted');
        if (a.winnerId) throw Errors.conflict('auction_sold', 'This auction was sold and cannot be relisted');
        await insertRelist(tx, a.id, now, now);
      }
      const job = await tx.findOne(AuctionRelist, { originalId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!job || job.status !== 'pending') {
        if (force) throw Errors.conflict('already_relisted', 'This auction was already relisted');
        return null;
      }
      if (!force && now.getTime() < job.scheduledTime.getTime()) return null;
      // A part sold, no longer listed or approved, or already in another open auction is not relisted.
      const open = await tx.count(Auction, { partId: a.partId, status: { $in: [...OPEN_STATUSES] } });
      if (!part || auctionRefusal(part) || open) {
        await tx.nativeUpdate(AuctionRelist, { id: job.id }, { status: 'skipped', processedAt: now });
        this.logger.info({ auctionId: originalId }, 'relist skipped: the part is no longer for auction');
        return null;
      }
      const tenths = Math.round(a.relistPriceReduction * 10);
      const startingBid = Math.max(1, Math.floor((a.startingBid * (1000 - tenths)) / 1000));
      const duration = a.endTime.getTime() - a.startTime.getTime();
      const startTime = new Date(now.getTime() + 60_000);
      const endTime = new Date(startTime.getTime() + duration);
      const relisted = tx.create(Auction, {
        partId: a.partId,
        sellerId: a.sellerId,
        auctionType: a.auctionType,
        title: a.title,
        description: a.description,
        startingBid: money(startingBid)!,
        reservePrice: money(a.reservePrice),
        buyItNowPrice: money(a.buyItNowPrice),
        bidIncrement: money(a.bidIncrement)!,
        startTime,
        endTime,
        autoExtendTrigger: a.autoExtendTrigger,
        autoExtendTime: a.autoExtendTime,
        maxExtensions: a.maxExtensions,
        autoRelist: a.autoRelist,
        relistCount: a.relistCount + 1,
        maxRelists: a.maxRelists,
        relistPriceReduction: a.relistPriceReduction,
        relistDelay: a.relistDelay,
        relistedFrom: a.id,
        allowProxy: a.allowProxy,
        shippingCost: money(a.shippingCost),
        conditions: a.conditions,
        location: a.location,
        sellerIp: a.sellerIp,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      await tx.nativeUpdate(AuctionRelist, { id: job.id }, { status: 'processed', processedAt: now, newAuctionId: relisted.id });
      await addStartAndEndJobs(this.jobs, tx, relisted.id, startTime, endTime);
      return relisted.id;
    });
  }

  /** The seller and the high bidder agreed in the reserve-not-met window: the pending relist is skipped. Idempotent. */
  async skipRelist(auctionId: string): Promise<boolean> {
    const skipped = await this.db.em.nativeUpdate(
      AuctionRelist,
      { originalId: auctionId, status: 'pending' },
      { status: 'skipped', processedAt: this.clock.now() },
    );
    return skipped > 0;
  }

  /** GET /api/admin/auto-relist/status: the counts and the 20 soonest pending relists. */
  async relistStatus() {
    const counts = await relistCounts(this.db.em);
    const upcoming = await this.db.em.find(
      AuctionRelist,
      { status: 'pending' },
      { orderBy: { scheduledTime: 'asc' }, limit: 20, fields: ['originalId', 'scheduledTime'] },
    );
    return {
      totalJobs: counts.total,
      pendingJobs: counts.pending,
      processedJobs: counts.processed,
      upcomingJobs: upcoming.map((r) => ({ type: 'auction', originalId: r.originalId, scheduledTime: r.scheduledTime.toISOString() })),
    };
  }
}
