import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { BidInput } from './auction.schemas.js';
import type { BidAnswer } from './bid-batch.service.js';
import { BidQueue } from './bid.queue.js';
import { checkMaximum, type RequestMeta } from './bid.rules.js';
import { BidderEligibilityService } from './bidder-eligibility.service.js';

/** Places bids: the checks that need no lock, then the auction's queue in this process (see BidQueue). */
@injectable()
export class BiddingService {
  constructor(
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(BidderEligibilityService) private readonly eligibility: BidderEligibilityService,
    @inject(BidQueue) private readonly queue: BidQueue,
  ) {}

  /** Places a bid (with an optional proxy maximum) for the signed-in user. */
  async bid(auctionId: string, input: BidInput, actor: Actor, meta: RequestMeta): Promise<BidAnswer> {
    const settings = await this.settings.recent();
    const user = await this.eligibility.check(actor.id, settings.bidder);
    checkMaximum(input);
    return this.queue.submit({ auctionId, input, bidderId: actor.id, meta, settings, user });
  }
}
