import { Migration } from '@mikro-orm/migrations';
import { LOCK_FOR_BID_V1, LOCK_FOR_BIDS_V1 } from './auctions-bid-functions.js';

/**
 * auctions: several bids on one auction in one transaction (BidQueue batches the bids that queue up for
 * a hot auction in one process). auction_lock_for_bids(id, bidders[]) replaces auction_lock_for_bid(id,
 * bidder): it locks the auction row and reads the leader's and the runner-up's standing maxima and those of
 * every bidder of the batch, each through bids_auction_id_bidder_id_max_index. Those are all the maxima the
 * proxy engine needs for the whole batch: a bid changes only its own bidder's maximum, so the top two after
 * any bid of the batch are among them. auction_apply_bid already takes any number of bid rows and events.
 * The row lock is FOR NO KEY UPDATE (what the UPDATE of the auction takes anyway): it still serialises bids,
 * Buy It Now and the lifecycle, but no longer waits for transactions that only insert rows referencing the
 * auction (the worker's outbid notifications take FOR KEY SHARE through their foreign key).
 */
export class Migration20261123230000AuctionsBatchedBids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists auction_lock_for_bid(uuid, uuid);`);
    this.addSql(LOCK_FOR_BIDS_V1);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists auction_lock_for_bids(uuid, uuid[]);`);
    this.addSql(LOCK_FOR_BID_V1);
  }
}
