import { Migration } from '@mikro-orm/migrations';

/**
 * auctions: an admin may end an active auction early or cancel one; the row keeps who did it and the reason
 * (mailed to the bidders and the seller, shown in the console).
 */
export class Migration20261124150000AuctionsAdminClose extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "auctions" add column if not exists "closed_by" uuid null`);
    this.addSql(`alter table "auctions" add column if not exists "close_reason" text null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "auctions" drop column if exists "close_reason"`);
    this.addSql(`alter table "auctions" drop column if exists "closed_by"`);
  }
}
