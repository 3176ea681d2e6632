import { Migration } from '@mikro-orm/migrations';

/** auctions: a seller may cancel a scheduled auction that has no bids; it keeps its row with status `cancelled`. */
export class Migration20261124143100AuctionsCancelled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "auctions" drop constraint if exists "auctions_status_check"`);
    this.addSql(`alter table "auctions" add constraint "auctions_status_check"
      check ("status" in ('scheduled', 'active', 'ended', 'pending', 'cancelled'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "auctions" set "status" = 'ended' where "status" = 'cancelled'`);
    this.addSql(`alter table "auctions" drop constraint if exists "auctions_status_check"`);
    this.addSql(`alter table "auctions" add constraint "auctions_status_check"
      check ("status" in ('scheduled', 'active', 'ended', 'pending'))`);
  }
}
