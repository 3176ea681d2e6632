import { Migration } from '@mikro-orm/migrations';

const NORM = (column: string) => `upper(regexp_replace("${column}", '[^A-Za-z0-9]', '', 'g'))`;

/**
 * catalog (issue 35, part 3): a part's numbers besides its `part_number` (oem, casting, supersedes, aftermarket),
 * and the console's interchange groups (numbers that name the same part). Both keep the number as typed and,
 * generated, upper-cased without separators (`number_norm`), which search compares.
 */
export class Migration20261129110000CatalogPartNumbers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "part_numbers" (
      "id" uuid not null default gen_random_uuid(),
      "part_id" uuid not null references "parts" ("id") on delete cascade,
      "position" smallint not null default 0,
      "number" varchar(100) not null,
      "number_norm" varchar(100) generated always as (${NORM('number')}) stored,
      "kind" varchar(20) not null,
      constraint "part_numbers_pkey" primary key ("id"),
      constraint "part_numbers_kind_check" check ("kind" in ('oem', 'casting', 'supersedes', 'aftermarket'))
    );`);
    this.addSql(`create index "part_numbers_part_id_index" on "part_numbers" ("part_id", "position");`);
    this.addSql(`create index "part_numbers_number_norm_index" on "part_numbers" ("number_norm");`);

    this.addSql(`create table "interchange_groups" (
      "id" uuid not null default gen_random_uuid(),
      "name" varchar(200) not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "interchange_groups_pkey" primary key ("id")
    );`);
    this.addSql(`create table "interchange_numbers" (
      "id" uuid not null default gen_random_uuid(),
      "group_id" uuid not null references "interchange_groups" ("id") on delete cascade,
      "position" smallint not null default 0,
      "number" varchar(100) not null,
      "number_norm" varchar(100) generated always as (${NORM('number')}) stored,
      constraint "interchange_numbers_pkey" primary key ("id"),
      constraint "interchange_numbers_group_id_number_norm_unique" unique ("group_id", "number_norm")
    );`);
    this.addSql(`create index "interchange_numbers_number_norm_index" on "interchange_numbers" ("number_norm");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "interchange_numbers";`);
    this.addSql(`drop table if exists "interchange_groups";`);
    this.addSql(`drop table if exists "part_numbers";`);
  }
}
