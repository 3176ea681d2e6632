import { Migration } from '@mikro-orm/migrations';

/**
 * auctions (issue 26): outbid notices are rows the bid's transaction inserts, swept by one job
 * (auctions/sweep-outbid), instead of a graphile-worker job added per bid batch: add_jobs NOTIFYs, and a
 * transaction that NOTIFYs holds the notify-queue lock through its commit's WAL flush, which made every bid
 * commit wait for the one before it. A row stays until its mail is queued (restart safe); the notification
 * row, unique per auction, bidder and outbidding bid, keeps a swept-again notice from mailing twice.
 */
export class Migration20261124200000AuctionsOutbidNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "auction_outbid_notices" (
      "id" bigserial primary key,
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "user_id" uuid not null,
      "bid_seq" bigint not null,
      "created_at" timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "auction_outbid_notices"`);
  }
}
