import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import { JobQueue } from '../../platform/jobs.js';
import { LivePublisher, type LiveNotices } from '../../platform/live.js';
import { SweepRequest } from '../../platform/sweep-request.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { ActivityService } from './activity.service.js';
import type { BidResultDto } from './auction.dto.js';
import { centsOf, money, type AuctionRow } from './auction.row.js';
import { addEndJob, OUTBID_SWEEP_JOB_KEY, OUTBID_SWEEP_TASK } from './auctions.tasks.js';
import { nextMinimum } from './auction.rules.js';
import { applyBatchStatement, lockForBidsSql, readLocked, type AppliedBatch } from './bid-batch.sql.js';
import { batchSeq, decide, type BidDecision, type BidRequest } from './bid.rules.js';
import { BiddingPatternService, patternSignals, type PatternFlag } from './bidding-pattern.service.js';
import { IdempotencyKeyStore, type StoredAnswer } from './idempotency-key.store.js';
import type { StandingMax } from './proxy-engine.js';
import { Database } from '../../platform/db/database.js';

/** One bid's answer: its status and body, or the refusal to throw. */
export type BidAnswer = StoredAnswer;
export type BatchAnswer = { ok: true; value: BidAnswer } | { ok: false; error: unknown };

/** The answers of a batch in the order of its bids, and the auction's state after its commit. */
export interface BatchResult {
  answers: BatchAnswer[];
  committed: AuctionRow | null;
}

/** A batch's result, or the error of its transaction (every bid of the batch gets it). */
export type BatchOutcome = BatchResult | { error: unknown };

/**
 * One auction's batch of bids (all of one auction; one alone when it has an Idempotency-Key). `lastSent` is
 * called once the transaction's last statement (the write with COMMIT) is on its way.
 */
export interface BatchJob {
  auctionId: string;
  batch: BidRequest[];
  lastSent?: () => void;
}

/** What one batch writes: its statement, its decisions and the events to send after the commit. */
interface PreparedWrite {
  job: number;
  statement: { sql: string; params: unknown[] };
  decisions: (BidDecision & { index: number })[];
  answers: BatchAnswer[];
  state: AuctionRow;
  notices: LiveNotices;
  outbid: boolean;
}

const hasKey = (job: BatchJob) => job.batch[0]!.meta.idempotencyKey !== undefined;

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
 * One transaction for the batches of bids of one or several auctions: lock the auctions (in id order, so two
 * such transactions never wait for each other in a cycle) and read the maxima each batch needs, in one round
 * trip; decide bid after bid in arrival order per auction (a refused bid changes nothing); store every batch's
 * rows and events and commit, in a second round trip; then answer each bid. Spread over many auctions, the
 * batches that wait for a connection share a transaction instead of paying a BEGIN, a COMMIT with its WAL flush
 * and two round trips each (docs/performance.md, "Bids spread over many auctions").
 */
