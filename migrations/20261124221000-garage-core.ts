import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 20): the garage core of spec 001 §9: `buyer_garage` (vehicles), `part_alerts` (saved searches),
 * `market_watch`, `price_history`, and `garage_alert_settings` (each user's time zone and digest hour, and the
 * local day of the last daily digest, so the digest cron claims a day once). User, part, auction and request ids
 * are plain uuid columns, without cross-module keys.
 *
 * Matching one new item must not read every alert: `part_alerts_match_index` holds the active alerts by
 * (make, category) with '' for "any", so the candidates of one part are four index ranges; the other fields are
 * filtered in the same statement.
 */
export class Migration20261124221000GarageCore extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "buyer_garage" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "vehicle_name" varchar(200) not null,
      "make" varchar(100) not null,
      "model" varchar(100) not null,
      "year_start" smallint null,
      "year_end" smallint null,
      "engine_type" varchar(200) null,
      "transmission" varchar(200) null,
      "project_type" varchar(20) not null default 'restoration',
      "priority" smallint not null default 1,
      "notes" text null,
      "is_active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "buyer_garage_pkey" primary key ("id"),
      constraint "buyer_garage_project_type_check" check ("project_type" in ('restoration', 'maintenance', 'modification', 'rebuild')),
      constraint "buyer_garage_years_check" check ("year_start" is null or "year_end" is null or "year_end" >= "year_start")
    );`);
    this.addSql(`create index "buyer_garage_user_index" on "buyer_garage" ("user_id", "priority", "created_at");`);

    this.addSql(`create table "part_alerts" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "garage_vehicle_id" uuid null references "buyer_garage" ("id") on delete set null,
      "alert_name" varchar(200) not null,
      "make" varchar(100) null,
      "model" varchar(100) null,
      "year_start" smallint null,
      "year_end" smallint null,
      "category" varchar(100) null,
      "condition" text[] not null default '{}',
      "max_price" numeric(10,2) null,
      "keywords" text[] not null default '{}',
      "is_active" boolean not null default true,
      "frequency" varchar(10) not null default 'instant',
      "last_triggered" timestamptz null,
      "match_count" int not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "part_alerts_pkey" primary key ("id"),
      constraint "part_alerts_frequency_check" check ("frequency" in ('instant', 'daily'))
    );`);
    this.addSql(`create index "part_alerts_user_index" on "part_alerts" ("user_id", "created_at" desc);`);
    this.addSql(`create index "part_alerts_match_index" on "part_alerts" (coalesce("make", ''), coalesce("category", '')) where "is_active";`);
    this.addSql(`create index "part_alerts_vehicle_index" on "part_alerts" ("garage_vehicle_id") where "garage_vehicle_id" is not null;`);

    this.addSql(`create table "garage_alert_settings" (
      "user_id" uuid not null,
      "time_zone" varchar(64) not null default 'UTC',
      "digest_hour" smallint not null default 8,
      "last_digest_on" date null,
      constraint "garage_alert_settings_pkey" primary key ("user_id"),
      constraint "garage_alert_settings_hour_check" check ("digest_hour" between 0 and 23)
    );`);

    this.addSql(`create table "market_watch" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "watch_type" varchar(20) not null default 'part',
      "part_id" uuid null,
      "auction_id" uuid null,
      "reverse_auction_id" uuid null,
      "current_price" numeric(10,2) null,
      "original_price" numeric(10,2) null,
      "price_change_percent" numeric(8,2) not null default 0,
      "price_direction" varchar(10) not null default 'stable',
      "last_price_check" timestamptz null,
      "price_alert_threshold" numeric(5,2) null,
      "last_notified_price" numeric(10,2) null,
      "is_active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      constraint "market_watch_pkey" primary key ("id"),
      constraint "market_watch_type_check" check ("watch_type" in ('part', 'auction', 'reverse_auction')),
      constraint "market_watch_one_item_check" check (num_nonnulls("part_id", "auction_id", "reverse_auction_id") = 1)
    );`);
    this.addSql(`create index "market_watch_user_index" on "market_watch" ("user_id", "created_at" desc);`);
    this.addSql(
      `create unique index "market_watch_one_per_item" on "market_watch" ("user_id", coalesce("part_id", "auction_id", "reverse_auction_id")) where "is_active";`,
    );
    this.addSql(`create index "market_watch_part_index" on "market_watch" ("part_id") where "is_active" and "part_id" is not null;`);
    this.addSql(`create index "market_watch_auction_index" on "market_watch" ("auction_id") where "is_active" and "auction_id" is not null;`);
    this.addSql(
      `create index "market_watch_reverse_index" on "market_watch" ("reverse_auction_id") where "is_active" and "reverse_auction_id" is not null;`,
    );

    this.addSql(`create table "price_history" (
      "id" bigint generated always as identity,
      "part_id" uuid null,
      "auction_id" uuid null,
      "reverse_auction_id" uuid null,
      "record_type" varchar(20) not null,
      "price" numeric(10,2) not null,
      "event_type" varchar(20) not null,
      "make" varchar(100) null,
      "model" varchar(100) null,
      "category" varchar(100) null,
      "condition" varchar(30) null,
      "part_number_norm" varchar(100) null,
      "source_key" varchar(200) null,
      "recorded_at" timestamptz not null default now(),
      constraint "price_history_pkey" primary key ("id")
    );`);
    this.addSql(`create index "price_history_part_index" on "price_history" ("part_id", "recorded_at") where "part_id" is not null;`);
    this.addSql(`create index "price_history_auction_index" on "price_history" ("auction_id", "recorded_at") where "auction_id" is not null;`);
    this.addSql(
      `create index "price_history_reverse_index" on "price_history" ("reverse_auction_id", "recorded_at") where "reverse_auction_id" is not null;`,
    );
    this.addSql(
      `create index "price_history_sold_number_index" on "price_history" ("part_number_norm", "recorded_at") where "event_type" in ('auction_final', 'sold') and "part_number_norm" is not null;`,
    );
    this.addSql(
      `create index "price_history_sold_vehicle_index" on "price_history" (lower("make"), lower("model"), "category", "recorded_at") where "event_type" in ('auction_final', 'sold');`,
    );
    this.addSql(`create unique index "price_history_source_unique" on "price_history" ("source_key") where "source_key" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "price_history";`);
    this.addSql(`drop table if exists "market_watch";`);
    this.addSql(`drop table if exists "garage_alert_settings";`);
    this.addSql(`drop table if exists "part_alerts";`);
    this.addSql(`drop table if exists "buyer_garage";`);
  }
}
