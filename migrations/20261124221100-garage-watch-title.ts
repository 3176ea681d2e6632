import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 20): a watch keeps its item's title (read when the watch is made), so the Market Watch tab lists
 * watches without asking three modules for each item; (the sweep of watched auctions and requests uses the existing partial indexes).
 */
export class Migration20261124221100GarageWatchTitle extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "market_watch" add column "title" varchar(200) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "market_watch" drop column if exists "title";`);
  }
}