@injectable()
export class BidBatchService {
  /** Sends the batches' live events after their commits, gathered (see LivePublisher). */
  private readonly live: LivePublisher;
  /** The outbid sweep (OUTBID_SWEEP_TASK), asked for after batches stored notices (see SweepRequest). */
  private readonly outbidSweep: SweepRequest;

  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(IdempotencyKeyStore) private readonly keys: IdempotencyKeyStore,
    @inject(BiddingPatternService) private readonly patterns: BiddingPatternService,
  ) {
    this.live = new LivePublisher(db, 'lock', logger);
    this.outbidSweep = new SweepRequest(db, 'lock', logger, OUTBID_SWEEP_TASK, OUTBID_SWEEP_JOB_KEY);
  }

  /** Resolves once the outbid sweeps asked for so far are queued (tests). */
  async outbidSweepQueued(): Promise<void> {
    await this.outbidSweep.queued();
  }

  /**
   * Places the batches (of distinct auctions; a batch with an Idempotency-Key alone) in one transaction and
   * answers one outcome per batch, in their order. When a transaction of several batches fails, each batch is
   * tried again in a transaction of its own, so one auction's failure is not the others'.
   */
  async placeMany(jobs: readonly BatchJob[]): Promise<BatchOutcome[]> {
    if (jobs.length === 1) return [await this.placeAlone(jobs[0]!)];
    if (jobs.some(hasKey)) throw new Error('a batch with an Idempotency-Key runs in a transaction of its own');
    if (new Set(jobs.map((j) => j.auctionId)).size !== jobs.length) throw new Error('one batch per auction in a transaction');
    try {
      return await this.transaction(jobs);
    } catch (error) {
      this.logger.warn({ err: error, batches: jobs.length }, 'a bid transaction of several auctions failed: each batch is tried alone');
      return Promise.all(jobs.map((job) => this.placeAlone(job)));
    }
  }

  private async placeAlone(job: BatchJob): Promise<BatchOutcome> {
    try {
      return (await this.transaction([job]))[0]!;
    } catch (error) {
      return { error };
    }
  }

  private async transaction(jobs: readonly BatchJob[]): Promise<BatchOutcome[]> {
    const outcomes: BatchOutcome[] = [];
    const writes: PreparedWrite[] = [];
    const flags: PatternFlag[] = [];
    // On the lock pool and without the ORM: BEGIN goes with the locks in one round trip, and no ordinary read
    // queues in front of a transaction that holds a hot auction.
    await this.db.sqlTransaction('lock', async (tx) => {
      const order = jobs.map((_, i) => i).sort((a, b) => (jobs[a]!.auctionId < jobs[b]!.auctionId ? -1 : 1));
      const locks = order.map((i) => lockForBidsSql((v) => tx.literal(v), jobs[i]!.auctionId, jobs[i]!.batch.map((b) => b.bidderId)));
      let lockedRows: Parameters<typeof readLocked>[0][][];
      const first = jobs[0]!.batch[0]!;
      if (jobs.length === 1 && first.meta.idempotencyKey !== undefined) {
        const replay = await this.keys.claim(tx, first.bidderId, first.meta.idempotencyKey, `bid:${jobs[0]!.auctionId}`);
        if (replay) {
          outcomes[0] = { answers: [{ ok: true, value: replay }], committed: null };
          return;
        }
        lockedRows = [await tx.execute(locks[0]!)];
      } else {
        lockedRows = await tx.beginMany(locks);
      }
      // Inside the locks: these decisions, the batches' write, commit. Whatever does not depend on the
      // auctions' state was read before the transaction.
      const now = this.clock.now();
      order.forEach((jobIndex, k) => {
        const job = jobs[jobIndex]!;
        const locked = readLocked(lockedRows[k]![0]);
        if (!locked) {
          if (hasKey(job)) throw Errors.notFound('Auction');
          outcomes[jobIndex] = { error: Errors.notFound('Auction') };
          return;
        }
        const write = this.prepare(jobIndex, job, locked, now);
        if (!write.statement) {
          // Every bid refused: nothing to write. A lone bid's refusal rolls back its Idempotency-Key claim, so a
          // corrected retry may use the key.
          if (hasKey(job)) throw (write.answers[0] as { error: unknown }).error;
          outcomes[jobIndex] = { answers: write.answers, committed: write.state };
          return;
        }
        writes.push({ ...write, statement: write.statement });
      });
      if (!writes.length) return;

      // When nothing else has to be written, COMMIT goes with the writes: two round trips under the locks in all.
      const final = !writes.some((w) => writesAfterApply(w.decisions, now));
      const storing = tx.executeMany<AppliedBatch>(writes.map((w) => w.statement), final);
      // The writes and COMMIT are on their way: each auction's next batch may queue for its lock (see BidQueue).
      if (final) for (const job of jobs) job.lastSent?.();
      const stored = await storing;
      for (const [k, write] of writes.entries()) {
        const applied = stored[k]![0]!.applied;
        const { auctionId } = jobs[write.job]!;
        if (applied.totalBids !== write.state.totalBids) {
          // Cannot happen while every bid goes through this lock; after COMMIT it can only be reported.
          const mismatch = `auction ${auctionId}: bid count ${applied.totalBids}, expected ${write.state.totalBids}`;
          if (!final) throw new Error(mismatch);
          this.logger.error({ auctionId }, mismatch);
        }
        if (write.decisions.some((d) => d.extended)) {
          await addEndJob(this.jobs, tx, auctionId, write.state.endTime);
        }
        let offset = 0;
        for (const d of write.decisions) {
          const row = applied.bids[offset + d.ownIndex]!;
          offset += d.rows.length;
          const { bidderId, meta, settings, user } = d.request;
          if (settings.bidder.patternAnalysisEnabled) {
            flags.push(...(await this.patterns.analyse(tx, d.before, bidderId, user, row.id, meta)));
          }
          const body = bidResult(d, row);
          await this.keys.store(tx, bidderId, meta.idempotencyKey, 201, body);
          write.answers[d.index] = { ok: true, value: { status: 201, body } };
        }
        outcomes[write.job] = { answers: write.answers, committed: write.state };
      }
    });
    for (const write of writes) void this.live.publish(write.notices);
    if (writes.some((w) => w.outbid)) this.outbidSweep.ask();
    await this.patterns.raiseScores(flags);
    return outcomes;
  }

  /** One batch's decisions on its locked auction, and the statement that stores them (null when all were refused). */
  private prepare(
    jobIndex: number,
    job: BatchJob,
    locked: NonNullable<ReturnType<typeof readLocked>>,
    now: Date,
  ): Omit<PreparedWrite, 'statement'> & { statement: PreparedWrite['statement'] | null } {
    const { auctionId, batch } = job;
    const answers: BatchAnswer[] = [];
    let state = locked.auction;
    let maxima = locked.maxima.map((m): StandingMax => ({ bidderId: m.bidder_id, maxCents: centsOf(m.max), seq: Number(m.seq) }));
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
    const outbid: { userId: string; row: number }[] = [];
    let offset = 0;
    for (const d of decisions) {
      if (d.outbid && d.outbid !== d.request.bidderId) outbid.push({ userId: d.outbid, row: offset + d.ownIndex });
      offset += d.rows.length;
    }
    const activity = this.activity.prepare(auctionId, decisions.flatMap((d) => d.items));
    const statement = decisions.length
      ? applyBatchStatement({
          auctionId,
          rows: decisions.flatMap((d) => d.rows),
          leaderId: decisions[decisions.length - 1]!.leaderId,
          state,
          now,
          // The events are stored with the bids; their NOTIFY goes after the commit (LivePublisher), not in it.
          activity: { ...activity, notices: '[]' },
          outbid,
        })
      : null;
    return {
      job: jobIndex,
      statement,
      decisions,
      answers,
      state,
      notices: { channel: activity.channel, payloads: activity.notices },
      outbid: outbid.length > 0,
    };
  }
}
