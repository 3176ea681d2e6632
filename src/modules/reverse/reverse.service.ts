import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { containsPattern } from '../../platform/db/like.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { AuctionsApi } from '../auctions/index.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import type { ReverseAuctionDto, ReverseStatsDto, ReverseWatchDto } from './reverse.dto.js';
import { CANCELLED_TASK, END_TASK, endJobKey, START_TASK, startJobKey } from './reverse.jobs.js';
import { money, readReverse, REVERSE_COLUMNS, toReverseRow, type ReverseRow } from './reverse.repository.js';
import { awardDeadline, maskName, maximumQuote } from './reverse.rules.js';
import type { ReverseCreateInput, ReverseListQuery } from './reverse.schemas.js';
import { Database } from '../../platform/db/database.js';

export const REVERSE_ERRORS = {
  unverified: 'Please verify your email address before posting a request',
  startFuture: 'Start time must be in the future',
  endAfterStart: 'End time must be after start time',
  notBuyer: 'Only the buyer who posted this request can do that',
  cancelHasQuotes: 'A request with quotes cannot be cancelled',
  cancelEnded: 'This request has already ended',
} as const;

const SORTS: Record<ReverseListQuery['sort'], string> = {
  endTime: 'end_time asc, id',
  maxBudget: 'max_budget desc, end_time asc, id',
  totalBids: 'total_bids desc, end_time asc, id',
  priority: `(case urgency when 'high' then 3 when 'normal' then 2 else 1 end) desc, end_time asc, id`,
  createdAt: 'created_at desc, id',
};

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
    const id = await this.db.em.transactional(async (tx) => {
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into reverse_auctions (buyer_id, title, description, part_category, make, model, year_start, year_end,
           condition, max_budget, min_bid_decrement, start_time, end_time, location, shipping_preference, urgency, images,
           auto_relist, max_relists, relist_budget_increase, relist_delay, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?) returning id`,
        [
          actor.id,
          input.title,
          input.description,
          input.partCategory,
          input.make ?? null,
          input.model ?? null,
          input.yearStart ?? null,
          input.yearEnd ?? null,
          input.condition ?? null,
          money(input.maxBudget),
          money(input.minBidDecrement),
          input.startTime.toISOString(),
          input.endTime.toISOString(),
          input.location ?? null,
          input.shippingPreference,
          input.urgency,
          JSON.stringify(input.images),
          input.autoRelist,
          input.maxRelists,
          input.relistBudgetIncrease,
          input.relistDelay,
          now.toISOString(),
          now.toISOString(),
        ],
      );
      await this.scheduleJobs(tx, row!.id, input.startTime, input.endTime);
      return row!.id;
    });
    return this.get(id, actor);
  }

  /** Adds (or moves) the start and end jobs of a request. */
  async scheduleJobs(em: SqlExecutor, id: string, startTime: Date, endTime: Date): Promise<void> {
    await this.jobs.add(em, START_TASK, { reverseAuctionId: id }, { runAt: startTime, jobKey: startJobKey(id), jobKeyMode: 'replace' });
    await this.jobs.add(em, END_TASK, { reverseAuctionId: id }, { runAt: endTime, jobKey: endJobKey(id), jobKeyMode: 'replace' });
  }

  /** The DTO of a row; `watching` for the signed-in viewer. */
  toDto(r: ReverseRow, watching: boolean): ReverseAuctionDto {
    const open = r.status === 'active' && this.clock.now().getTime() < r.endTime.getTime();
    const ceiling = maximumQuote(r);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      buyerId: r.buyerId,
      partCategory: r.partCategory,
      make: r.make,
      model: r.model,
      yearStart: r.yearStart,
      yearEnd: r.yearEnd,
      condition: r.condition,
      maxBudget: money(r.maxBudget)!,
      currentLowestBid: money(r.currentLowestBid),
      minBidDecrement: money(r.minBidDecrement)!,
      maximumQuote: open || r.status === 'scheduled' ? money(ceiling) : null,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      location: r.location,
      shippingPreference: r.shippingPreference,
      urgency: r.urgency,
      status: r.status,
      awardStatus: r.awardStatus,
      awardDeadline: r.status === 'ended' ? (awardDeadline(r.endedAt)?.toISOString() ?? null) : null,
      winningBidderId: r.winningBidderId,
      winningBidId: r.winningBidId,
      totalBids: r.totalBids,
      watchers: r.watchers,
      images: r.images,
      autoRelist: r.autoRelist,
      relistCount: r.relistCount,
      maxRelists: r.maxRelists,
      relistBudgetIncrease: r.relistBudgetIncrease,
      relistDelay: r.relistDelay,
      relistedFrom: r.relistedFrom,
      endedAt: r.endedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      isWatching: watching,
    };
  }

  private async dtos(rows: ReverseRow[], viewer: Actor | null): Promise<ReverseAuctionDto[]> {
    const watched = new Set<string>();
    if (viewer && rows.length) {
      const w = await this.db.em.execute<{ reverse_auction_id: string }[]>(
        'select reverse_auction_id from auction_watchers where user_id = ? and reverse_auction_id = any(?::uuid[])',
        [viewer.id, uuidArray(rows.map((r) => r.id))],
      );
      for (const r of w) watched.add(r.reverse_auction_id);
    }
    return rows.map((r) => this.toDto(r, watched.has(r.id)));
  }

  /** One request; 404 for an unknown id. */
  async get(id: string, viewer: Actor | null): Promise<ReverseAuctionDto> {
    const row = await readReverse(this.db.em, id);
    if (!row) throw Errors.notFound('Reverse auction');
    return (await this.dtos([row], viewer))[0]!;
  }

  /** The row of a request, or 404. */
  async row(id: string, em: SqlExecutor = this.db.em): Promise<ReverseRow> {
    const row = await readReverse(em, id);
    if (!row) throw Errors.notFound('Reverse auction');
    return row;
  }

  /** A page of requests and the count of all that match. Cancelled requests show only when asked for. */
  async list(query: ReverseListQuery, viewer: Actor | null): Promise<ListPage<ReverseAuctionDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    } else where.push(`status <> 'cancelled'`);
    if (query.category) {
      where.push('lower(part_category) = lower(?)');
      params.push(query.category);
    }
    if (query.q) {
      where.push(`(title ilike ? escape '\\' or description ilike ? escape '\\')`);
      params.push(containsPattern(query.q), containsPattern(query.q));
    }
    if (query.buyerId) {
      where.push('buyer_id = ?');
      params.push(query.buyerId);
    }
    if (query.urgency) {
      where.push('urgency = ?');
      params.push(query.urgency);
    }
    if (query.endingWithinHours) {
      const now = this.clock.now();
      where.push('end_time > ? and end_time <= ?');
      params.push(now.toISOString(), new Date(now.getTime() + query.endingWithinHours * 3600_000).toISOString());
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const em = this.db.em;
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from reverse_auctions ${clause}`, params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${REVERSE_COLUMNS} from reverse_auctions ${clause} order by ${SORTS[query.sort]} limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    return { rows: await this.dtos(rows.map(toReverseRow), viewer), total: count!.n };
  }

  /** The four tiles of the list page. */
  async stats(): Promise<ReverseStatsDto> {
    const [row] = await this.db.em.execute<{ active: number; high: number; budget: string; bids: number }[]>(
      `select (count(*) filter (where status = 'active'))::int as active,
              (count(*) filter (where status = 'active' and urgency = 'high'))::int as high,
              coalesce(sum(max_budget) filter (where status = 'active'), 0)::numeric(14,2)::text as budget,
              coalesce(sum(total_bids), 0)::int as bids
       from reverse_auctions where status <> 'cancelled'`,
    );
    return { activeRequests: row!.active, highPriority: row!.high, totalBudget: row!.budget, totalBids: row!.bids };
  }

  /** Watches a request; watching twice changes nothing. */
  async watch(id: string, actor: Actor): Promise<ReverseWatchDto> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.em.transactional(async (tx) => {
      if (!(await readReverse(tx, id, true))) throw Errors.notFound('Reverse auction');
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into auction_watchers (reverse_auction_id, user_id, created_at) values (?, ?, ?)
         on conflict (reverse_auction_id, user_id) where reverse_auction_id is not null do nothing returning id`,
        [id, actor.id, this.clock.now().toISOString()],
      );
      return { reverseAuctionId: id, watching: true, watchers: await this.watchers(tx, id, inserted.length ? 1 : 0, user?.username) };
    });
  }

  /** Stops watching; unwatching a request one does not watch changes nothing. */
  async unwatch(id: string, actor: Actor): Promise<ReverseWatchDto> {
    const user = await this.accounts.findUser(actor.id);
    return this.db.em.transactional(async (tx) => {
      if (!(await readReverse(tx, id, true))) throw Errors.notFound('Reverse auction');
      const deleted = await tx.execute<{ id: string }[]>(
        'delete from auction_watchers where reverse_auction_id = ? and user_id = ? returning id',
        [id, actor.id],
      );
      return { reverseAuctionId: id, watching: false, watchers: await this.watchers(tx, id, deleted.length ? -1 : 0, user?.username) };
    });
  }

  private async watchers(tx: SqlExecutor, id: string, delta: number, username: string | undefined): Promise<number> {
    // Recounted under the row's lock (taken first, so this statement sees every committed watcher): it always equals the table.
    const [row] = await tx.execute<{ watchers: number }[]>(
      `update reverse_auctions set watchers = (select count(*) from auction_watchers where reverse_auction_id = ?)
       where id = ? returning watchers`,
      [id, id],
    );
    if (delta !== 0) {
      await this.activity.record(tx, id, [{ type: 'watcher', data: { username: maskName(username ?? 'someone'), totalWatchers: row!.watchers } }]);
    }
    return row!.watchers;
  }

  /**
   * Cancels a request that has no quotes: the buyer's own (scheduled or active), or any by an admin with a
   * reason that is mailed to the buyer.
   */
  async cancel(id: string, actor: Actor, reason?: string): Promise<ReverseAuctionDto> {
    const admin = hasRole(actor.role, 'admin');
    await this.db.em.transactional(async (tx) => {
      const r = await readReverse(tx, id, true);
      if (!r) throw Errors.notFound('Reverse auction');
      if (r.buyerId !== actor.id && !admin) throw Errors.forbidden(REVERSE_ERRORS.notBuyer);
      if (r.status !== 'scheduled' && r.status !== 'active' && r.status !== 'pending') {
        throw Errors.conflict('reverse_auction_closed', REVERSE_ERRORS.cancelEnded);
      }
      if (r.totalBids > 0) throw Errors.conflict('reverse_auction_has_quotes', REVERSE_ERRORS.cancelHasQuotes);
      const now = this.clock.now().toISOString();
      await tx.execute(`update reverse_auctions set status = 'cancelled', cancel_reason = ?, ended_at = ?, updated_at = ? where id = ?`, [
        reason ?? null,
        now,
        now,
        id,
      ]);
      await this.activity.record(tx, id, [{ type: 'end', data: { totalBids: 0 } }]);
      if (r.buyerId !== actor.id) await this.jobs.add(tx, CANCELLED_TASK, { reverseAuctionId: id }, { jobKey: `reverse-cancelled:${id}` });
    });
    return this.get(id, actor);
  }
}
