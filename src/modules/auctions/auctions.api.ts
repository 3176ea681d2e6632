import { inject, injectable } from 'inversify';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';

/** What other modules and the CLI may ask of auctions. */
export abstract class AuctionsApi {
  /**
   * Relists an ended, unsold auction now, with its relist price reduction (the console's and the CLI's
   * manual relist); returns the new auction's id, or null when its part is no longer listed (the relist is
   * skipped). Refuses an auction that is not ended, was sold or was relisted already.
   */
  abstract relistNow(auctionId: string): Promise<string | null>;
  /** The admin's minimum auction duration in seconds (also the minimum run of a reverse auction). */
  abstract minimumDurationSeconds(): Promise<number>;
}

@injectable()
export class AuctionsApiImpl extends AuctionsApi {
  constructor(
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
  ) {
    super();
  }
  async minimumDurationSeconds(): Promise<number> {
    return (await this.settings.recent()).auction.minimumAuctionDuration;
  }
  async relistNow(auctionId: string): Promise<string | null> {
    return this.lifecycle.relist(auctionId, true);
  }
}
