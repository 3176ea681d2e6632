import { Migration } from '@mikro-orm/migrations';

/**
 * featured: paid placements on the home page (12 slots) and category pages (8), and their daily impression and
 * click counters. Two active placements may never hold the same position of the same page at overlapping times:
 * an exclusion constraint over the half-open [start_date, end_date) range makes that true under concurrent
 * writes too (the service checks first to name the clash).
 */
export class Migration20261124222000FeaturedInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create table "featured_listings" (
      "id" uuid not null default gen_random_uuid(),
      "listing_type" varchar(20) not null default 'part',
      "part_id" uuid null,
      "auction_id" uuid null,
      "reverse_auction_id" uuid null,
      "position" smallint not null,
      "placement_type" varchar(20) not null default 'homepage',
      "category_id" uuid null,
      "is_active" boolean not null default true,
      "start_date" timestamptz not null,
      "end_date" timestamptz not null,
      "price" numeric(10,2) not null default 0,
      "notes" text null,
      "created_by" uuid not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "featured_listings_pkey" primary key ("id"),
      constraint "featured_listings_type_check" check ("listing_type" in ('part', 'auction', 'reverse_auction')),
      constraint "featured_listings_reference_check" check (
        ("listing_type" = 'part' and "part_id" is not null and "auction_id" is null and "reverse_auction_id" is null) or
        ("listing_type" = 'auction' and "auction_id" is not null and "part_id" is null and "reverse_auction_id" is null) or
        ("listing_type" = 'reverse_auction' and "reverse_auction_id" is not null and "part_id" is null and "auction_id" is null)),
      constraint "featured_listings_placement_check" check (
        ("placement_type" = 'homepage' and "category_id" is null and "position" between 1 and 12) or
        ("placement_type" = 'category' and "category_id" is not null and "position" between 1 and 8)),
      constraint "featured_listings_dates_check" check ("end_date" > "start_date"),
      constraint "featured_listings_price_check" check ("price" >= 0),
      constraint "featured_listings_no_overlap" exclude using gist (
        "placement_type" with =,
        (coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid)) with =,
        "position" with =,
        tstzrange("start_date", "end_date", '[)') with &&
      ) where ("is_active")
    );`);
    // The public call: the placements of one page live now.
    this.addSql(`create index "featured_listings_page_index" on "featured_listings" ("placement_type", "category_id", "end_date", "position") where "is_active";`);
    this.addSql(`create index "featured_listings_start_index" on "featured_listings" ("start_date");`);
    this.addSql(`create index "featured_listings_part_index" on "featured_listings" ("part_id") where "part_id" is not null;`);
    this.addSql(`create index "featured_listings_auction_index" on "featured_listings" ("auction_id") where "auction_id" is not null;`);
    this.addSql(`create index "featured_listings_reverse_index" on "featured_listings" ("reverse_auction_id") where "reverse_auction_id" is not null;`);

    this.addSql(`create table "featured_listing_daily" (
      "featured_listing_id" uuid not null references "featured_listings" ("id") on delete cascade,
      "day" date not null,
      "impressions" bigint not null default 0,
      "clicks" bigint not null default 0,
      constraint "featured_listing_daily_pkey" primary key ("featured_listing_id", "day")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "featured_listing_daily";`);
    this.addSql(`drop table if exists "featured_listings";`);
  }
}
