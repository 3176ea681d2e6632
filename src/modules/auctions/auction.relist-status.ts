import { inject, injectable } from 'inversify';
import { RelistStatusSource } from '../../platform/relist-status.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';

/** The auctions' part of GET /api/admin/auto-relist/status (relists of type `auction`). */
@injectable()
export class AuctionRelistStatus extends RelistStatusSource {
  constructor(@inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService) {
    super();
  }

  relistStatus() {
    return this.lifecycle.relistStatus();
  }
}
