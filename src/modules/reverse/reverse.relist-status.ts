import { inject, injectable } from 'inversify';
import { RelistStatusSource } from '../../platform/relist-status.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

/** The reverse auctions' part of GET /api/admin/auto-relist/status (relists of type `reverse-auction`). */
@injectable()
export class ReverseRelistStatus extends RelistStatusSource {
  constructor(@inject(ReverseLifecycleService) private readonly lifecycle: ReverseLifecycleService) {
    super();
  }

  relistStatus() {
    return this.lifecycle.relistStatus();
  }
}
