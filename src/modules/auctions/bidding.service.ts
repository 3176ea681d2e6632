import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { addJobsSql, JobQueue } from '../../platform/jobs.js';
import { PgTransaction, type SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi, type BidderDto, type UserDto } from '../accounts/index.js';
import { ActivityService, type ActivityData, type ActivityType } from './activity.service.js';
import {
  buyItNowAvailable,
  centsOf,
  lockForBidsSql,
  readLocked,
  maskName,
  money,
  nextMinimum,
  ownIncrement,
  readAuction,
  type AuctionRow,
} from './auction.rules.js';
import type { BidInput } from './auction.schemas.js';
import { endJobKey, END_TASK } from './auction.service.js';
import { AuctionLifecycleService, OUTBID_TASK, outbidJobKey } from './auction-lifecycle.service.js';
import { placeBid, type StandingMax } from './proxy-engine.js';
import { AuctionSettingsService, type AllSettings, type BidderSettings } from './auction-settings.service.js';

export const BID_MESSAGES = {
  notActive: 'This auction is not open for bidding yet',
  ended: 'This auction has ended',
  ownAuction: 'You cannot bid on your own auction',
  blocked: 'You are not allowed to bid on auctions',
  verification: 'Please verify your email address before bidding',
  country: 'Bidding is not available in your country',
  approval: 'Bidding requires approval by an admin; contact support to be approved for this auction',
  suspicious: 'Bidding is paused on your account while it is reviewed',
  proxyOff: 'Proxy bidding is not allowed on this auction',
  maxBelowBid: 'Maximum bid must be at least the bid amount',
  binUnavailable: 'Buy It Now is no longer available for this auction',
  ownBin: 'You cannot buy your own auction',
} as const;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  idempotencyKey?: string;
}

export interface BidResultDto {
  bid: { id: string; auctionId: string; bidAmount: string; maxBidAmount: string | null; bidType: string; createdAt: string };
  auctionId: string;
  isWinning: boolean;
  currentBid: string;
  minimumNextBid: string;
  totalBids: number;
  endTime: string;
  extensions: number;
  extended: boolean;
  message: string;
}

export interface BuyItNowResultDto {
  auctionId: string;
  status: 'ended';
  winnerId: string;
  amount: string;
  message: string;
}

export type BidAnswer = { status: number; body: unknown };
type ActivityItem = { type: ActivityType; data: ActivityData };

/** A bid waiting in this process for its auction's next batch. */
interface PendingBid {
  input: BidInput;
  actor: Actor;
  meta: RequestMeta;
  settings: AllSettings;
  user: BidderDto;
  resolve: (answer: BidAnswer) => void;
  reject: (error: unknown) => void;
}

/** The bids of one auction queued in this process, and its state as of the last batch this process committed. */
interface AuctionQueue {
  pending: PendingBid[];
  committed: AuctionRow | null;
  /** The one read of the committed state while none is known yet. */
  reading: Promise<void> | null;
}

/** What the proxy engine decided for one accepted bid of a batch. */
interface Decision {
  pending: PendingBid;
  /** Its place in the batch. */
  index: number;
  rows: { bidderId: string; amount: string | null; type: string; max: string | null; ip: string | null; country: string | null; userAgent: string | null }[];
  /** The bidder's own row among `rows`. */
  ownIndex: number;
  ownAmount: number;
  items: ActivityItem[];
  leaderId: string;
  /** Who was outbid (the bidder themselves when a proxy answered at once). */
  outbid: string | null;
  extended: boolean;
  before: AuctionRow;
  after: AuctionRow;
  maxima: StandingMax[];
}

/** The most bids of one auction that one transaction takes. */
export const MAX_BATCH = 50;

function tooLow(minimumCents: number): AppError {
  const message = `Minimum bid is ${money(minimumCents)}`;
  return new AppError('invalid', 'bid_too_low', message, { bidAmount: message });
}

