import { Migration } from '@mikro-orm/migrations';

/**
 * auctions: forward auctions, their bids (one row per recorded bid, proxy bids included), watchers,
 * scheduled notifications, bidding-pattern flags, the live activity feed, admin settings (one JSON row per
 * group), idempotency keys of bid/buy-it-now requests, and the relists the module scheduled.
 * part_id, seller_id, winner_id, bidder_id and user_id are ids of other modules: plain columns, no foreign key.
 */
export class Migration20261123200000AuctionsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "auctions" (
      "id" uuid not null default gen_random_uuid(),
      "part_id" uuid not null,
      "seller_id" uuid not null,
      "auction_type" varchar(20) not null default 'standard',
      "title" varchar(200) not null,
      "description" text not null,
      "starting_bid" numeric(10,2) not null,
      "reserve_price" numeric(10,2) null,
      "buy_it_now_price" numeric(10,2) null,
      "current_bid" numeric(10,2) not null default 0,
      "bid_increment" numeric(10,2) not null default 10,
      "start_time" timestamptz not null,
      "end_time" timestamptz not null,
      "status" varchar(20) not null default 'scheduled',
      "winner_id" uuid null,
      "total_bids" integer not null default 0,
      "watchers" integer not null default 0,
      "is_reserve_met_public" boolean not null default false,
      "auto_extend_minutes" integer not null default 0,
      "auto_extend_trigger" integer not null default 120,
      "auto_extend_time" integer not null default 120,
      "max_extensions" integer not null default 3,
      "current_extensions" integer not null default 0,
      "auto_relist" boolean not null default false,
      "relist_count" integer not null default 0,
      "max_relists" integer not null default 3,
      "relist_price_reduction" numeric(4,1) not null default 0,
      "relist_delay" integer not null default 24,
      "relisted_from" uuid null,
      "allow_proxy" boolean not null default true,
      "allow_early_end" boolean not null default false,
      "require_bidder_verification" boolean not null default false,
      "min_account_age_hours" integer not null default 0,
      "allowed_countries" text[] not null default '{}',
      "blocked_bidders" text[] not null default '{}',
      "allowed_bidders" uuid[] not null default '{}',
      "require_approval" boolean not null default false,
      "shipping_cost" numeric(10,2) null,
      "conditions" varchar(100) null,
      "location" varchar(200) null,
      "seller_ip" varchar(64) null,
      "ended_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "auctions_pkey" primary key ("id"),
      constraint "auctions_status_check" check ("status" in ('scheduled', 'active', 'ended', 'pending')),
      constraint "auctions_type_check" check ("auction_type" in ('standard', 'reserve')),
      constraint "auctions_money_check" check ("starting_bid" > 0 and "current_bid" >= 0 and "bid_increment" >= 0),
      constraint "auctions_times_check" check ("end_time" > "start_time"),
      constraint "auctions_totals_check" check ("total_bids" >= 0 and "watchers" >= 0)
    );`);
    // Filters and sorts of GET /api/auctions, and the catch-up scans of the worker.
    this.addSql(`create index "auctions_status_end_time_index" on "auctions" ("status", "end_time");`);
    this.addSql(`create index "auctions_status_start_time_index" on "auctions" ("status", "start_time");`);
    this.addSql(`create index "auctions_seller_id_index" on "auctions" ("seller_id", "created_at" desc);`);
    this.addSql(`create index "auctions_part_id_index" on "auctions" ("part_id");`);
    this.addSql(`create index "auctions_end_time_index" on "auctions" ("end_time");`);
    this.addSql(`create index "auctions_current_bid_index" on "auctions" ("current_bid");`);
    this.addSql(`create index "auctions_total_bids_index" on "auctions" ("total_bids");`);
    this.addSql(`create index "auctions_watchers_index" on "auctions" ("watchers");`);

    this.addSql(`create table "bids" (
      "id" uuid not null default gen_random_uuid(),
      "seq" bigserial not null,
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "bidder_id" uuid not null,
      "bid_amount" numeric(10,2) not null,
      "bid_type" varchar(20) not null default 'regular',
      "max_bid_amount" numeric(10,2) null,
      "is_winning" boolean not null default false,
      "is_outbid" boolean not null default false,
      "notes" text null,
      "bidder_ip" varchar(64) null,
      "bidder_country" varchar(100) null,
      "user_agent" varchar(500) null,
      "suspicious_flag" boolean not null default false,
      "created_at" timestamptz not null default now(),
      constraint "bids_pkey" primary key ("id"),
      constraint "bids_type_check" check ("bid_type" in ('regular', 'proxy', 'buy_it_now')),
      constraint "bids_amount_check" check ("bid_amount" > 0)
    );`);
    this.addSql(`create index "bids_auction_id_seq_index" on "bids" ("auction_id", "seq" desc);`);
    this.addSql(`create index "bids_bidder_id_index" on "bids" ("bidder_id", "created_at" desc);`);
    this.addSql(`create unique index "bids_one_winning_index" on "bids" ("auction_id") where "is_winning";`);

    this.addSql(`create table "bidding_patterns" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "pattern_type" varchar(50) not null,
      "description" text not null,
      "risk_score" integer not null default 0,
      "flagged_at" timestamptz not null default now(),
      "reviewed_by" uuid null,
      "reviewed_at" timestamptz null,
      "status" varchar(20) not null default 'pending',
      "action_taken" text null,
      constraint "bidding_patterns_pkey" primary key ("id"),
      constraint "bidding_patterns_once_unique" unique ("user_id", "auction_id", "pattern_type")
    );`);
    this.addSql(`create index "bidding_patterns_status_index" on "bidding_patterns" ("status", "flagged_at" desc);`);

    this.addSql(`create table "auction_watchers" (
      "id" uuid not null default gen_random_uuid(),
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "user_id" uuid not null,
      "notification_preferences" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      constraint "auction_watchers_pkey" primary key ("id"),
      constraint "auction_watchers_unique" unique ("auction_id", "user_id")
    );`);
    this.addSql(`create index "auction_watchers_user_id_index" on "auction_watchers" ("user_id");`);

    this.addSql(`create table "auction_notifications" (
      "id" uuid not null default gen_random_uuid(),
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "user_id" uuid not null,
      "notification_type" varchar(40) not null,
      "scheduled_for" timestamptz not null,
      "title" varchar(200) not null,
      "message" text not null,
      "status" varchar(20) not null default 'pending',
      "sent_at" timestamptz null,
      "error_message" text null,
      constraint "auction_notifications_pkey" primary key ("id"),
      constraint "auction_notifications_once_unique" unique ("auction_id", "user_id", "notification_type")
    );`);
    this.addSql(`create index "auction_notifications_user_id_index" on "auction_notifications" ("user_id");`);

    this.addSql(`create table "auction_activity" (
      "id" uuid not null default gen_random_uuid(),
      "seq" bigserial not null,
      "auction_id" uuid not null references "auctions" ("id") on delete cascade,
      "type" varchar(20) not null,
      "data" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      constraint "auction_activity_pkey" primary key ("id"),
      constraint "auction_activity_type_check" check ("type" in ('bid', 'outbid', 'extension', 'watcher', 'end'))
    );`);
    this.addSql(`create index "auction_activity_auction_id_seq_index" on "auction_activity" ("auction_id", "seq" desc);`);

    this.addSql(`create table "auction_settings" (
      "group_name" varchar(20) not null,
      "value" jsonb not null,
      "updated_by" uuid null,
      "updated_at" timestamptz not null default now(),
      constraint "auction_settings_pkey" primary key ("group_name"),
      constraint "auction_settings_group_check" check ("group_name" in ('auction', 'bidder', 'pricing'))
    );`);

    this.addSql(`create table "auction_idempotency_keys" (
      "user_id" uuid not null,
      "key" varchar(200) not null,
      "endpoint" varchar(200) not null,
      "status" integer not null,
      "response" jsonb not null,
      "created_at" timestamptz not null default now(),
      constraint "auction_idempotency_keys_pkey" primary key ("user_id", "key")
    );`);

    this.addSql(`create table "auction_relists" (
      "id" uuid not null default gen_random_uuid(),
      "original_id" uuid not null references "auctions" ("id") on delete cascade,
      "scheduled_time" timestamptz not null,
      "status" varchar(20) not null default 'pending',
      "new_auction_id" uuid null,
      "processed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "auction_relists_pkey" primary key ("id"),
      constraint "auction_relists_original_unique" unique ("original_id"),
      constraint "auction_relists_status_check" check ("status" in ('pending', 'processed', 'skipped'))
    );`);
    this.addSql(`create index "auction_relists_status_index" on "auction_relists" ("status", "scheduled_time");`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'auction_relists',
      'auction_idempotency_keys',
      'auction_settings',
      'auction_activity',
      'auction_notifications',
      'auction_watchers',
      'bidding_patterns',
      'bids',
      'auctions',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
