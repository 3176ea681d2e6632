import { Migration } from '@mikro-orm/migrations';

/**
 * sellers: seller applications/records, storefronts, and the reputation side (seller_reputation, sales
 * credited from auctions, reviews with helpful votes, badges and the badges users earned). User ids of the
 * accounts module are plain uuid columns, without cross-module keys.
 */
export class Migration20261123100000SellersInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sellers" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "business_name" varchar(200) not null,
      "business_type" text not null default 'individual',
      "tax_id" varchar(50) null,
      "business_license" varchar(100) null,
      "business_address" varchar(300) not null,
      "business_city" varchar(100) not null,
      "business_state" varchar(2) not null,
      "business_zip" varchar(20) not null,
      "business_country" varchar(100) not null default 'USA',
      "contact_phone" varchar(40) not null,
      "website" varchar(500) null,
      "description" text null,
      "specialties" text[] not null default '{}',
      "years_in_business" int null,
      "status" text not null default 'pending',
      "approved_by" uuid null,
      "approved_at" timestamptz null,
      "rejection_reason" text null,
      "requires_listing_approval" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "sellers_pkey" primary key ("id"),
      constraint "sellers_business_type_check" check ("business_type" in ('individual', 'business', 'dealership')),
      constraint "sellers_status_check" check ("status" in ('pending', 'approved', 'rejected'))
    );`);
    // One open (pending or approved) application per user; rejected ones stay as history.
    this.addSql(`create unique index "sellers_user_id_open_unique" on "sellers" ("user_id") where "status" in ('pending', 'approved');`);
    this.addSql(`create index "sellers_user_id_created_at_index" on "sellers" ("user_id", "created_at" desc);`);
    this.addSql(`create index "sellers_status_created_at_index" on "sellers" ("status", "created_at" desc);`);
    this.addSql(`create index "sellers_created_at_index" on "sellers" ("created_at" desc);`);
    this.addSql(`create index "sellers_approved_at_index" on "sellers" ("approved_at") where "status" = 'approved';`);
    // The console's q filter: business name, city or phone, matched with ILIKE '%...%'.
    this.addSql(`create index "sellers_business_name_trgm_index" on "sellers" using gin ("business_name" gin_trgm_ops);`);
    this.addSql(`create index "sellers_business_city_trgm_index" on "sellers" using gin ("business_city" gin_trgm_ops);`);
    this.addSql(`create index "sellers_contact_phone_trgm_index" on "sellers" using gin ("contact_phone" gin_trgm_ops);`);

    this.addSql(`create table "storefronts" (
      "id" uuid not null default gen_random_uuid(),
      "seller_id" uuid not null references "sellers" ("id") on delete cascade,
      "user_id" uuid not null,
      "slug" varchar(100) not null,
      "display_name" varchar(200) not null,
      "logo" varchar(500) null,
      "banner_image" varchar(500) null,
      "description" text null,
      "policies" text null,
      "is_active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "storefronts_pkey" primary key ("id"),
      constraint "storefronts_slug_unique" unique ("slug"),
      constraint "storefronts_seller_id_unique" unique ("seller_id")
    );`);
    this.addSql(`create index "storefronts_user_id_index" on "storefronts" ("user_id");`);

    this.addSql(`create table "seller_reputation" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "overall_rating" numeric(3,2) not null default 0,
      "total_reviews" int not null default 0,
      "total_sales" int not null default 0,
      "total_revenue" numeric(14,2) not null default 0,
      "average_response_time" numeric(8,2) not null default 0,
      "shipping_accuracy" numeric(5,2) not null default 100,
      "on_time_delivery" numeric(5,2) not null default 100,
      "return_rate" numeric(5,2) not null default 0,
      "customer_satisfaction" numeric(5,2) not null default 0,
      "repeat_customer_rate" numeric(5,2) not null default 0,
      "monthly_growth" numeric(8,2) not null default 0,
      "reputation_points" int not null default 0,
      "current_level" smallint not null default 1,
      "next_level_points" int null default 100,
      "updated_at" timestamptz not null default now(),
      constraint "seller_reputation_pkey" primary key ("id"),
      constraint "seller_reputation_user_id_unique" unique ("user_id")
    );`);

    this.addSql(`create table "seller_sales" (
      "id" uuid not null default gen_random_uuid(),
      "auction_id" uuid not null,
      "part_id" uuid null,
      "seller_user_id" uuid not null,
      "buyer_id" uuid not null,
      "amount" numeric(10,2) not null,
      "sold_at" timestamptz not null,
      constraint "seller_sales_pkey" primary key ("id"),
      constraint "seller_sales_auction_id_unique" unique ("auction_id")
    );`);
    this.addSql(`create index "seller_sales_seller_user_id_sold_at_index" on "seller_sales" ("seller_user_id", "sold_at");`);

    this.addSql(`create table "seller_reviews" (
      "id" uuid not null default gen_random_uuid(),
      "seller_id" uuid not null references "sellers" ("id") on delete cascade,
      "seller_user_id" uuid not null,
      "reviewer_id" uuid not null,
      "rating" smallint not null,
      "quality_rating" smallint null,
      "service_rating" smallint null,
      "shipping_rating" smallint null,
      "title" varchar(200) null,
      "review_text" text null,
      "pros" text[] not null default '{}',
      "cons" text[] not null default '{}',
      "would_recommend" boolean null,
      "is_verified_purchase" boolean not null default false,
      "helpful_count" int not null default 0,
      "seller_response" text null,
      "seller_response_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "seller_reviews_pkey" primary key ("id"),
      constraint "seller_reviews_seller_user_id_reviewer_id_unique" unique ("seller_user_id", "reviewer_id"),
      constraint "seller_reviews_rating_check" check ("rating" between 1 and 5),
      constraint "seller_reviews_quality_rating_check" check ("quality_rating" between 1 and 5),
      constraint "seller_reviews_service_rating_check" check ("service_rating" between 1 and 5),
      constraint "seller_reviews_shipping_rating_check" check ("shipping_rating" between 1 and 5)
    );`);
    this.addSql(`create index "seller_reviews_seller_user_id_created_at_index" on "seller_reviews" ("seller_user_id", "created_at" desc, "id");`);
    this.addSql(`create index "seller_reviews_reviewer_id_index" on "seller_reviews" ("reviewer_id");`);

    this.addSql(`create table "review_helpful_votes" (
      "review_id" uuid not null references "seller_reviews" ("id") on delete cascade,
      "user_id" uuid not null,
      "created_at" timestamptz not null default now(),
      constraint "review_helpful_votes_pkey" primary key ("review_id", "user_id")
    );`);

    this.addSql(`create table "badges" (
      "id" uuid not null default gen_random_uuid(),
      "name" varchar(100) not null,
      "description" text not null,
      "icon" varchar(20) not null,
      "category" text not null,
      "type" text not null,
      "rarity" text not null default 'common',
      "points_awarded" int not null default 0,
      "requirement" jsonb not null,
      "is_active" boolean not null default true,
      "sort_order" int not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "badges_pkey" primary key ("id"),
      constraint "badges_name_unique" unique ("name"),
      constraint "badges_category_check" check ("category" in ('sales', 'service', 'quality', 'milestone', 'special')),
      constraint "badges_type_check" check ("type" in ('buyer', 'seller', 'both')),
      constraint "badges_rarity_check" check ("rarity" in ('common', 'rare', 'epic', 'legendary')),
      constraint "badges_points_awarded_check" check ("points_awarded" >= 0),
      constraint "badges_sort_order_check" check ("sort_order" >= 0)
    );`);
    this.addSql(`create index "badges_active_sort_order_index" on "badges" ("is_active", "sort_order", "name");`);
    this.addSql(`create index "badges_sort_order_index" on "badges" ("sort_order", "name");`);
    this.addSql(`create index "badges_category_index" on "badges" ("category");`);
    this.addSql(`create index "badges_name_trgm_index" on "badges" using gin ("name" gin_trgm_ops);`);

    this.addSql(`create table "user_badges" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "badge_id" uuid not null references "badges" ("id") on delete cascade,
      "points_awarded" int not null default 0,
      "earned_at" timestamptz not null,
      constraint "user_badges_pkey" primary key ("id"),
      constraint "user_badges_user_id_badge_id_unique" unique ("user_id", "badge_id")
    );`);
    this.addSql(`create index "user_badges_user_id_earned_at_index" on "user_badges" ("user_id", "earned_at" desc);`);
    this.addSql(`create index "user_badges_badge_id_index" on "user_badges" ("badge_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_badges";`);
    this.addSql(`drop table if exists "badges";`);
    this.addSql(`drop table if exists "review_helpful_votes";`);
    this.addSql(`drop table if exists "seller_reviews";`);
    this.addSql(`drop table if exists "seller_sales";`);
    this.addSql(`drop table if exists "seller_reputation";`);
    this.addSql(`drop table if exists "storefronts";`);
    this.addSql(`drop table if exists "sellers";`);
  }
}
