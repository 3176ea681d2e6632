import { Migration } from '@mikro-orm/migrations';

const CONDITIONS = `'new-in-box', 'new-out-of-box', 'used-excellent', 'used-good', 'used-poor', 'rebuilt', 'for-parts'`;

/**
 * catalog: categories, makes, parts with their vehicle fitments, favorites (the watchlist), and the search
 * machinery (a weighted tsvector kept by a trigger, and a lexicon of listed words for typo correction).
 */
export class Migration20261123000000CatalogInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create table "categories" (
      "id" uuid not null default gen_random_uuid(),
      "name" varchar(100) not null,
      "slug" varchar(100) not null,
      "icon" varchar(50) not null default 'gear',
      "parent_id" uuid null references "categories" ("id") on delete set null,
      constraint "categories_pkey" primary key ("id"),
      constraint "categories_name_unique" unique ("name"),
      constraint "categories_slug_unique" unique ("slug")
    );`);
    this.addSql(`create index "categories_parent_id_index" on "categories" ("parent_id");`);

    this.addSql(`create table "makes" (
      "id" uuid not null default gen_random_uuid(),
      "name" varchar(100) not null,
      "slug" varchar(100) not null,
      "logo" varchar(500) null,
      constraint "makes_pkey" primary key ("id"),
      constraint "makes_name_unique" unique ("name"),
      constraint "makes_slug_unique" unique ("slug")
    );`);

    // seller_id and approved_by are user ids of the accounts module: plain columns, no cross-module key.
    this.addSql(`create table "parts" (
      "id" uuid not null default gen_random_uuid(),
      "title" varchar(200) not null,
      "description" text not null,
      "price" numeric(10,2) not null,
      "original_price" numeric(10,2) null,
      "category" varchar(100) not null references "categories" ("slug") on update cascade,
      "make" varchar(100) not null references "makes" ("slug") on update cascade,
      "model" varchar(100) null,
      "year_start" smallint null,
      "year_end" smallint null,
      "part_number" varchar(100) null,
      "part_number_norm" varchar(100) generated always as
        (nullif(upper(regexp_replace(coalesce("part_number", ''), '[^A-Za-z0-9]', '', 'g')), '')) stored,
      "condition" text not null,
      "location" varchar(200) not null,
      "seller_id" uuid not null,
      "images" jsonb not null default '[]',
      "is_verified" boolean not null default false,
      "is_featured" boolean not null default false,
      "is_active" boolean not null default true,
      "is_approved" boolean not null default false,
      "approved_by" uuid null,
      "approved_at" timestamptz null,
      "rejection_reason" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "search_vector" tsvector not null default ''::tsvector,
      constraint "parts_pkey" primary key ("id"),
      constraint "parts_condition_check" check ("condition" in (${CONDITIONS})),
      constraint "parts_price_check" check ("price" > 0),
      constraint "parts_original_price_check" check ("original_price" is null or "original_price" > 0),
      constraint "parts_year_start_check" check ("year_start" between 1900 and 2030),
      constraint "parts_year_end_check" check ("year_end" between 1900 and 2030),
      constraint "parts_years_order_check" check ("year_start" is null or "year_end" is null or "year_start" <= "year_end")
    );`);
    // Search and filters of GET /api/parts.
    this.addSql(`create index "parts_search_vector_index" on "parts" using gin ("search_vector");`);
    this.addSql(`create index "parts_part_number_norm_index" on "parts" ("part_number_norm");`);
    this.addSql(`create index "parts_years_index" on "parts" using gist
      (int4range(coalesce("year_start", "year_end")::int, coalesce("year_end", "year_start")::int, '[]'));`);
    this.addSql(`create index "parts_public_created_at_index" on "parts" ("created_at" desc) where "is_active" and "is_approved";`);
    this.addSql(`create index "parts_public_price_index" on "parts" ("price") where "is_active" and "is_approved";`);
    this.addSql(`create index "parts_category_created_at_index" on "parts" ("category", "created_at" desc);`);
    this.addSql(`create index "parts_make_created_at_index" on "parts" ("make", "created_at" desc);`);
    this.addSql(`create index "parts_seller_id_created_at_index" on "parts" ("seller_id", "created_at" desc);`);
    this.addSql(`create index "parts_condition_index" on "parts" ("condition");`);
    this.addSql(`create index "parts_approval_created_at_index" on "parts" ("is_approved", "created_at" desc);`);
    this.addSql(`create index "parts_pending_index" on "parts" ("created_at")
      where "is_active" and not "is_approved" and "rejection_reason" is null;`);
    // The console's free-text filter (ILIKE '%...%').
    this.addSql(`create index "parts_title_trgm_index" on "parts" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "parts_part_number_trgm_index" on "parts" using gin ("part_number" gin_trgm_ops);`);

    this.addSql(`create table "part_fitments" (
      "id" uuid not null default gen_random_uuid(),
      "part_id" uuid not null references "parts" ("id") on delete cascade,
      "position" smallint not null default 0,
      "make" varchar(100) not null,
      "model" varchar(100) not null,
      "year_start" smallint null,
      "year_end" smallint null,
      "engine" varchar(200) null,
      "transmission" varchar(200) null,
      "notes" varchar(1000) null,
      constraint "part_fitments_pkey" primary key ("id"),
      constraint "part_fitments_year_start_check" check ("year_start" between 1900 and 2030),
      constraint "part_fitments_year_end_check" check ("year_end" between 1900 and 2030)
    );`);
    this.addSql(`create index "part_fitments_part_id_index" on "part_fitments" ("part_id", "position");`);
    this.addSql(`create index "part_fitments_vehicle_index" on "part_fitments" (lower("make"), lower("model"));`);

    this.addSql(`create table "favorites" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "part_id" uuid not null references "parts" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      constraint "favorites_pkey" primary key ("id"),
      constraint "favorites_user_id_part_id_unique" unique ("user_id", "part_id")
    );`);
    this.addSql(`create index "favorites_user_id_created_at_index" on "favorites" ("user_id", "created_at" desc);`);
    this.addSql(`create index "favorites_part_id_index" on "favorites" ("part_id");`);

    // The lexicon: every distinct word of the public listings, for correcting misspelt query words.
    this.addSql(`create table "part_search_words" (
      "word" varchar(100) not null,
      constraint "part_search_words_pkey" primary key ("word")
    );`);
    this.addSql(`create index "part_search_words_trgm_index" on "part_search_words" using gin ("word" gin_trgm_ops);`);

    // Weights: title A; make, model and part number B; description C; category name D. The 'english'
    // configuration stems ("kits" and "kit" meet); the part number uses 'simple' so it is kept verbatim.
    this.addSql(`create function "catalog_part_search_vector"() returns trigger language plpgsql as $fn$
      declare
        make_name text;
        category_name text;
      begin
        select m.name into make_name from makes m where m.slug = new.make;
        select c.name into category_name from categories c where c.slug = new.category;
        new.search_vector :=
          setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
          setweight(to_tsvector('english', concat_ws(' ', make_name, new.make, new.model)), 'B') ||
          setweight(to_tsvector('simple', coalesce(new.part_number, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(new.description, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(category_name, '')), 'D');
        return new;
      end
    $fn$;`);
    this.addSql(`create trigger "parts_search_vector_trigger" before insert or update of
      "title", "description", "make", "model", "part_number", "category" on "parts"
      for each row execute function "catalog_part_search_vector"();`);

    // Words enter the lexicon when a listing is public, so pending or rejected text never steers a search.
    this.addSql(`create function "catalog_part_search_words"() returns trigger language plpgsql as $fn$
      declare
        make_name text;
        category_name text;
      begin
        if new.is_active and new.is_approved then
          select m.name into make_name from makes m where m.slug = new.make;
          select c.name into category_name from categories c where c.slug = new.category;
          insert into part_search_words (word)
          select distinct w from unnest(tsvector_to_array(to_tsvector('simple',
            concat_ws(' ', new.title, make_name, new.model, new.description, category_name)))) as w
          where length(w) between 2 and 100
          on conflict do nothing;
        end if;
        return null;
      end
    $fn$;`);
    this.addSql(`create trigger "parts_search_words_trigger" after insert or update on "parts"
      for each row execute function "catalog_part_search_words"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "part_search_words";`);
    this.addSql(`drop table if exists "favorites";`);
    this.addSql(`drop table if exists "part_fitments";`);
    this.addSql(`drop table if exists "parts";`);
    this.addSql(`drop function if exists "catalog_part_search_words"();`);
    this.addSql(`drop function if exists "catalog_part_search_vector"();`);
    this.addSql(`drop table if exists "makes";`);
    this.addSql(`drop table if exists "categories";`);
  }
}