const HOUR = 60 * 60 * 1000;
const PATTERN_POINTS = { shared_ip_with_seller: 30, new_account_repeat_bidding: 20 } as const;
/** A bidder younger than this who bids this many times on one seller's auctions is flagged. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_REPEAT_BIDS = 3;

/** Bids and Buy It Now, serialised per auction by its row lock, in plain SQL; bids batched per auction (see `queues`). */
@injectable()
export class BiddingService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(TOKENS.PgLockPool) private readonly lockPool: pg.Pool,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
  ) {}

  /**
   * Bids queued in this process, per auction. The bids that arrive while a batch of the auction is in its
   * transaction go together in the next one: one lock, one write and one commit for all of them, instead of one
   * transaction per bid queueing for the row lock (see docs/decisions.md, "Auctions: batched bids").
   */
  private readonly queues = new Map<string, AuctionQueue>();

  /** Bids of the auction waiting in this process for the batch after the one in its transaction. */
  queuedBids(auctionId: string): number {
    return this.queues.get(auctionId)?.pending.length ?? 0;
  }

  /** The admin's bidder rules, checked before the lock (they do not depend on the auction's state). */
  private async eligibleUser(actor: Actor, bidder: BidderSettings): Promise<BidderDto> {
    const user = await this.accounts.findBidder(actor.id);
    if (!user) throw Errors.unauthorized();
    const now = this.clock.now().getTime();
    if (bidder.blockedBidders.some((b) => b.toLowerCase() === user.username.toLowerCase())) throw Errors.forbidden(BID_MESSAGES.blocked);
    if (bidder.requireBidderVerification && !user.isVerified) throw Errors.forbidden(BID_MESSAGES.verification);
    const ageHours = (now - new Date(user.createdAt).getTime()) / HOUR;
    if (ageHours < bidder.minAccountAgeHours) {
      throw Errors.forbidden(`Your account must be at least ${bidder.minAccountAgeHours} hours old to bid`);
    }
    if (bidder.allowedCountries.length && !bidder.allowedCountries.some((c) => c.toLowerCase() === user.country.toLowerCase())) {
      throw Errors.forbidden(BID_MESSAGES.country);
    }
    if (bidder.patternAnalysisEnabled && user.suspiciousActivityScore >= bidder.maxSuspiciousScore) {
      throw Errors.forbidden(BID_MESSAGES.suspicious);
    }
    return user;
  }

  /** Rules that depend on the (locked) auction. */
  private checkAuction(a: AuctionRow, actor: Actor, settings: AllSettings, ownMessage: string): void {
    const now = this.clock.now().getTime();
    if (a.sellerId === actor.id) throw Errors.forbidden(ownMessage);
    if (a.status === 'ended' || (a.status === 'active' && now >= a.endTime.getTime())) throw Errors.conflict('auction_ended', BID_MESSAGES.ended);
    if (a.status !== 'active') throw Errors.conflict('auction_not_active', BID_MESSAGES.notActive);
    if (settings.bidder.requireApproval && !a.allowedBidders.includes(actor.id)) throw Errors.forbidden(BID_MESSAGES.approval);
  }

  private checkProxy(a: AuctionRow, input: BidInput, settings: AllSettings): void {
    if (input.maxBidAmount !== undefined && input.maxBidAmount > input.bidAmount && (!a.allowProxy || !settings.auction.allowProxy)) {
      throw Errors.invalid('proxy_not_allowed', BID_MESSAGES.proxyOff, { maxBidAmount: BID_MESSAGES.proxyOff });
    }
  }

  /**
   * Claims an idempotency key in the transaction. Returns the stored answer of an earlier request with the
   * same key (a concurrent one waits on the unique key until the first commits), or null to go ahead.
   */
  private async claimKey(tx: SqlExecutor, actor: Actor, key: string | undefined, endpoint: string) {
    if (!key) return null;
    const claimed = await tx.execute<{ key: string }[]>(
      `insert into auction_idempotency_keys (user_id, key, endpoint, status, response, created_at)
       values (?, ?, ?, 0, 'null'::jsonb, ?) on conflict (user_id, key) do nothing returning key`,
      [actor.id, key, endpoint, this.clock.now().toISOString()],
    );
    if (claimed.length) return null;
    const [stored] = await tx.execute<{ endpoint: string; status: number; response: unknown }[]>(
      'select endpoint, status, response from auction_idempotency_keys where user_id = ? and key = ?',
      [actor.id, key],
    );
    if (!stored || stored.endpoint !== endpoint) {
      throw Errors.conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
    }
    return { status: stored.status, body: stored.response };
  }

  private async storeKey(tx: SqlExecutor, actor: Actor, key: string | undefined, status: number, body: unknown) {
    if (!key) return;
    await tx.execute('update auction_idempotency_keys set status = ?, response = ?::jsonb where user_id = ? and key = ?', [
      status,
      JSON.stringify(body),
      actor.id,
      key,
    ]);
  }

  /** Places a bid (with an optional proxy maximum) for the signed-in user. */
  async bid(auctionId: string, input: BidInput, actor: Actor, meta: RequestMeta): Promise<BidAnswer> {
    const settings = await this.settings.recent();
    const user = await this.eligibleUser(actor, settings.bidder);
    if (input.maxBidAmount !== undefined && input.maxBidAmount < input.bidAmount) {
      throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
    }
    const queue = this.queues.get(auctionId);
    if (queue && meta.idempotencyKey === undefined) {
      // The auction is contended here: a bid below the minimum of the last state this process knows to be
      // committed can only be lower still under the lock (the price and the bid count never go down), so it is
      // answered at once instead of queueing. Anything else goes to the queue, where the rules run under the
      // lock. A request with an Idempotency-Key may be the retry of one that succeeded: it always queues.
      if (!queue.committed) {
        queue.reading ??= readAuction(this.orm.em.fork() as EntityManager, auctionId)
          .then((row) => void (queue.committed ??= row))
          .catch(() => undefined);
        await queue.reading;
      }
      const refused = queue.committed && this.refusedEarly(queue.committed, input, actor, settings);
      if (refused) throw refused;
    }
    return new Promise<BidAnswer>((resolve, reject) => this.enqueue(auctionId, { input, actor, meta, settings, user, resolve, reject }));
  }

  /** A "too low" answer that needs no lock, or null when the bid must wait for it (see bid). */
  private refusedEarly(seen: AuctionRow, input: BidInput, actor: Actor, settings: AllSettings): AppError | null {
    try {
      // Other refusals could be stale (another process may have extended the end): the locked path decides.
      this.checkAuction(seen, actor, settings, BID_MESSAGES.ownAuction);
      this.checkProxy(seen, input, settings);
    } catch {
      return null;
    }
    const minimum = nextMinimum(seen);
    return input.bidAmount < minimum ? tooLow(minimum) : null;
  }

  private enqueue(auctionId: string, bid: PendingBid): void {
    const queue = this.queues.get(auctionId);
    if (queue) {
      queue.pending.push(bid);
      return;
    }
    const fresh: AuctionQueue = { pending: [bid], committed: null, reading: null };
    this.queues.set(auctionId, fresh);
    void this.drain(auctionId, fresh);
  }

  /**
   * Runs the auction's queued bids batch after batch until none are left. The next batch starts as soon as the
   * current one has sent its last statement (the write with COMMIT): its BEGIN and lock then wait inside
   * PostgreSQL for that commit instead of waiting for this process to see it, so the lock passes from batch to
   * batch without a turn of the event loop in between. The lock still orders them; each reads the maxima after
   * it has the lock.
   */
  private async drain(auctionId: string, queue: AuctionQueue): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        if (queue.pending.length) {
          // A bid with an Idempotency-Key runs alone: its key is claimed and stored in its own transaction.
          const size = queue.pending[0]!.meta.idempotencyKey !== undefined ? 1 : queue.pending.findIndex((b) => b.meta.idempotencyKey !== undefined);
          const batch = queue.pending.splice(0, size > 0 ? Math.min(size, MAX_BATCH) : MAX_BATCH);
          let lastSent!: () => void;
          const sent = new Promise<void>((resolve) => (lastSent = resolve));
          const done = this.placeBatch(auctionId, batch, lastSent).then((committed) => {
            if (committed && (!queue.committed || committed.totalBids >= queue.committed.totalBids)) queue.committed = committed;
          });
          inFlight.add(done);
          void done.finally(() => inFlight.delete(done));
          await Promise.race([sent, done]);
          continue;
        }
        if (!inFlight.size) break;
        await Promise.race(inFlight);
      }
    } finally {
      this.queues.delete(auctionId);
    }
  }

  /**
   * One transaction for a batch of bids on one auction: lock the auction and read the maxima the batch needs,
   * run the proxy engine bid after bid in arrival order (a refused bid changes nothing), store every accepted
   * bid's rows and events in one call, queue the mails, commit, then answer each bid. Returns the committed
   * state of the auction, or null when the transaction failed (every bid of the batch gets that error).
   */
  private async placeBatch(auctionId: string, batch: PendingBid[], lastSent: () => void = () => {}): Promise<AuctionRow | null> {
    const answers: ({ ok: true; value: BidAnswer } | { ok: false; error: unknown })[] = [];
    const flags: { userId: string; pattern: string }[] = [];
    let committed: AuctionRow | null = null;
    try {
      // On a connection of the lock pool (no queue behind ordinary reads), without the ORM: BEGIN goes with the
      // lock in one round trip, and under load each round trip waits its turn in the event loop while the
      // auction stays locked.
      await PgTransaction.run(this.lockPool, async (tx) => {
        const first = batch[0]!;
        const lockSql = lockForBidsSql((v) => tx.literal(v), auctionId, batch.map((b) => b.actor.id));
        let lockedRow: Parameters<typeof readLocked>[0];
        if (first.meta.idempotencyKey !== undefined) {
          const replay = await this.claimKey(tx, first.actor, first.meta.idempotencyKey, `bid:${auctionId}`);
          if (replay) {
            answers[0] = { ok: true, value: replay };
            return;
          }
          [lockedRow] = await tx.execute(lockSql);
        } else {
          [lockedRow] = await tx.begin(lockSql);
        }
        // Inside the lock: this call, auction_apply_bid (bid rows, auction, activity, NOTIFY and the outbid job),
        // commit. Everything that does not depend on the auction's state was read before the transaction.
        const locked = readLocked(lockedRow);
        if (!locked) throw Errors.notFound('Auction');
        let state = locked.auction;
        let maxima = locked.maxima.map((m): StandingMax => ({ bidderId: m.bidder_id, maxCents: centsOf(m.max), seq: Number(m.seq) }));
        const now = this.clock.now();
        const decisions: Decision[] = [];
        batch.forEach((pending, index) => {
          try {
            // Bids of this batch are later than every stored bid and ordered among themselves.
            const decision = this.decide(state, maxima, pending, now, Number.MAX_SAFE_INTEGER - MAX_BATCH + index);
            decisions.push({ ...decision, index });
            state = decision.after;
            maxima = decision.maxima;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            answers[index] = { ok: false, error };
          }
        });
        committed = state;
        if (!decisions.length) {
          // A lone bid's refusal rolls back its Idempotency-Key claim, so a corrected retry may use the key.
          if (batch.length === 1) throw (answers[0] as { error: unknown }).error;
          return;
        }

        const last = decisions[decisions.length - 1]!;
        const activity = this.activity.prepare(auctionId, decisions.flatMap((d) => d.items));
        const rows = decisions.flatMap((d) => d.rows);
        // Outbid notices name the bid that outbid (its seq, known once stored), so the batch's outbid job is
        // added by the same statement as the bids: one round trip less while the auction is locked. One
        // pending job per auction collects the notices queued while it waits (see outbidJobKey).
        const outbid: { userId: string; row: number }[] = [];
        let offset = 0;
        for (const d of decisions) {
          if (d.outbid && d.outbid !== d.pending.actor.id) outbid.push({ userId: d.outbid, row: offset + d.ownIndex });
          offset += d.rows.length;
        }
        const apply = 'select auction_apply_bid(?, ?::json, ?, ?, ?, ?, ?, ?::json, ?, ?::json)';
        // When nothing else has to be written (no extension, no stored answer, no pattern to check), COMMIT goes
        // with the write: the lock is then held for two round trips in all.
        const final = !this.writesAfterApply(decisions);
        const store = final ? tx.executeAndCommit.bind(tx) : tx.execute.bind(tx);
        const storing = store<{ applied: { bids: { id: string; seq: string; createdAt: string }[]; totalBids: number } }[]>(
          outbid.length
            ? `with stored as materialized (${apply} as r)
               select (select r from stored) as applied, (${addJobsSql(`(
                 select json_build_array(json_build_object('identifier', ?::text, 'job_key', ?::text, 'max_attempts', 25,
                   'payload', json_agg(json_build_object('auctionId', ?::text, 'userId', o.user_id, 'bidSeq', s.r->'bids'->o.row->>'seq') order by o.n)))
                 from stored s, json_to_recordset(?::json) as o(user_id text, "row" int, n int))`)}) as jobs`
            : `${apply} as applied`,
          [
            auctionId,
            JSON.stringify(rows),
            last.leaderId,
            money(state.currentBid),
            state.endTime.toISOString(),
            state.currentExtensions,
            now.toISOString(),
            activity.rows,
            activity.channel,
            activity.notices,
            ...(outbid.length
              ? [OUTBID_TASK, outbidJobKey(auctionId), auctionId, JSON.stringify(outbid.map((o, n) => ({ user_id: o.userId, row: o.row, n })))]
              : []),
          ],
        );
        // The write and COMMIT are on their way: the next batch may queue for the lock (see drain).
        if (final) lastSent();
        const [applied] = await storing;
        if (applied!.applied.totalBids !== state.totalBids) {
          // Cannot happen while every bid goes through this lock; after COMMIT it can only be reported.
          const mismatch = `auction ${auctionId}: bid count ${applied!.applied.totalBids}, expected ${state.totalBids}`;
          if (!final) throw new Error(mismatch);
          this.logger.error({ auctionId }, mismatch);
        }
        if (decisions.some((d) => d.extended)) {
          await this.jobs.add(tx, END_TASK, { auctionId }, { runAt: state.endTime, jobKey: endJobKey(auctionId), jobKeyMode: 'replace' });
        }
        offset = 0;
        for (const d of decisions) {
          const stored = applied!.applied.bids[offset + d.ownIndex]!;
          offset += d.rows.length;
          const { actor, input, meta, settings, user } = d.pending;
          if (settings.bidder.patternAnalysisEnabled) {
            for (const pattern of await this.analyse(tx, d.before, actor, user, stored.id, meta)) flags.push({ userId: actor.id, pattern });
          }
          const isWinning = d.leaderId === actor.id;
          const body: BidResultDto = {
            bid: {
              id: stored.id,
              auctionId,
              bidAmount: money(d.ownAmount)!,
              maxBidAmount: money(input.maxBidAmount ?? null),
              bidType: 'regular',
              createdAt: new Date(stored.createdAt).toISOString(),
            },
            auctionId,
            isWinning,
            currentBid: money(d.after.currentBid)!,
            minimumNextBid: money(nextMinimum(d.after))!,
            totalBids: d.after.totalBids,
            endTime: d.after.endTime.toISOString(),
            extensions: d.after.currentExtensions,
            extended: d.extended,
            message: isWinning
              ? 'Your bid was placed. You are the highest bidder.'
              : "Your bid was placed, but another bidder's maximum is higher. You have been outbid.",
          };
          await this.storeKey(tx, actor, meta.idempotencyKey, 201, body);
          answers[d.index] = { ok: true, value: { status: 201, body } };
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return null;
    }
    for (const { userId, pattern } of flags) {
      await this.accounts
        .addSuspicionScore(userId, PATTERN_POINTS[pattern as keyof typeof PATTERN_POINTS] ?? 10)
        .catch((error: unknown) => this.logger.error({ err: error, userId }, 'could not raise the suspicion score'));
    }
    batch.forEach((pending, i) => {
      const answer = answers[i]!;
      if (answer.ok) pending.resolve(answer.value);
      else pending.reject(answer.error);
    });
    return committed;
  }

  /** Whether the batch writes more after its bids: the end job of an extension, an Idempotency-Key answer, or a pattern check. */
  private writesAfterApply(decisions: Decision[]): boolean {
    return decisions.some(({ extended, pending: { meta, settings, user }, before }) => {
      if (extended || meta.idempotencyKey !== undefined) return true;
      if (!settings.bidder.patternAnalysisEnabled) return false;
      const { sharedIp, newAccount } = this.patternSignals(before, user, meta);
      return sharedIp || newAccount;
    });
  }

  /** What makes a bid worth a pattern check: the seller's IP address, or an account younger than a day. */
  private patternSignals(a: AuctionRow, user: UserDto, meta: RequestMeta) {
    return {
      sharedIp: Boolean(meta.ip && a.sellerIp && meta.ip === a.sellerIp),
      newAccount: (this.clock.now().getTime() - new Date(user.createdAt).getTime()) / HOUR < NEW_ACCOUNT_HOURS,
    };
  }

  /** The rules and the proxy engine for one bid on the auction's current state; throws its refusal. */
  private decide(a: AuctionRow, maxima: StandingMax[], pending: PendingBid, now: Date, seq: number): Omit<Decision, 'index'> {
    const { input, actor, meta, settings, user } = pending;
    this.checkAuction(a, actor, settings, BID_MESSAGES.ownAuction);
    this.checkProxy(a, input, settings);
    const outcome = placeBid(
      { startingBidCents: a.startingBid, incrementCents: ownIncrement(a), reserveCents: a.reservePrice, currentBidCents: a.currentBid, totalBids: a.totalBids, maxima },
      { bidderId: actor.id, bidCents: input.bidAmount, maxCents: input.maxBidAmount ?? null, seq },
    );
    if (!outcome.ok) {
      if (outcome.reason === 'below_minimum') throw tooLow(outcome.minimumCents);
      if (outcome.reason === 'already_leading') {
        const message = `You are already the highest bidder; to raise your maximum, offer more than ${money(outcome.maxCents)}`;
        throw new AppError('invalid', 'already_leading', message, { maxBidAmount: message });
      }
      throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
    }

    // Anti-sniping: a bid in the last `autoExtendTrigger` seconds moves the end.
    let endTime = a.endTime;
    let extensions = a.currentExtensions;
    const extended = a.autoExtendTime > 0 && extensions < a.maxExtensions && now.getTime() >= a.endTime.getTime() - a.autoExtendTrigger * 1000;
    if (extended) {
      endTime = new Date(a.endTime.getTime() + a.autoExtendTime * 1000);
      extensions++;
    }

    // The bid's activity (bid, outbid, extension), stored and announced with the bid.
    const ownIndex = outcome.records.findIndex((r) => r.bidderId === actor.id && r.type === 'regular');
    const ownAmount = outcome.records[ownIndex]!.amountCents;
    const previous = money(a.currentBid)!;
    const current = money(outcome.state.currentBidCents)!;
    const items: ActivityItem[] = [
      { type: 'bid', data: { username: maskName(user.username), amount: money(ownAmount)!, previousHighBid: previous, currentBid: current } },
    ];
    const outbid = outcome.outbidAtOnce ? actor.id : outcome.outbidId;
    if (outbid) items.push({ type: 'outbid', data: { previousHighBid: previous, currentBid: current } });
    if (extended) items.push({ type: 'extension', data: { extensionTime: a.autoExtendTime, currentBid: current } });

    // The engine's rows in order; auction_apply_bid flags the leader's last row as the winning one.
    const rows = outcome.records.map((record, i) => ({
      bidderId: record.bidderId,
      amount: money(record.amountCents),
      type: record.type,
      max: money(record.maxCents),
      ip: i === ownIndex ? (meta.ip ?? null) : null,
      country: i === ownIndex ? user.country : null,
      userAgent: i === ownIndex ? (meta.userAgent?.slice(0, 500) ?? null) : null,
    }));
    return {
      pending,
      rows,
      ownIndex,
      ownAmount,
      items,
      leaderId: outcome.leaderId,
      outbid,
      extended,
      before: a,
      after: { ...a, currentBid: outcome.state.currentBidCents, totalBids: outcome.state.totalBids, endTime, currentExtensions: extensions },
      maxima: outcome.state.maxima,
    };
  }

  /** Flags suspicious bidding in bidding_patterns; returns the new flags (the scores are raised after commit). */
  private async analyse(tx: SqlExecutor, a: AuctionRow, actor: Actor, user: UserDto, bidId: string, meta: RequestMeta) {
    const found: { type: keyof typeof PATTERN_POINTS; description: string }[] = [];
    const { sharedIp, newAccount } = this.patternSignals(a, user, meta);
    if (sharedIp) {
      found.push({ type: 'shared_ip_with_seller', description: `Bid from the IP address the seller scheduled the auction from (${meta.ip})` });
    }
    if (newAccount) {
      const [count] = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from bids b join auctions x on x.id = b.auction_id
         where b.bidder_id = ? and b.bid_type = 'regular' and x.seller_id = ?`,
        [actor.id, a.sellerId],
      );
      if (count!.n >= NEW_ACCOUNT_REPEAT_BIDS) {
        found.push({
          type: 'new_account_repeat_bidding',
          description: `Account younger than ${NEW_ACCOUNT_HOURS} hours placed ${count!.n} bids on this seller's auctions`,
        });
      }
    }
    const created: string[] = [];
    for (const f of found) {
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into bidding_patterns (user_id, auction_id, pattern_type, description, risk_score, flagged_at)
         values (?, ?, ?, ?, ?, ?) on conflict (user_id, auction_id, pattern_type) do nothing returning id`,
        [actor.id, a.id, f.type, f.description, PATTERN_POINTS[f.type], this.clock.now().toISOString()],
      );
      if (inserted.length) created.push(f.type);
    }
    if (found.length) await tx.execute('update bids set suspicious_flag = true where id = ?', [bidId]);
    if (created.length) this.logger.info({ auctionId: a.id, userId: actor.id, patterns: created }, 'bidding pattern flagged');
    return created;
  }

  /** Buys the auction at its Buy It Now price and ends it at once. */
  async buyItNow(auctionId: string, actor: Actor, meta: RequestMeta): Promise<{ status: number; body: unknown }> {
    const settings = await this.settings.recent();
    const user = await this.eligibleUser(actor, settings.bidder);
    return (this.orm.em.fork() as EntityManager).transactional(async (tx) => {
      const replay = await this.claimKey(tx, actor, meta.idempotencyKey, `buy-it-now:${auctionId}`);
      if (replay) return replay;
      const a = await readAuction(tx, auctionId, true);
      if (!a) throw Errors.notFound('Auction');
      this.checkAuction(a, actor, settings, BID_MESSAGES.ownBin);
      const now = this.clock.now();
      if (!buyItNowAvailable(a, settings.pricing, now)) throw Errors.conflict('buy_it_now_unavailable', BID_MESSAGES.binUnavailable);
      const price = a.buyItNowPrice!;
      await tx.execute('update bids set is_winning = false, is_outbid = true where auction_id = ? and is_winning', [auctionId]);
      await tx.execute(
        `insert into bids (auction_id, bidder_id, bid_amount, bid_type, max_bid_amount, is_winning, bidder_ip, bidder_country, user_agent, created_at)
         values (?, ?, ?, 'buy_it_now', ?, true, ?, ?, ?, ?)`,
        [auctionId, actor.id, money(price), money(price), meta.ip ?? null, user.country, meta.userAgent?.slice(0, 500) ?? null, now.toISOString()],
      );
      await tx.execute('update auctions set current_bid = ?, total_bids = total_bids + 1 where id = ?', [money(price), auctionId]);
      await this.activity.record(tx, auctionId, 'bid', {
        username: maskName(user.username),
        amount: money(price)!,
        previousHighBid: money(a.currentBid)!,
        currentBid: money(price)!,
      });
      await this.lifecycle.finish(tx, { ...a, currentBid: price, totalBids: a.totalBids + 1 }, actor.id, price, user.username);
      const body: BuyItNowResultDto = {
        auctionId,
        status: 'ended',
        winnerId: actor.id,
        amount: money(price)!,
        message: `You bought "${a.title}" for $${money(price)}.`,
      };
      await this.storeKey(tx, actor, meta.idempotencyKey, 201, body);
      return { status: 201, body: body as unknown };
    });
  }
}
