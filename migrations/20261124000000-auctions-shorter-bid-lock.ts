import { Migration } from '@mikro-orm/migrations';
import { APPLY_BID_V1, APPLY_BID_V2, LOCK_FOR_BIDS_V1, LOCK_FOR_BIDS_V2 } from './auctions-bid-functions.js';

/**
 * auctions: less work while a hot auction is locked for a batch of bids (version 2 of both functions in
 * auctions-bid-functions.ts).
 *
 * - auction_lock_for_bids runs with sorting off: PL/pgSQL's generic plan, costed for an auction of a few bids,
 *   could read and sort a hot auction's whole bid history under the lock; the maxima index needs an entry or two.
 * - The batch bidders' own maxima are one DISTINCT ON that reads only those bidders' bids, already in order.
 * - auction_apply_bid inserts the batch's rows in one statement, the leader's last row already winning,
 *   instead of a second UPDATE (one row version and index entries less per batch).
 */
export class Migration20261124000000AuctionsShorterBidLock extends Migration {
  override async up(): Promise<void> {
    this.addSql(LOCK_FOR_BIDS_V2);
    this.addSql(APPLY_BID_V2);
  }

  override async down(): Promise<void> {
    this.addSql(APPLY_BID_V1);
    this.addSql(LOCK_FOR_BIDS_V1);
    this.addSql(`alter function auction_lock_for_bids(uuid, uuid[]) reset all;`);
  }
}
