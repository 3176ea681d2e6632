import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LivePublisher, type LiveNotices } from '../../platform/live.js';
import type { Logger } from '../../platform/logger.js';
import { SweepRequest } from '../../platform/sweep-request.js';
import { TOKENS } from '../../platform/tokens.js';
import { Database } from '../../platform/db/database.js';
import { insertQuoteNotice } from './quote.repository.js';
import { QUOTE_NOTICES_SWEEP_JOB_KEY, QUOTE_NOTICES_SWEEP_TASK } from './reverse.tasks.js';

/**
 * What a quote leaves for after its commit: the live events (sent gathered, see LivePublisher) and the notices
 * to mail (rows in reverse_quote_notices, swept by QUOTE_NOTICES_SWEEP_TASK), so the quote's transaction neither
 * NOTIFYs nor adds a job (docs/performance.md, reverse auctions).
 */
@injectable()
export class QuoteNoticeQueue {
  private readonly live: LivePublisher;
  private readonly sweep: SweepRequest;

  // The lock pool (as the bids' publisher): the sends never wait behind quotes for one of the main pool's connections.
  constructor(@inject(Database) db: Database, @inject(TOKENS.Logger) logger: Logger) {
    this.live = new LivePublisher(db, 'lock', logger);
    this.sweep = new SweepRequest(db, 'lock', logger, QUOTE_NOTICES_SWEEP_TASK, QUOTE_NOTICES_SWEEP_JOB_KEY);
  }

  /** In the quote's transaction: the buyer's new-quotes mail, and the outquoted seller's notice when there is one. */
  store(em: EntityManager, reverseAuctionId: string, outquotedSellerId: string | null, bidSeq: string): Promise<void> {
    return insertQuoteNotice(em, reverseAuctionId, outquotedSellerId, bidSeq);
  }

  /** After the quote's commit: its live events, and a sweep for its notices. */
  committed(notices: LiveNotices): void {
    void this.live.publish(notices);
    this.sweep.ask();
  }

  /** Resolves once the sweeps asked for so far are queued (tests). */
  sweepQueued(): Promise<void> {
    return this.sweep.queued();
  }
}
