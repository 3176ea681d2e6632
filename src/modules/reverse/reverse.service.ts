import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { AuctionsApi } from '../auctions/index.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import { ReverseAuction } from './reverse-auction.entity.js';
import type { ReverseAuctionDto, ReverseStatsDto, ReverseWatchDto } from './reverse.dto.js';
import { money, toReverseAuctionDto } from './reverse.mapper.js';
import { addWatcher, findRequests, recountWatchers, removeWatcher, requestStats, watchedAmong } from './reverse.repository.js';
import { maskName } from './reverse.rules.js';
import type { ReverseCreateInput, ReverseListQuery } from './reverse.schemas.js';
import { CANCELLED_TASK, cancelledJobKey, END_TASK, endJobKey, MATCHING_SELLERS_TASK, matchingJobKey, START_TASK, startJobKey } from './reverse.tasks.js';

export const REVERSE_ERRORS = {
  unverified: 'Please verify your email address before posting a request',
  startFuture: 'Start time must be in the future',
  endAfterStart: 'End time must be after start time',
  notBuyer: 'Only the buyer who posted this request can do that',
  cancelHasQuotes: 'A request with quotes cannot be cancelled',
  cancelEnded: 'This request has already ended',
} as const;

function humanDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** Posting, reading, listing, watching and cancelling wanted-part requests. */
@injectable()
export class ReverseService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(ReverseActivityService) private readonly activity: ReverseActivityService,
  ) {}

  /** Posts a request for the signed-in buyer, scheduled with its start and end jobs. */
  async create(input: ReverseCreateInput, actor: Actor): Promise<ReverseAuctionDto> {
    const user = await this.accounts.findUser(actor.id);
    if (!user) throw Errors.unauthorized();
    if (!user.isVerified) throw Errors.forbidden(REVERSE_ERRORS.unverified);
    const bad = (field: string, message: string) => Errors.invalid('validation_failed', message, { [field]: message });
    const now = this.clock.now();
    if (input.startTime.getTime() <= now.getTime()) throw bad('startTime', REVERSE_ERRORS.startFuture);
    if (input.endTime.getTime() <= input.startTime.getTime()) throw bad('endTime', REVERSE_ERRORS.endAfterStart);
    const minimum = await this.auctions.minimumDurationSeconds();
    if ((input.endTime.getTime() - input.startTime.getTime()) / 1000 < minimum) {
      throw bad('endTime', `Reverse auctions must run for at least ${humanDuration(minimum)}`);
    }
    const id = await this.db.transaction(async (em) => {
      const r = em.create(ReverseAuction, {
        buyerId: actor.id,
        title: input.title,
        description: input.description,
        partCategory: input.partCategory,
        make: input.make ?? null,
        model: input.model ?? null,
        yearStart: input.yearStart ?? null,
        yearEnd: input.yearEnd ?? null,
        condition: input.condition ?? null,
        maxBudget: money(input.maxBudget)!,
        minBidDecrement: money(input.minBidDecrement)!,
        startTime: input.startTime,
        endTime: input.endTime,
        location: input.location ?? null,
        shippingPreference: input.shippingPreference,
        urgency: input.urgency,
        images: input.images,
        autoRelist: input.autoRelist,
        maxRelists: input.maxRelists,
        relistBudgetIncrease: input.relistBudgetIncrease,
        relistDelay: input.relistDelay,
        alertIfUnfilled: input.alertIfUnfilled,
        createdAt: now,
        updatedAt: now,
      });
      await this.scheduleJobs(em, r.id, input.startTime, input.endTime);
      return r.id;
    });
    return this.get(id, actor);
  }

  /**
   * Adds the jobs of a request just posted (or relisted): its start and end, and the matching sellers' notices
   * at once, since the request is public (and can be watched) from its posting, not only once it opens for quotes.
   */
  async scheduleJobs(em: EntityManager, id: string, startTime: Date, endTime: Date): Promise<void> {
    await this.jobs.add(em, START_TASK, { reverseAuctionId: id }, { runAt: startTime, jobKey: startJobKey(id), jobKeyMode: 'replace' });
    await this.jobs.add(em, END_TASK, { reverseAuctionId: id }, { runAt: endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
    await this.jobs.add(em, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: null }, { jobKey: matchingJobKey(id) });
  }

  /** The answer for a request; `watching` for the signed-in viewer. */
  toDto(r: ReverseAuction, watching: boolean): ReverseAuctionDto {
    return toReverseAuctionDto(r, watching, this.clock.now());
  }

  private async dtos(rows: ReverseAuction[], viewer: Actor | null): Promise<ReverseAuctionDto[]> {
    const watched = viewer && rows.length ? await watchedAmong(this.db.em, viewer.id, rows.map((r) => r.id)) : new Set<string>();
    return rows.map((r) => this.toDto(r, watched.has(r.id)));
  }

  /** One request; 404 for an unknown id. */
  async get(id: string, viewer: Actor | null): Promise<ReverseAuctionDto> {
    return (await this.dtos([await this.row(id)], viewer))[0]!;
  }

  /** The request, read fresh, or 404. */
  async row(id: string): Promise<ReverseAuction> {
    const row = await this.db.em.findOne(ReverseAuction, { id }, { refresh: true });
    if (!row) throw Errors.notFound('Reverse auction');
    return row;
  }

  /** The request under its row lock in `em`'s transaction (every write to a request holds it), or 404. */
  async lock(em: EntityManager, id: string): Promise<ReverseAuction> {
    const row = await em.findOne(ReverseAuction, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!row) throw Errors.notFound('Reverse auction');
    return row;
  }

  /** A page of requests and the count of all that match. Cancelled requests show only when asked for. */
  async list(query: ReverseListQuery, viewer: Actor | null): Promise<ListPage<ReverseAuctionDto>> {
    const now = this.clock.now();
    const [rows, total] = await findRequests(
      this.db.em,
      {
        statuses: query.status ? [query.status] : undefined,
        category: query.category,
        q: query.q,
        buyerId: query.buyerId,
        urgency: query.urgency,
        endsBetween: query.endingWithinHours ? [now, new Date(now.getTime() + query.endingWithinHours * 3600_000)] : undefined,
      },
      query.sort,
      query,
    );
    return { rows: await this.dtos(rows, viewer), total };
  }

  /** The four tiles of the list page. */
  stats(): Promise<ReverseStatsDto> {
    return requestStats(this.db.em);
  }

  /** Watches a request; watching twice changes nothing. */
  async watch(id: string, actor: Actor): Promise<ReverseWatchDto> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.transaction(async (em) => {
      await this.lock(em, id);
      const added = await addWatcher(em, id, actor.id, this.clock.now());
      return { reverseAuctionId: id, watching: true, watchers: await this.watchers(em, id, added, user?.username) };
    });
  }

  /** Stops watching; unwatching a request one does not watch changes nothing. */
  async unwatch(id: string, actor: Actor): Promise<ReverseWatchDto> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.transaction(async (em) => {
      await this.lock(em, id);
      const removed = await removeWatcher(em, id, actor.id);
      return { reverseAuctionId: id, watching: false, watchers: await this.watchers(em, id, removed, user?.username) };
    });
  }

  /** The request's watcher count, recounted under its lock, and the feed's event when it changed. */
  private async watchers(em: EntityManager, id: string, changed: boolean, username: string | undefined): Promise<number> {
    const watchers = await recountWatchers(em, id);
    if (changed) await this.activity.record(em, id, [{ type: 'watcher', data: { username: maskName(username ?? 'someone'), totalWatchers: watchers } }]);
    return watchers;
  }

  /**
   * Cancels a request that has no quotes: the buyer's own (scheduled or active), or any by an admin with a
   * reason that is mailed to the buyer.
   */
  async cancel(id: string, actor: Actor, reason?: string): Promise<ReverseAuctionDto> {
    const admin = hasRole(actor.role, 'admin');
    await this.db.transaction(async (em) => {
      const r = await this.lock(em, id);
      if (r.buyerId !== actor.id && !admin) throw Errors.forbidden(REVERSE_ERRORS.notBuyer);
      if (r.status !== 'scheduled' && r.status !== 'active' && r.status !== 'pending') {
        throw Errors.conflict('reverse_auction_closed', REVERSE_ERRORS.cancelEnded);
      }
      if (r.totalBids > 0) throw Errors.conflict('reverse_auction_has_quotes', REVERSE_ERRORS.cancelHasQuotes);
      const now = this.clock.now();
      Object.assign(r, { status: 'cancelled', cancelReason: reason ?? null, endedAt: now, updatedAt: now } satisfies Partial<ReverseAuction>);
      await this.activity.record(em, id, [{ type: 'end', data: { totalBids: 0 } }]);
      if (r.buyerId !== actor.id) await this.jobs.add(em, CANCELLED_TASK, { reverseAuctionId: id }, { jobKey: cancelledJobKey(id) });
    });
    return this.get(id, actor);
  }
}
