import { inject, injectable } from 'inversify';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';
import { ReverseService } from './reverse.service.js';
import type { ReverseAuctionDto } from './reverse.dto.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/errors.js';

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
  /** One request as `viewer` may see it (the request page's answer), or null when unknown or hidden. */
  abstract findRequest(id: string, viewer: Actor | null): Promise<ReverseAuctionDto | null>;
  /** Active requests whose title or description holds `q`, soonest end first, at most `limit` (the garage's watch picker). */
  abstract searchActive(q: string, limit: number): Promise<ReverseAuctionDto[]>;
}

@injectable()
export class ReverseApiImpl extends ReverseApi {
  constructor(
    @inject(ReverseLifecycleService) private readonly lifecycle: ReverseLifecycleService,
    @inject(ReverseService) private readonly requests: ReverseService,
  ) {
    super();
  }
  async findRequest(id: string, viewer: Actor | null): Promise<ReverseAuctionDto | null> {
    return this.requests.get(id, viewer).catch((err: unknown) => {
      if (err instanceof AppError && err.kind === 'not_found') return null;
      throw err;
    });
  }
  async searchActive(q: string, limit: number): Promise<ReverseAuctionDto[]> {
    const page = await this.requests.list({ q, status: 'active', sort: 'endTime', limit, offset: 0 }, null);
    return page.rows;
  }
  async relistNow(reverseAuctionId: string): Promise<string | null> {
    return this.lifecycle.relist(reverseAuctionId, true);
  }
  async relistStatus() {
    return this.lifecycle.relistStatus();
  }
}
