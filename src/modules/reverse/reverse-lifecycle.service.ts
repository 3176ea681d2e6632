import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import { ReverseAuction } from './reverse-auction.entity.js';
import { ReverseNotificationService } from './reverse-notification.service.js';
import { ReverseRelist } from './reverse-relist.entity.js';
import { REVERSE_EVENTS, type UnfilledRequestPayload } from './reverse.events.js';
import { amount, cents, money } from './reverse.mapper.js';
import { AWARD_WINDOW_MS, relistBudget } from './reverse.rules.js';
import { ReverseService } from './reverse.service.js';
import {
  CLOSE_TASK,
  closeJobKey,
  END_TASK,
  endJobKey,
  RELIST_TASK,
  relistJobKey,
  RESULT_TASK,
  resultJobKey,
} from './reverse.tasks.js';

const HOUR = 60 * 60 * 1000;

/**
 * Starts and ends requests, closes unawarded ones 7 days after the end and relists what got no award. Every
 * step locks the request's row and re-checks the Clock and the status, so a job that runs early, late or twice
 * changes nothing it should not; the minute tick (and one at every worker start) catches up whatever a job missed.
 */
@injectable()
export class ReverseLifecycleService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(ReverseService) private readonly requests: ReverseService,
    @inject(ReverseActivityService) private readonly activity: ReverseActivityService,
    @inject(ReverseNotificationService) private readonly notifications: ReverseNotificationService,
  ) {}

  /** Opens a scheduled request whose start time has come (its matching sellers were told when it was posted). */
  async start(id: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const r = await this.lock(em, id);
      const now = this.clock.now();
      if (!r || r.status !== 'scheduled' || now.getTime() < r.startTime.getTime()) return false;
      Object.assign(r, { status: 'active', updatedAt: now } satisfies Partial<ReverseAuction>);
      await this.jobs.add(em, END_TASK, { reverseAuctionId: id }, { runAt: r.endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
      return true;
    });
  }

  /** Ends an active request at its end time: without quotes it closes at once, else the 7-day award window opens. */
  async end(id: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const r = await this.lock(em, id);
      const now = this.clock.now();
      if (!r || r.status !== 'active' || now.getTime() < r.endTime.getTime()) return false;
      const noQuotes = r.totalBids === 0;
      Object.assign(r, {
        status: 'ended',
        endedAt: r.endTime,
        awardStatus: noQuotes ? 'unawarded' : null,
        closedAt: noQuotes ? now : null,
        updatedAt: now,
      } satisfies Partial<ReverseAuction>);
      await this.activity.record(em, id, [{ type: 'end', data: { totalBids: r.totalBids, currentLowBid: amount(r.currentLowestBid) } }]);
      await this.bus.publish(em, { name: REVERSE_EVENTS.requestEnded, payload: { reverseAuctionId: id, totalBids: r.totalBids } });
      await this.jobs.add(em, RESULT_TASK, { reverseAuctionId: id }, { jobKey: resultJobKey(id) });
      if (noQuotes) await this.closeUnawarded(em, r, now);
      else {
        const runAt = new Date(r.endTime.getTime() + AWARD_WINDOW_MS);
        await this.jobs.add(em, CLOSE_TASK, { reverseAuctionId: id }, { runAt, jobKey: closeJobKey(id), jobKeyMode: 'replace' });
      }
      return true;
    });
  }

  /** Closes, unawarded, an ended request whose 7-day award window has passed. */
  async close(id: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const r = await this.lock(em, id);
      const now = this.clock.now();
      if (!r || r.status !== 'ended' || r.awardStatus || !r.endedAt) return false;
      if (now.getTime() <= r.endedAt.getTime() + AWARD_WINDOW_MS) return false;
      Object.assign(r, { awardStatus: 'unawarded', closedAt: now, updatedAt: now } satisfies Partial<ReverseAuction>);
      await this.jobs.add(em, RESULT_TASK, { reverseAuctionId: id }, { jobKey: resultJobKey(id) });
      await this.closeUnawarded(em, r, now);
      return true;
    });
  }

  /**
   * What follows an unawarded close: the relist when one is due, else `reverse.request.unfilled`, so the garage
   * makes or offers the buyer an alert like the request (a relisted request is not dead yet: its relist says so).
   */
  private async closeUnawarded(em: EntityManager, r: ReverseAuction, now: Date): Promise<void> {
    if (await this.scheduleRelist(em, r, now)) return;
    const payload: UnfilledRequestPayload = {
      reverseAuctionId: r.id,
      buyerId: r.buyerId,
      title: r.title,
      partCategory: r.partCategory,
      make: r.make ?? null,
      model: r.model ?? null,
      yearStart: r.yearStart ?? null,
      yearEnd: r.yearEnd ?? null,
      maxBudget: amount(r.maxBudget)!,
      alertIfUnfilled: r.alertIfUnfilled,
    };
    await this.bus.publish(em, { name: REVERSE_EVENTS.requestUnfilled, payload });
  }

  /**
   * Schedules the one relist of an ending (auto-relist on and relists left): one row per original request, made
   * under the request's row lock.
   */
  private async scheduleRelist(em: EntityManager, r: ReverseAuction, now: Date): Promise<boolean> {
    if (!r.autoRelist || r.relistCount >= r.maxRelists) return false;
    if (await em.count(ReverseRelist, { originalId: r.id })) return true;
    const runAt = new Date(now.getTime() + r.relistDelay * HOUR);
    em.create(ReverseRelist, { originalId: r.id, scheduledTime: runAt, createdAt: now });
    await this.jobs.add(em, RELIST_TASK, { reverseAuctionId: r.id }, { runAt, jobKey: relistJobKey(r.id), jobKeyMode: 'replace' });
    return true;
  }

  /**
   * Posts the relisted request of `originalId` once its relist time has come (`force`: now, for admins), with
   * the maximum budget raised by its percentage. Returns the new request's id, or null when there was nothing to do.
   */
  async relist(originalId: string, force = false): Promise<string | null> {
    return this.db.transaction(async (em) => {
      const r = await this.lock(em, originalId);
      if (!r) throw Errors.notFound('Reverse auction');
      const now = this.clock.now();
      // The request's row lock serialises the relists of one request: the look and the insert are one step.
      let job = await em.findOne(ReverseRelist, { originalId }, { refresh: true });
      if (force) {
        if (r.status !== 'ended' || r.awardStatus !== 'unawarded') {
          throw Errors.conflict('reverse_auction_not_closed', 'Only requests that closed without an award can be relisted');
        }
        job ??= em.create(ReverseRelist, { originalId, scheduledTime: now, createdAt: now });
      }
      if (!job || job.status !== 'pending') {
        if (force) throw Errors.conflict('already_relisted', 'This request was already relisted');
        return null;
      }
      if (!force && now.getTime() < job.scheduledTime.getTime()) return null;
      const startTime = new Date(now.getTime() + 60_000);
      const endTime = new Date(startTime.getTime() + (r.endTime.getTime() - r.startTime.getTime()));
      const relisted = em.create(ReverseAuction, {
        buyerId: r.buyerId,
        title: r.title,
        description: r.description,
        partCategory: r.partCategory,
        make: r.make,
        model: r.model,
        yearStart: r.yearStart,
        yearEnd: r.yearEnd,
        condition: r.condition,
        maxBudget: money(relistBudget(cents(r.maxBudget)!, r.relistBudgetIncrease))!,
        minBidDecrement: r.minBidDecrement,
        startTime,
        endTime,
        location: r.location,
        shippingPreference: r.shippingPreference,
        urgency: r.urgency,
        images: r.images,
        autoRelist: r.autoRelist,
        relistCount: r.relistCount + 1,
        maxRelists: r.maxRelists,
        relistBudgetIncrease: r.relistBudgetIncrease,
        relistDelay: r.relistDelay,
        relistedFrom: r.id,
        alertIfUnfilled: r.alertIfUnfilled,
        createdAt: now,
        updatedAt: now,
      });
      Object.assign(job, { status: 'processed', processedAt: now, newReverseAuctionId: relisted.id } satisfies Partial<ReverseRelist>);
      await this.requests.scheduleJobs(em, relisted.id, startTime, endTime);
      return relisted.id;
    });
  }

  /** Catch-up: starts, ends, closes and relists whatever is due by the Clock, then sends due reminders. */
  async tick(): Promise<{ started: number; ended: number; closed: number; relisted: number; reminders: number }> {
    const now = this.clock.now();
    const em = this.db.em;
    const due = (where: object, orderBy: object) => em.find(ReverseAuction, where, { fields: ['id'], orderBy: orderBy as never });
    let started = 0;
    let ended = 0;
    let closed = 0;
    let relisted = 0;
    for (const { id } of await due({ status: 'scheduled', startTime: { $lte: now } }, { startTime: 'asc' })) {
      if (await this.start(id)) started++;
    }
    for (const { id } of await due({ status: 'active', endTime: { $lte: now } }, { endTime: 'asc' })) {
      if (await this.end(id)) ended++;
    }
    const windowStart = new Date(now.getTime() - AWARD_WINDOW_MS);
    for (const { id } of await due({ status: 'ended', awardStatus: null, endedAt: { $lt: windowStart } }, { endedAt: 'asc' })) {
      if (await this.close(id)) closed++;
    }
    const relists = await em.find(ReverseRelist, { status: 'pending', scheduledTime: { $lte: now } }, { fields: ['originalId'], orderBy: { scheduledTime: 'asc' } });
    for (const { originalId } of relists) {
      if (await this.relist(originalId)) relisted++;
    }
    const reminders = await this.notifications.sendReminders();
    return { started, ended, closed, relisted, reminders };
  }

  /** The reverse part of GET /api/admin/auto-relist/status. */
  async relistStatus() {
    const em = this.db.em;
    const [total, pending, upcoming] = await Promise.all([
      em.count(ReverseRelist, {}),
      em.count(ReverseRelist, { status: 'pending' }),
      em.find(ReverseRelist, { status: 'pending' }, { orderBy: { scheduledTime: 'asc' }, limit: 20 }),
    ]);
    return {
      totalJobs: total,
      pendingJobs: pending,
      processedJobs: total - pending,
      upcomingJobs: upcoming.map((r) => ({ type: 'reverse-auction', originalId: r.originalId, scheduledTime: r.scheduledTime.toISOString() })),
    };
  }

  private lock(em: EntityManager, id: string): Promise<ReverseAuction | null> {
    return em.findOne(ReverseAuction, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }
}
