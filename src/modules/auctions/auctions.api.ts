import { inject, injectable } from 'inversify';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionService } from './auction.service.js';
import type { AuctionDto } from './auction.dto.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/errors.js';

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
  /** One auction as `viewer` may see it (the auction page's answer), or null when unknown or hidden. */
  abstract findAuction(id: string, viewer: Actor | null): Promise<AuctionDto | null>;
}

@injectable()
export class AuctionsApiImpl extends AuctionsApi {
  constructor(
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(AuctionService) private readonly auctions: AuctionService,
  ) {
    super();
  }
  async findAuction(id: string, viewer: Actor | null): Promise<AuctionDto | null> {
    return this.auctions.get(id, viewer).catch((err: unknown) => {
      if (err instanceof AppError && err.kind === 'not_found') return null;
      throw err;
    });
  }
  async minimumDurationSeconds(): Promise<number> {
    return (await this.settings.recent()).auction.minimumAuctionDuration;
  }
  async relistNow(auctionId: string): Promise<string | null> {
    return this.lifecycle.relist(auctionId, true);
  }
}
