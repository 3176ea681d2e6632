import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: the newest public parts' search vectors, with a text index of their own (issue 36).
 *
 * A relevance search whose text matches more than RANK_ALL_LIMIT parts ranks the newest RANK_CANDIDATES of them.
 * Found through the whole catalog's text index, those cost a read of every match (the index has no order), which
 * at a million parts is most of a search's cost. `part_search_recent` holds the vectors of the newest public parts
 * (about 200,000: a job trims it), so the newest matches of a common text are found in a small index and a dense
 * table, and they are exactly the catalog's newest matches whenever there are RANK_CANDIDATES of them there.
 *
 * That needs one rule, kept by the trigger and the trim together: every public part created at or after the
 * `floor` (one row in `part_search_recent_floor`) is in the table, with its current vector. The trigger adds or
 * refreshes a public part at or after the floor, and removes a part that is no longer public; the trim raises the
 * floor and deletes what is older. The trim takes an exclusive advisory lock and each trigger call the shared one,
 * so a part made public while the floor rises is either seen by the trim or sees the new floor. A new catalog
 * starts with the floor at -infinity (everything public is in the table) until the first trim.
 */
export class Migration20261202000000CatalogSearchRecent extends Migration {
  override async up(): Promise<void> {
    // No part may change between the backfill and the trigger taking over.
    this.addSql(`lock table "parts" in share row exclusive mode`);
    this.addSql(`create table "part_search_recent" (
      "part_id" uuid primary key references "parts" ("id") on delete cascade,
      "created_at" timestamptz not null,
      "search_vector" tsvector not null
    )`);
    this.addSql(`create table "part_search_recent_floor" (
      "id" boolean primary key default true check ("id"),
      "floor" timestamptz not null
    )`);
    // The floor: the creation time of the 200,000th newest public part, or -infinity when there are fewer; then
    // every public part created at or after it (ties included).
    this.addSql(`insert into "part_search_recent_floor" ("floor")
      select coalesce((select "created_at" from "parts" where "is_active" and "is_approved"
                       order by "created_at" desc offset 199999 limit 1), '-infinity')`);
    this.addSql(`insert into "part_search_recent" ("part_id", "created_at", "search_vector")
      select "id", "created_at", "search_vector" from "parts"
      where "is_active" and "is_approved" and "created_at" >= (select "floor" from "part_search_recent_floor")`);
    // Built after the backfill, in one go. Without the fast-update list: rows come one listing at a time, and
    // every search would otherwise read the list of entries not yet merged (up to 4 MB) until a vacuum merges it.
    this.addSql(`create index "part_search_recent_vector_index" on "part_search_recent" using gin ("search_vector")
      with (fastupdate = off)`);
    // No index on created_at: the trim (every few minutes) reads the table, and a search must not intersect the
    // text index's matches with one (the planner would, for its condition on the floor: 8 ms at 1M parts).
    this.addSql(`create function "catalog_part_search_recent"() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'UPDATE' and (old.is_active, old.is_approved, old.created_at, old.search_vector)
             is not distinct from (new.is_active, new.is_approved, new.created_at, new.search_vector) then
          return null;
        end if;
        perform pg_advisory_xact_lock_shared(hashtext('part_search_recent'));
        if new.is_active and new.is_approved and new.created_at >= (select "floor" from part_search_recent_floor) then
          insert into part_search_recent (part_id, created_at, search_vector)
          values (new.id, new.created_at, new.search_vector)
          on conflict (part_id) do update set created_at = excluded.created_at, search_vector = excluded.search_vector;
        elsif tg_op = 'UPDATE' then
          delete from part_search_recent where part_id = new.id;
        end if;
        return null;
      end
    $fn$`);
    this.addSql(`create trigger "parts_search_recent_trigger"
      after insert or update of is_active, is_approved, created_at, title, description, make, model, part_number, category
      on "parts" for each row execute function "catalog_part_search_recent"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "parts_search_recent_trigger" on "parts"`);
    this.addSql(`drop function if exists "catalog_part_search_recent"()`);
    this.addSql(`drop table if exists "part_search_recent_floor"`);
    this.addSql(`drop table if exists "part_search_recent"`);
  }
}
