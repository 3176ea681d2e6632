import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { AuctionRow } from './auction.row.js';
import { BidBatchService, type BatchJob, type BatchOutcome, type BidAnswer } from './bid-batch.service.js';
import { readCommittedAuction } from './bid-batch.sql.js';
import { MAX_AUCTIONS_PER_TRANSACTION, MAX_BATCH, MAX_BID_TRANSACTIONS, refusedEarly, type BidRequest } from './bid.rules.js';
import { Database } from '../../platform/db/database.js';

/** A bid waiting in this process for its auction's next batch. */
interface PendingBid {
  request: BidRequest;
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

/** A batch waiting for a transaction, and where its outcome goes. */
interface ReadyBatch {
  job: BatchJob;
  resolve: (outcome: BatchOutcome) => void;
}

/**
 * Bids queued in this process, per auction. The bids that arrive while a batch of the auction is in its
 * transaction go together in the next one: one lock, one write and one commit for all of them, instead of
 * one transaction per bid queueing for the row lock (docs/performance.md, "Bids batch per auction"). At most
 * MAX_BID_TRANSACTIONS bid transactions run at once; the batches of different auctions that wait for one of
 * them share it (up to MAX_AUCTIONS_PER_TRANSACTION), so bids spread over many auctions pay one commit per
 * transaction rather than one each ("Bids spread over many auctions").
 */
@injectable()
export class BidQueue {
  private readonly queues = new Map<string, AuctionQueue>();
  /** Batches waiting for a transaction, oldest first. */
  private readonly ready: ReadyBatch[] = [];
  /** Bid transactions running. */
  private running = 0;

  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(BidBatchService) private readonly batches: BidBatchService,
  ) {}

  /** Bids of the auction waiting in this process for the batch after the one in its transaction. */
  queuedBids(auctionId: string): number {
    return this.queues.get(auctionId)?.pending.length ?? 0;
  }

  /** Batches waiting for a bid transaction (all MAX_BID_TRANSACTIONS are running). */
  waitingBatches(): number {
    return this.ready.length;
  }

  /** Places `request` in its auction's next batch; resolves with its answer, or rejects with its refusal. */
  async submit(bid: BidRequest): Promise<BidAnswer> {
    // One queue per auction whatever the id's case: two batches of one auction must never share a transaction.
    const request = bid.auctionId === bid.auctionId.toLowerCase() ? bid : { ...bid, auctionId: bid.auctionId.toLowerCase() };
    const queue = this.queues.get(request.auctionId);
    // A request with an Idempotency-Key may be the retry of one that succeeded: it always queues.
    if (queue && request.meta.idempotencyKey === undefined) {
      // The auction is contended here: a bid too low for its last committed state is answered at once.
      if (!queue.committed) {
        queue.reading ??= readCommittedAuction(this.db.em, request.auctionId)
          .then((row) => void (queue.committed ??= row))
          .catch(() => undefined);
        await queue.reading;
      }
      const refused = queue.committed && refusedEarly(queue.committed, request, this.clock.now());
      if (refused) throw refused;
    }
    return new Promise<BidAnswer>((resolve, reject) => this.enqueue({ request, resolve, reject }));
  }

  private enqueue(bid: PendingBid): void {
    const { auctionId } = bid.request;
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
   * PostgreSQL for that commit, so the lock passes from batch to batch without a turn of the event loop.
   * The lock still orders them; each reads the maxima after it has the lock.
   */
  private async drain(auctionId: string, queue: AuctionQueue): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        if (queue.pending.length) {
          // A bid with an Idempotency-Key runs alone: its key is claimed and stored in its own transaction.
          const size = queue.pending[0]!.request.meta.idempotencyKey !== undefined ? 1 : queue.pending.findIndex((b) => b.request.meta.idempotencyKey !== undefined);
          const batch = queue.pending.splice(0, size > 0 ? Math.min(size, MAX_BATCH) : MAX_BATCH);
          let lastSent!: () => void;
          const sent = new Promise<void>((resolve) => (lastSent = resolve));
          const done = this.run(auctionId, batch, lastSent).then((committed) => {
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

  /** Places one batch and answers its bids; returns the committed state, or null when the transaction failed. */
  private async run(auctionId: string, batch: PendingBid[], lastSent: () => void): Promise<AuctionRow | null> {
    const result = await new Promise<BatchOutcome>((resolve) => {
      this.ready.push({ job: { auctionId, batch: batch.map((b) => b.request), lastSent }, resolve });
      this.pump();
    });
    if ('error' in result) {
      for (const pending of batch) pending.reject(result.error);
      return null;
    }
    batch.forEach((pending, i) => {
      const answer = result.answers[i]!;
      if (answer.ok) pending.resolve(answer.value);
      else pending.reject(answer.error);
    });
    return result.committed;
  }

  /**
   * Starts bid transactions while fewer than MAX_BID_TRANSACTIONS run: each takes the oldest waiting batch and
   * the next waiting ones of other auctions, up to MAX_AUCTIONS_PER_TRANSACTION (a batch with an
   * Idempotency-Key alone: its key is claimed in its own transaction).
   */
  private pump(): void {
    while (this.running < MAX_BID_TRANSACTIONS && this.ready.length) {
      let taken: ReadyBatch[];
      if (this.ready[0]!.job.batch[0]!.meta.idempotencyKey !== undefined) {
        taken = this.ready.splice(0, 1);
      } else {
        taken = [];
        for (let i = 0; i < this.ready.length && taken.length < MAX_AUCTIONS_PER_TRANSACTION; ) {
          if (this.ready[i]!.job.batch[0]!.meta.idempotencyKey !== undefined) i++;
          else taken.push(...this.ready.splice(i, 1));
        }
      }
      this.running++;
      void this.batches
        .placeMany(taken.map((t) => t.job))
        .then(
          (outcomes) => taken.forEach((t, i) => t.resolve(outcomes[i]!)),
          (error: unknown) => taken.forEach((t) => t.resolve({ error })),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
