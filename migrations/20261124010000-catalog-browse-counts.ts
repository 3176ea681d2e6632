import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: cheaper counts for browsing.
 *
 * The number of public parts (active and approved), kept exact by triggers, so that the catalog's browse
 * without a filter (the home page's Recent Listings, /search with nothing chosen) does not count every public
 * part at each request.
 *
 * The triggers fire once per statement and read its transition tables, so a bulk load costs one update of
 * the counter. A statement that changes no part's public state leaves the counter row alone, so ordinary
 * edits never wait on its lock; statements that do change it queue on that row lock, which is exact under
 * READ COMMITTED (each waits for the other's commit, then adds to the committed value). A reader's snapshot
 * sees the counter and the parts as of the same moment.
 *
 * A public-only index on (make, created_at desc) for the browse by make alone (the home page's Make filter),
 * which otherwise scans the whole (category, make, created_at) index to count one make's parts.
 */
export class Migration20261124010000CatalogBrowseCounts extends Migration {
  override async up(): Promise<void> {
    // No part may change between the first count and the triggers taking over (the migration is one
    // transaction; this is the lock CREATE TRIGGER takes anyway, taken before the count instead of after it).
    this.addSql(`lock table "parts" in share row exclusive mode`);
    this.addSql(`create table "catalog_public_count" (
      "id" boolean primary key default true check ("id"),
      "parts" bigint not null check ("parts" >= 0)
    )`);
    this.addSql(`insert into "catalog_public_count" ("parts")
      select count(*) from "parts" where "is_active" and "is_approved"`);
    this.addSql(`create function "catalog_count_public_parts"() returns trigger language plpgsql as $fn$
      declare
        delta bigint := 0;
      begin
        if tg_op = 'TRUNCATE' then
          update catalog_public_count set parts = 0;
          return null;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          select delta + count(*) into delta from new_rows where is_active and is_approved;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          select delta - count(*) into delta from old_rows where is_active and is_approved;
        end if;
        if delta <> 0 then
          update catalog_public_count set parts = parts + delta;
        end if;
        return null;
      end
    $fn$`);
    this.addSql(`create trigger "parts_public_count_insert" after insert on "parts"
      referencing new table as new_rows for each statement execute function "catalog_count_public_parts"()`);
    this.addSql(`create trigger "parts_public_count_update" after update on "parts"
      referencing old table as old_rows new table as new_rows for each statement execute function "catalog_count_public_parts"()`);
    this.addSql(`create trigger "parts_public_count_delete" after delete on "parts"
      referencing old table as old_rows for each statement execute function "catalog_count_public_parts"()`);
    this.addSql(`create trigger "parts_public_count_truncate" after truncate on "parts"
      for each statement execute function "catalog_count_public_parts"()`);
    this.addSql(`create index "parts_public_make_created_at_index" on "parts" ("make", "created_at" desc)
      where "is_active" and "is_approved"`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "parts_public_make_created_at_index"`);
    this.addSql(`drop trigger if exists "parts_public_count_truncate" on "parts"`);
    this.addSql(`drop trigger if exists "parts_public_count_delete" on "parts"`);
    this.addSql(`drop trigger if exists "parts_public_count_update" on "parts"`);
    this.addSql(`drop trigger if exists "parts_public_count_insert" on "parts"`);
    this.addSql(`drop function if exists "catalog_count_public_parts"()`);
    this.addSql(`drop table if exists "catalog_public_count"`);
  }
}
