import { Migration } from '@mikro-orm/migrations';

/**
 * reverse: wanted-part requests (reverse auctions), the sellers' quotes, the live activity feed, idempotency
 * keys of quote requests and the relists the module scheduled. auction_watchers and auction_notifications
 * (spec 001 §9: "auctionId or reverseAuctionId") gain a reverse_auction_id: exactly one of the two ids is set.
 * buyer_id, seller_id, winning_bidder_id and user_id are ids of other modules: plain columns, no foreign key.
 */
export class Migration20261124170000ReverseInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "reverse_auctions" (
      "id" uuid not null default gen_random_uuid(),
      "buyer_id" uuid not null,
      "title" varchar(200) not null,
      "description" text not null,
      "part_category" varchar(100) not null,
      "make" varchar(100) null,
      "model" varchar(100) null,
      "year_start" integer null,
      "year_end" integer null,
      "condition" varchar(100) null,
      "max_budget" numeric(10,2) not null,
      "current_lowest_bid" numeric(10,2) null,
      "min_bid_decrement" numeric(10,2) not null default 10,
      "start_time" timestamptz not null,
      "end_time" timestamptz not null,
      "status" varchar(20) not null default 'scheduled',
      "award_status" varchar(20) null,
      "winning_bidder_id" uuid null,
      "winning_bid_id" uuid null,
      "total_bids" integer not null default 0,
      "watchers" integer not null default 0,
      "location" varchar(200) null,
      "shipping_preference" varchar(20) not null default 'both',
      "urgency" varchar(20) not null default 'normal',
      "images" jsonb not null default '[]',
      "auto_relist" boolean not null default false,
      "relist_count" integer not null default 0,
      "max_relists" integer not null default 3,
      "relist_budget_increase" numeric(4,1) not null default 0,
      "relist_delay" integer not null default 24,
      "relisted_from" uuid null,
      "cancel_reason" text null,
      "ended_at" timestamptz null,
      "closed_at" timestamptz null,
      "quotes_notified_seq" bigint not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "reverse_auctions_pkey" primary key ("id"),
      constraint "reverse_auctions_status_check" check ("status" in ('pending', 'scheduled', 'active', 'ended', 'cancelled')),
      constraint "reverse_auctions_award_check" check ("award_status" in ('awarded', 'unawarded')),
      constraint "reverse_auctions_shipping_check" check ("shipping_preference" in ('pickup', 'shipping', 'both')),
      constraint "reverse_auctions_urgency_check" check ("urgency" in ('low', 'normal', 'high')),
      constraint "reverse_auctions_money_check" check ("max_budget" > 0 and "min_bid_decrement" >= 0 and ("current_lowest_bid" is null or "current_lowest_bid" > 0)),
      constraint "reverse_auctions_times_check" check ("end_time" > "start_time"),
      constraint "reverse_auctions_totals_check" check ("total_bids" >= 0 and "watchers" >= 0)
    );`);
    // Filters and sorts of GET /api/reverse-auctions, and the catch-up scans of the worker.
    this.addSql(`create index "reverse_auctions_status_end_time_index" on "reverse_auctions" ("status", "end_time");`);
    this.addSql(`create index "reverse_auctions_status_start_time_index" on "reverse_auctions" ("status", "start_time");`);
    this.addSql(`create index "reverse_auctions_end_time_index" on "reverse_auctions" ("end_time");`);
    this.addSql(`create index "reverse_auctions_buyer_id_index" on "reverse_auctions" ("buyer_id", "created_at" desc);`);
    this.addSql(`create index "reverse_auctions_category_index" on "reverse_auctions" (lower("part_category"));`);
    this.addSql(`create index "reverse_auctions_max_budget_index" on "reverse_auctions" ("max_budget");`);
    this.addSql(`create index "reverse_auctions_total_bids_index" on "reverse_auctions" ("total_bids");`);
    this.addSql(`create index "reverse_auctions_award_index" on "reverse_auctions" ("ended_at") where "status" = 'ended' and "award_status" is null;`);

    this.addSql(`create table "reverse_auction_bids" (
      "id" uuid not null default gen_random_uuid(),
      "seq" bigserial not null,
      "reverse_auction_id" uuid not null references "reverse_auctions" ("id") on delete cascade,
      "seller_id" uuid not null,
      "bid_amount" numeric(10,2) not null,
      "part_condition" varchar(100) null,
      "part_location" varchar(200) null,
      "estimated_shipping" numeric(10,2) null,
      "availability_date" date null,
      "notes" text null,
      "images" jsonb not null default '[]',
      "is_winning" boolean not null default false,
      "created_at" timestamptz not null default now(),
      constraint "reverse_auction_bids_pkey" primary key ("id"),
      constraint "reverse_auction_bids_amount_check" check ("bid_amount" > 0)
    );`);
    this.addSql(`create index "reverse_auction_bids_request_amount_index" on "reverse_auction_bids" ("reverse_auction_id", "bid_amount", "seq");`);
    this.addSql(`create index "reverse_auction_bids_seller_id_index" on "reverse_auction_bids" ("seller_id", "created_at" desc);`);
    this.addSql(`create unique index "reverse_auction_bids_one_winning_index" on "reverse_auction_bids" ("reverse_auction_id") where "is_winning";`);

    this.addSql(`create table "reverse_auction_activity" (
      "id" uuid not null default gen_random_uuid(),
      "seq" bigserial not null,
      "reverse_auction_id" uuid not null references "reverse_auctions" ("id") on delete cascade,
      "type" varchar(20) not null,
      "data" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      constraint "reverse_auction_activity_pkey" primary key ("id"),
      constraint "reverse_auction_activity_type_check" check ("type" in ('quote', 'outquoted', 'watcher', 'end', 'award'))
    );`);
    this.addSql(`create index "reverse_auction_activity_request_seq_index" on "reverse_auction_activity" ("reverse_auction_id", "seq" desc);`);

    this.addSql(`create table "reverse_idempotency_keys" (
      "user_id" uuid not null,
      "key" varchar(200) not null,
      "endpoint" varchar(200) not null,
      "status" integer not null,
      "response" jsonb not null,
      "created_at" timestamptz not null default now(),
      constraint "reverse_idempotency_keys_pkey" primary key ("user_id", "key")
    );`);

    this.addSql(`create table "reverse_relists" (
      "id" uuid not null default gen_random_uuid(),
      "original_id" uuid not null references "reverse_auctions" ("id") on delete cascade,
      "scheduled_time" timestamptz not null,
      "status" varchar(20) not null default 'pending',
      "new_reverse_auction_id" uuid null,
      "processed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "reverse_relists_pkey" primary key ("id"),
      constraint "reverse_relists_original_unique" unique ("original_id"),
      constraint "reverse_relists_status_check" check ("status" in ('pending', 'processed', 'skipped'))
    );`);
    this.addSql(`create index "reverse_relists_status_index" on "reverse_relists" ("status", "scheduled_time");`);

    for (const table of ['auction_watchers', 'auction_notifications']) {
      this.addSql(`alter table "${table}" alter column "auction_id" drop not null;`);
      this.addSql(`alter table "${table}" add column "reverse_auction_id" uuid null references "reverse_auctions" ("id") on delete cascade;`);
      this.addSql(`alter table "${table}" add constraint "${table}_one_target_check" check (num_nonnulls("auction_id", "reverse_auction_id") = 1);`);
    }
    this.addSql(`create unique index "auction_watchers_reverse_unique" on "auction_watchers" ("reverse_auction_id", "user_id") where "reverse_auction_id" is not null;`);
    this.addSql(`create unique index "auction_notifications_reverse_once_unique" on "auction_notifications" ("reverse_auction_id", "user_id", "notification_type") where "reverse_auction_id" is not null;`);
  }

  override async down(): Promise<void> {
    for (const table of ['auction_watchers', 'auction_notifications']) {
      this.addSql(`delete from "${table}" where "reverse_auction_id" is not null;`);
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_one_target_check";`);
      this.addSql(`alter table "${table}" drop column if exists "reverse_auction_id";`);
      this.addSql(`alter table "${table}" alter column "auction_id" set not null;`);
    }
    for (const table of ['reverse_relists', 'reverse_idempotency_keys', 'reverse_auction_activity', 'reverse_auction_bids', 'reverse_auctions']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
