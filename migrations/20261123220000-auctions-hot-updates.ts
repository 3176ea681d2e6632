import { Migration } from '@mikro-orm/migrations';

/**
 * auctions: let a bid update its auction row in place (a HOT update). Every bid changes current_bid and
 * total_bids; single-column indexes on them (and on watchers) forced a new entry in every index of the table
 * for each bid, and a hot auction's row left a long chain of dead versions behind. The list sorts by those
 * columns among the auctions of one status or seller, which the remaining indexes narrow down first, so the
 * three indexes are dropped, and the table keeps 20 % of each page free for the in-place versions.
 */
export class Migration20261123220000AuctionsHotUpdates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "auctions_current_bid_index";`);
    this.addSql(`drop index if exists "auctions_total_bids_index";`);
    this.addSql(`drop index if exists "auctions_watchers_index";`);
    this.addSql(`alter table "auctions" set (fillfactor = 80);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "auctions" reset (fillfactor);`);
    this.addSql(`create index "auctions_watchers_index" on "auctions" ("watchers");`);
    this.addSql(`create index "auctions_total_bids_index" on "auctions" ("total_bids");`);
    this.addSql(`create index "auctions_current_bid_index" on "auctions" ("current_bid");`);
  }
}
