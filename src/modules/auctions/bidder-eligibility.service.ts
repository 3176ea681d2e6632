import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import { UnpaidStrikes } from '../../platform/unpaid-strikes.js';
import { AccountsApi, type BidderDto } from '../accounts/index.js';
import type { BidderSettings } from './auction-settings.schemas.js';
import { BID_MESSAGES, checkBidder } from './bid.rules.js';

/** Whether a user may bid at all (before any auction is locked): the admin's bidder rules on their account. */
@injectable()
export class BidderEligibilityService {
  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(UnpaidStrikes) @optional() private readonly strikes?: UnpaidStrikes,
  ) {}

  /** The bidder with their suspicion score; throws the refusal when the rules forbid them to bid. */
  async check(userId: string, bidder: BidderSettings): Promise<BidderDto> {
    const user = await this.accounts.findBidder(userId);
    if (!user) throw Errors.unauthorized();
    checkBidder(user, bidder, this.clock.now());
    // The non-paying winner's strikes (admin setting: block bidders with N unpaid items).
    if (bidder.maxUnpaidItems > 0 && this.strikes && (await this.strikes.count(userId)) >= bidder.maxUnpaidItems) {
      throw Errors.forbidden(BID_MESSAGES.unpaid);
    }
    return user;
  }
}
