import { Migration } from '@mikro-orm/migrations';

/**
 * reverse (issue 18): what a quote leaves to mail (the buyer's grouped new-quotes mail, the outquoted seller's
 * notice) is a row the quote's transaction inserts, swept by one job (reverse/sweep-quote-notices), instead of
 * graphile-worker jobs added in it: add_job NOTIFYs, and notifying commits wait for one another (issue 26).
 * A row stays until its work is done (restart safe); the notifications' unique keys keep a re-swept row from
 * mailing twice.
 */
export class Migration20261124232000ReverseQuoteNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "reverse_quote_notices" (
      "id" bigserial primary key,
      "reverse_auction_id" uuid not null references "reverse_auctions" ("id") on delete cascade,
      "outquoted_seller_id" uuid null,
      "bid_seq" bigint not null,
      "created_at" timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reverse_quote_notices"`);
  }
}
