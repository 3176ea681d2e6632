import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AuctionDto } from './auction.dto.js';
import { AuctionService, endJobKey, startJobKey } from './auction.service.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs.js';

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
    const em = this.db.em;
    await em.transactional(async (tx) => {
      const [a] = await tx.execute<{ seller_id: string; status: string; total_bids: number }[]>(
        'select seller_id, status, total_bids from auctions where id = ? for update',
        [id],
      );
      if (!a) throw Errors.notFound('Auction');
      if (a.seller_id !== actor.id) throw Errors.forbidden(CANCEL_MESSAGES.notYours);
      if (a.status === 'cancelled') return;
      if (a.status !== 'scheduled') throw Errors.conflict('auction_not_scheduled', CANCEL_MESSAGES.notScheduled);
      if (a.total_bids > 0) throw Errors.conflict('auction_has_bids', CANCEL_MESSAGES.hasBids);
      const now = this.clock.now().toISOString();
      await tx.execute(`update auctions set status = 'cancelled', ended_at = ?, updated_at = ? where id = ?`, [now, now, id]);
      await this.jobs.remove(tx, startJobKey(id), endJobKey(id));
    });
    return this.auctions.get(id, actor);
  }
}
