import { inject, injectable } from 'inversify';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

/** What other modules and the CLI may ask of reverse auctions. */
export abstract class ReverseApi {
  /**
   * Relists now a request that closed without an award, with its budget increase (the console's and the
   * CLI's manual relist); returns the new request's id. Refuses one that is open, awarded or relisted already.
   */
  abstract relistNow(reverseAuctionId: string): Promise<string | null>;
  /** The reverse part of the auto-relist queue status (upcoming jobs of type `reverse-auction`). */
  abstract relistStatus(): Promise<{
    totalJobs: number;
    pendingJobs: number;
    processedJobs: number;
    upcomingJobs: { type: string; originalId: string; scheduledTime: string }[];
  }>;
}

@injectable()
export class ReverseApiImpl extends ReverseApi {
  constructor(@inject(ReverseLifecycleService) private readonly lifecycle: ReverseLifecycleService) {
    super();
  }
  async relistNow(reverseAuctionId: string): Promise<string | null> {
    return this.lifecycle.relist(reverseAuctionId, true);
  }
  async relistStatus() {
    return this.lifecycle.relistStatus();
  }
}
