import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import type { AuctionDto } from './auction.dto.js';
import { Auction } from './auction.entity.js';
import { readAuction } from './auction.repository.js';
import { AuctionService } from './auction.service.js';
import { removeStartAndEndJobs } from './auctions.tasks.js';

export const CANCEL_MESSAGES = {
  notYours: 'You can only cancel your own auctions',
  notScheduled: 'Only a scheduled auction can be cancelled; this one has already started',
  hasBids: 'An auction with bids cannot be cancelled',
} as const;

/** A seller calling off their own scheduled auction before it opens (an admin's cancel is the console's). */
@injectable()
export class AuctionCancelService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AuctionService) private readonly auctions: AuctionService,
  ) {}

  /**
   * Cancels the seller's scheduled auction that has no bids: status `cancelled`, and its start and end jobs
   * are removed (the lifecycle steps would skip it anyway: they re-check the status under the row lock).
   */
  async cancelBySeller(id: string, actor: Actor): Promise<AuctionDto> {
    await this.db.transaction(async (tx) => {
      const a = await readAuction(tx, id, true);
      if (!a) throw Errors.notFound('Auction');
      if (a.sellerId !== actor.id) throw Errors.forbidden(CANCEL_MESSAGES.notYours);
      if (a.status === 'cancelled') return;
      if (a.status !== 'scheduled') throw Errors.conflict('auction_not_scheduled', CANCEL_MESSAGES.notScheduled);
      if (a.totalBids > 0) throw Errors.conflict('auction_has_bids', CANCEL_MESSAGES.hasBids);
      const now = this.clock.now();
      await tx.nativeUpdate(Auction, { id }, { status: 'cancelled', endedAt: now, updatedAt: now });
      await removeStartAndEndJobs(this.jobs, tx, id);
    });
    return this.auctions.get(id, actor);
  }
}
