import { Migration } from '@mikro-orm/migrations';
import { APPLY_BID_V1, LOCK_FOR_BID_V1 } from './auctions-bid-functions.js';

/**
 * auctions: a bid's work under the auction's row lock as two functions (texts in auctions-bid-functions.ts),
 * since every statement inside the lock costs every bidder queued behind it; and the indexes that find a
 * bidder's standing maximum without reading the auction's whole bid history.
 */
export class Migration20261123210000AuctionsBidFunction extends Migration {
  override async up(): Promise<void> {
    // Each bidder's standing maximum is their bid row first in (maximum desc, seq asc) order; these two indexes
    // find the leader's, the runner-up's and one bidder's without reading the auction's whole bid history.
    this.addSql(`create index "bids_auction_id_max_index" on "bids" ("auction_id", (coalesce("max_bid_amount", "bid_amount")) desc, "seq")
      where "bid_type" <> 'buy_it_now';`);
    this.addSql(`create index "bids_auction_id_bidder_id_max_index" on "bids" ("auction_id", "bidder_id", (coalesce("max_bid_amount", "bid_amount")) desc, "seq")
      where "bid_type" <> 'buy_it_now';`);
    this.addSql(LOCK_FOR_BID_V1);
    this.addSql(APPLY_BID_V1);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists auction_apply_bid(uuid, json, uuid, numeric, timestamptz, integer, timestamptz, json, text, json);`);
    this.addSql(`drop function if exists auction_lock_for_bid(uuid, uuid);`);
    this.addSql(`drop index if exists "bids_auction_id_bidder_id_max_index";`);
    this.addSql(`drop index if exists "bids_auction_id_max_index";`);
  }
}
