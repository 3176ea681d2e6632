import { inject, injectable } from 'inversify';
import { RelistStatusSource } from '../../platform/relist-status.js';
import { AuctionRelistService } from './auction-relist.service.js';

/** The auctions' part of GET /api/admin/auto-relist/status (relists of type `auction`). */
@injectable()
export class AuctionRelistStatus extends RelistStatusSource {
  constructor(@inject(AuctionRelistService) private readonly relists: AuctionRelistService) {
    super();
  }

  relistStatus() {
    return this.relists.relistStatus();
  }
}
