import { inject, injectable } from 'inversify';
import type pg from 'pg';
import { Clock } from '../../platform/clock.js';
import { PgTransaction } from '../../platform/db/pg-transaction.js';
import { AppError, Errors } from '../../platform/errors.js';
import { JobQueue } from '../../platform/jobs.js';
import { LivePublisher, type LiveNotices } from '../../platform/live.js';
import { SweepRequest } from '../../platform/sweep-request.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { ActivityService } from './activity.service.js';
import { OUTBID_SWEEP_JOB_KEY, OUTBID_SWEEP_TASK } from './auction-notification.service.js';
import { END_TASK, endJobKey } from './auction.service.js';
import type { BidResultDto } from './auction.dto.js';
import { centsOf, money, type AuctionRow } from './auction.repository.js';
import { nextMinimum } from './auction.rules.js';
import { applyBatchStatement, lockForBidsSql, readLocked, type AppliedBatch } from './bid-batch.sql.js';
import { batchSeq, decide, type BidDecision, type BidRequest } from './bid.rules.js';
import { BiddingPatternService, patternSignals, type PatternFlag } from './bidding-pattern.service.js';
import { IdempotencyKeyStore, type StoredAnswer } from './idempotency-key.store.js';
import type { StandingMax } from './proxy-engine.js';

/** One bid's answer: its status and body, or the refusal to throw. */
export type BidAnswer = StoredAnswer;
export type BatchAnswer = { ok: true; value: BidAnswer } | { ok: false; error: unknown };

/** The answers of a batch in the order of its bids, and the auction's state after its commit. */
export interface BatchResult {
  answers: BatchAnswer[];
  committed: AuctionRow | null;
}

/** Whether the batch writes more after its bids: the end job of an extension, an Idempotency-Key answer, or a pattern check. */
function writesAfterApply(decisions: BidDecision[], now: Date): boolean {
  return decisions.some(({ extended, request: { meta, settings, user }, before }) => {
    if (extended || meta.idempotencyKey !== undefined) return true;
    if (!settings.bidder.patternAnalysisEnabled) return false;
    const { sharedIp, newAccount } = patternSignals(before, user, meta, now);
    return sharedIp || newAccount;
  });
}

/** The answer to an accepted bid. */
function bidResult(d: BidDecision, stored: { id: string; createdAt: string }): BidResultDto {
  const { auctionId, bidderId, input } = d.request;
  const isWinning = d.leaderId === bidderId;
  return {
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
}

/**
 * One transaction for a batch of bids on one auction: lock the auction and read the maxima the batch needs,
 * decide bid after bid in arrival order (a refused bid changes nothing), store every accepted bid's rows and
 * events in one statement, commit, then answer each bid.
 */
@injectable()
export class BidBatchService {
  /** Sends the batches' live events after their commits, gathered (see LivePublisher). */
  private readonly live: LivePublisher;
  /** The outbid sweep (OUTBID_SWEEP_TASK), asked for after batches stored notices (see SweepRequest). */
  private readonly outbidSweep: SweepRequest;

  constructor(
    @inject(TOKENS.PgLockPool) private readonly lockPool: pg.Pool,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(IdempotencyKeyStore) private readonly keys: IdempotencyKeyStore,
    @inject(BiddingPatternService) private readonly patterns: BiddingPatternService,
  ) {
    this.live = new LivePublisher(lockPool, logger);
    this.outbidSweep = new SweepRequest(lockPool, logger, OUTBID_SWEEP_TASK, OUTBID_SWEEP_JOB_KEY);
  }

  /** Resolves once the outbid sweeps asked for so far are queued (tests). */
  async outbidSweepQueued(): Promise<void> {
    await this.outbidSweep.queued();
  }

  /**
   * Places the batch (all bids of `auctionId`; one alone when it has an Idempotency-Key). `lastSent` is called
   * once the last statement (the write with COMMIT) is on its way. Throws when the transaction failed: every
   * bid of the batch gets that error.
   */
  async place(auctionId: string, batch: BidRequest[], lastSent: () => void = () => {}): Promise<BatchResult> {
    const answers: BatchAnswer[] = [];
    const flags: PatternFlag[] = [];
    let committed: AuctionRow | null = null;
    let notices: LiveNotices | null = null;
    let outbidStored = false;
    // On the lock pool and without the ORM: BEGIN goes with the lock in one round trip, and no ordinary read
    // queues in front of a transaction that holds a hot auction.
    await PgTransaction.run(this.lockPool, async (tx) => {
      const first = batch[0]!;
      const lockSql = lockForBidsSql((v) => tx.literal(v), auctionId, batch.map((b) => b.bidderId));
      let lockedRow: Parameters<typeof readLocked>[0];
      if (first.meta.idempotencyKey !== undefined) {
        const replay = await this.keys.claim(tx, first.bidderId, first.meta.idempotencyKey, `bid:${auctionId}`);
        if (replay) {
          answers[0] = { ok: true, value: replay };
          return;
        }
        [lockedRow] = await tx.execute(lockSql);
      } else {
        [lockedRow] = await tx.begin(lockSql);
      }
      // Inside the lock: this call, the batch's write, commit. Whatever does not depend on the auction's state
      // was read before the transaction.
      const locked = readLocked(lockedRow);
      if (!locked) throw Errors.notFound('Auction');
      let state = locked.auction;
      let maxima = locked.maxima.map((m): StandingMax => ({ bidderId: m.bidder_id, maxCents: centsOf(m.max), seq: Number(m.seq) }));
      const now = this.clock.now();
      const decisions: (BidDecision & { index: number })[] = [];
      batch.forEach((request, index) => {
        try {
          const decision = decide(state, maxima, request, now, batchSeq(index));
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

      const outbid: { userId: string; row: number }[] = [];
      let offset = 0;
      for (const d of decisions) {
        if (d.outbid && d.outbid !== d.request.bidderId) outbid.push({ userId: d.outbid, row: offset + d.ownIndex });
        offset += d.rows.length;
      }
      const activity = this.activity.prepare(auctionId, decisions.flatMap((d) => d.items));
      // The events are stored with the bids; their NOTIFY goes after the commit (LivePublisher), not in it.
      notices = { channel: activity.channel, payloads: activity.notices };
      const statement = applyBatchStatement({
        auctionId,
        rows: decisions.flatMap((d) => d.rows),
        leaderId: decisions[decisions.length - 1]!.leaderId,
        state,
        now,
        activity: { ...activity, notices: '[]' },
        outbid,
      });
      // When nothing else has to be written, COMMIT goes with the write: two round trips under the lock in all.
      outbidStored = outbid.length > 0;
      const final = !writesAfterApply(decisions, now);
      const storing = final ? tx.executeAndCommit<AppliedBatch[]>(statement.sql, statement.params) : tx.execute<AppliedBatch[]>(statement.sql, statement.params);
      // The write and COMMIT are on their way: the next batch may queue for the lock (see BidQueue).
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
        const { bidderId, meta, settings, user } = d.request;
        if (settings.bidder.patternAnalysisEnabled) {
          flags.push(...(await this.patterns.analyse(tx, d.before, bidderId, user, stored.id, meta)));
        }
        const body = bidResult(d, stored);
        await this.keys.store(tx, bidderId, meta.idempotencyKey, 201, body);
        answers[d.index] = { ok: true, value: { status: 201, body } };
      }
    });
    if (notices) void this.live.publish(notices);
    if (outbidStored) this.outbidSweep.ask();
    await this.patterns.raiseScores(flags);
    return { answers, committed };
  }
}
