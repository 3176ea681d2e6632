import { inject, injectable } from 'inversify';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionService } from './auction.service.js';
import type { AuctionDto } from './auction.dto.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/errors.js';
import { storedCents } from '../../platform/money.js';

import { Database } from '../../platform/db/database.js';

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
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
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
    const rows = await this.db.em.execute<
      { id: string; part_id: string; seller_id: string; status: string; price: string; start_time: Date; end_time: Date; watchers: number; total_bids: number }[]
    >(
      `select id, part_id, seller_id, status, (case when total_bids > 0 then current_bid else starting_bid end)::text as price,
              start_time, end_time, watchers, total_bids
         from auctions where status in ('scheduled', 'active') order by end_time, id`,
    );
    return rows.map((r) => ({
      auctionId: r.id,
      partId: r.part_id,
      sellerId: r.seller_id,
      status: r.status,
      price: r.price,
      startTime: new Date(r.start_time).toISOString(),
      endTime: new Date(r.end_time).toISOString(),
      watchers: r.watchers,
      totalBids: r.total_bids,
    }));
  }
  async highestBids(auctionId: string): Promise<{ bidderId: string; amountCents: number }[]> {
    const rows = await this.db.em.execute<{ bidder_id: string; amount: string }[]>(
      `select bidder_id, max(bid_amount)::text as amount from bids where auction_id = ? group by bidder_id order by max(bid_amount) desc, bidder_id`,
      [auctionId],
    );
    return rows.map((r) => ({ bidderId: r.bidder_id, amountCents: storedCents(r.amount) }));
  }
  async minimumDurationSeconds(): Promise<number> {
    return (await this.settings.recent()).auction.minimumAuctionDuration;
  }
  async relistNow(auctionId: string): Promise<string | null> {
    return this.lifecycle.relist(auctionId, true);
  }
}
