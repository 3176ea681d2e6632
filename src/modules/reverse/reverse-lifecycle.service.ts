import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import { ReverseNotificationService } from './reverse-notification.service.js';
import { REVERSE_EVENTS } from './reverse.events.js';
import { CLOSE_TASK, closeJobKey, END_TASK, endJobKey, MATCHING_SELLERS_TASK, RELIST_TASK, relistJobKey, RESULT_TASK } from './reverse.jobs.js';
import { money, readReverse, type ReverseRow } from './reverse.repository.js';
import { AWARD_WINDOW_MS, relistBudget } from './reverse.rules.js';
import { ReverseService } from './reverse.service.js';
import { Database } from '../../platform/db/database.js';

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

  /** Opens a scheduled request whose start time has come and queues the matching sellers' notices. */
  async start(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, id, true);
      const now = this.clock.now();
      if (!r || r.status !== 'scheduled' || now.getTime() < r.startTime.getTime()) return false;
      await tx.execute(`update reverse_auctions set status = 'active', updated_at = ? where id = ?`, [now.toISOString(), id]);
      await this.jobs.add(tx, END_TASK, { reverseAuctionId: id }, { runAt: r.endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
      await this.jobs.add(tx, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: null }, { jobKey: `reverse-matching:${id}` });
      return true;
    });
  }

  /** Ends an active request at its end time: without quotes it closes at once, else the 7-day award window opens. */
  async end(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, id, true);
      const now = this.clock.now();
      if (!r || r.status !== 'active' || now.getTime() < r.endTime.getTime()) return false;
      const noQuotes = r.totalBids === 0;
      await tx.execute(
        `update reverse_auctions set status = 'ended', ended_at = ?, award_status = ?, closed_at = ?, updated_at = ? where id = ?`,
        [r.endTime.toISOString(), noQuotes ? 'unawarded' : null, noQuotes ? now.toISOString() : null, now.toISOString(), id],
      );
      await this.activity.record(tx, id, [{ type: 'end', data: { totalBids: r.totalBids, currentLowBid: money(r.currentLowestBid) } }]);
      await this.bus.publish(tx, { name: REVERSE_EVENTS.requestEnded, payload: { reverseAuctionId: id, totalBids: r.totalBids } });
      await this.jobs.add(tx, RESULT_TASK, { reverseAuctionId: id }, { jobKey: `reverse-result:${id}` });
      if (noQuotes) await this.scheduleRelist(tx, r, now);
      else {
        const runAt = new Date(r.endTime.getTime() + AWARD_WINDOW_MS);
        await this.jobs.add(tx, CLOSE_TASK, { reverseAuctionId: id }, { runAt, jobKey: closeJobKey(id), jobKeyMode: 'replace' });
      }
      return true;
    });
  }

  /** Closes, unawarded, an ended request whose 7-day award window has passed. */
  async close(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, id, true);
      const now = this.clock.now();
      if (!r || r.status !== 'ended' || r.awardStatus !== null || !r.endedAt) return false;
      if (now.getTime() <= r.endedAt.getTime() + AWARD_WINDOW_MS) return false;
      await tx.execute(`update reverse_auctions set award_status = 'unawarded', closed_at = ?, updated_at = ? where id = ?`, [
        now.toISOString(),
        now.toISOString(),
        id,
      ]);
      await this.jobs.add(tx, RESULT_TASK, { reverseAuctionId: id }, { jobKey: `reverse-result:${id}` });
      await this.scheduleRelist(tx, r, now);
      return true;
    });
  }

  /** Schedules the one relist of an ending (auto-relist on and relists left): a unique row per original request. */
  private async scheduleRelist(tx: SqlExecutor, r: ReverseRow, now: Date): Promise<void> {
    if (!r.autoRelist || r.relistCount >= r.maxRelists) return;
    const runAt = new Date(now.getTime() + r.relistDelay * HOUR);
    const inserted = await tx.execute<{ id: string }[]>(
      `insert into reverse_relists (original_id, scheduled_time, created_at) values (?, ?, ?)
       on conflict (original_id) do nothing returning id`,
      [r.id, runAt.toISOString(), now.toISOString()],
    );
    if (inserted.length) {
      await this.jobs.add(tx, RELIST_TASK, { reverseAuctionId: r.id }, { runAt, jobKey: relistJobKey(r.id), jobKeyMode: 'replace' });
    }
  }

  /**
   * Posts the relisted request of `originalId` once its relist time has come (`force`: now, for admins), with
   * the maximum budget raised by its percentage. Returns the new request's id, or null when there was nothing to do.
   */
  async relist(originalId: string, force = false): Promise<string | null> {
    return this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, originalId, true);
      if (!r) throw Errors.notFound('Reverse auction');
      const now = this.clock.now();
      if (force) {
        if (r.status !== 'ended' || r.awardStatus !== 'unawarded') {
          throw Errors.conflict('reverse_auction_not_closed', 'Only requests that closed without an award can be relisted');
        }
        await tx.execute(
          `insert into reverse_relists (original_id, scheduled_time, created_at) values (?, ?, ?) on conflict (original_id) do nothing`,
          [r.id, now.toISOString(), now.toISOString()],
        );
      }
      const [job] = await tx.execute<{ id: string; status: string; scheduled_time: Date }[]>(
        'select id, status, scheduled_time from reverse_relists where original_id = ? for update',
        [originalId],
      );
      if (!job || job.status !== 'pending') {
        if (force) throw Errors.conflict('already_relisted', 'This request was already relisted');
        return null;
      }
      if (!force && now.getTime() < new Date(job.scheduled_time).getTime()) return null;
      const duration = r.endTime.getTime() - r.startTime.getTime();
      const startTime = new Date(now.getTime() + 60_000);
      const endTime = new Date(startTime.getTime() + duration);
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into reverse_auctions (buyer_id, title, description, part_category, make, model, year_start, year_end,
           condition, max_budget, min_bid_decrement, start_time, end_time, location, shipping_preference, urgency, images,
           auto_relist, relist_count, max_relists, relist_budget_increase, relist_delay, relisted_from, created_at, updated_at)
         select buyer_id, title, description, part_category, make, model, year_start, year_end, condition, ?,
           min_bid_decrement, ?, ?, location, shipping_preference, urgency, images, auto_relist, relist_count + 1,
           max_relists, relist_budget_increase, relist_delay, id, ?, ?
         from reverse_auctions where id = ? returning id`,
        [
          money(relistBudget(r.maxBudget, r.relistBudgetIncrease)),
          startTime.toISOString(),
          endTime.toISOString(),
          now.toISOString(),
          now.toISOString(),
          r.id,
        ],
      );
      await tx.execute(`update reverse_relists set status = 'processed', processed_at = ?, new_reverse_auction_id = ? where id = ?`, [
        now.toISOString(),
        row!.id,
        job.id,
      ]);
      await this.requests.scheduleJobs(tx, row!.id, startTime, endTime);
      return row!.id;
    });
  }

  /** Catch-up: starts, ends, closes and relists whatever is due by the Clock, then sends due reminders. */
  async tick(): Promise<{ started: number; ended: number; closed: number; relisted: number; reminders: number }> {
    const now = this.clock.now();
    const em = this.db.em;
    const due = (sql: string, at: Date = now) => em.execute<{ id: string }[]>(sql, [at.toISOString()]);
    let started = 0;
    let ended = 0;
    let closed = 0;
    let relisted = 0;
    for (const { id } of await due(`select id from reverse_auctions where status = 'scheduled' and start_time <= ? order by start_time`)) {
      if (await this.start(id)) started++;
    }
    for (const { id } of await due(`select id from reverse_auctions where status = 'active' and end_time <= ? order by end_time`)) {
      if (await this.end(id)) ended++;
    }
    const windowStart = new Date(now.getTime() - AWARD_WINDOW_MS);
    for (const { id } of await due(
      `select id from reverse_auctions where status = 'ended' and award_status is null and ended_at < ? order by ended_at`,
      windowStart,
    )) {
      if (await this.close(id)) closed++;
    }
    for (const { id } of await due(
      `select original_id as id from reverse_relists where status = 'pending' and scheduled_time <= ? order by scheduled_time`,
    )) {
      if (await this.relist(id)) relisted++;
    }
    const reminders = await this.notifications.sendReminders();
    return { started, ended, closed, relisted, reminders };
  }

  /** The reverse part of GET /api/admin/auto-relist/status. */
  async relistStatus() {
    const em = this.db.em;
    const [counts] = await em.execute<{ total: number; pending: number; processed: number }[]>(
      `select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
              (count(*) filter (where status <> 'pending'))::int as processed from reverse_relists`,
    );
    const upcoming = await em.execute<{ original_id: string; scheduled_time: Date }[]>(
      `select original_id, scheduled_time from reverse_relists where status = 'pending' order by scheduled_time limit 20`,
    );
    return {
      totalJobs: counts!.total,
      pendingJobs: counts!.pending,
      processedJobs: counts!.processed,
      upcomingJobs: upcoming.map((r) => ({ type: 'reverse-auction', originalId: r.original_id, scheduledTime: new Date(r.scheduled_time).toISOString() })),
    };
  }
}
