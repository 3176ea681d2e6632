import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { AuctionRelistService } from './auction-relist.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { AuctionDto } from './auction.dto.js';
import { Auction, OPEN_STATUSES } from './auction.entity.js';
import { highestBids } from './auction.repository.js';
import { AuctionService } from './auction.service.js';

/** An open (scheduled or active) auction with the figures the console's Active Listings Analysis shows. */
export interface OpenAuctionFacts {
  auctionId: string;
  partId: string;
  sellerId: string;
  status: string;
  /** The current bid, or the starting bid before the first bid (exact money). */
  price: string;
  startTime: string;
  endTime: string;
  watchers: number;
  totalBids: number;
}

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
  /** Each bidder of an auction with their highest bid in cents, highest first (Second Chance offers). */
  abstract highestBids(auctionId: string): Promise<{ bidderId: string; amountCents: number }[]>;
  /** Every scheduled or active auction, soonest end first. */
  abstract openAuctions(): Promise<OpenAuctionFacts[]>;
}

@injectable()
export class AuctionsApiImpl extends AuctionsApi {
  constructor(
    @inject(AuctionRelistService) private readonly relists: AuctionRelistService,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(AuctionService) private readonly auctions: AuctionService,
    @inject(Database) private readonly db: Database,
  ) {
    super();
  }
  async findAuction(id: string, viewer: Actor | null): Promise<AuctionDto | null> {
    return this.auctions.get(id, viewer).catch((err: unknown) => {
      if (err instanceof AppError && err.kind === 'not_found') return null;
      throw err;
    });
  }
  async openAuctions(): Promise<OpenAuctionFacts[]> {
    const open = await this.db.em.find(
      Auction,
      { status: { $in: [...OPEN_STATUSES] } },
      {
        orderBy: { endTime: 'asc', id: 'asc' },
        fields: ['partId', 'sellerId', 'status', 'currentBid', 'startingBid', 'startTime', 'endTime', 'watchers', 'totalBids'],
        refresh: true,
      },
    );
    return open.map((a) => ({
      auctionId: a.id,
      partId: a.partId,
      sellerId: a.sellerId,
      status: a.status,
      price: a.totalBids > 0 ? a.currentBid : a.startingBid,
      startTime: a.startTime.toISOString(),
      endTime: a.endTime.toISOString(),
      watchers: a.watchers,
      totalBids: a.totalBids,
    }));
  }
  async highestBids(auctionId: string): Promise<{ bidderId: string; amountCents: number }[]> {
    return highestBids(this.db.em, auctionId);
  }
  async minimumDurationSeconds(): Promise<number> {
    return (await this.settings.recent()).auction.minimumAuctionDuration;
  }
  async relistNow(auctionId: string): Promise<string | null> {
    return this.relists.relist(auctionId, true);
  }
}
