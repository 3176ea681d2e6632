import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: the public newest-first and price indexes hold the page's sort keys, so paging ("Load More Parts",
 * or a crawler walking the pages) reads the index alone instead of visiting each skipped part's row.
 *
 * A page is `order by created_at desc, id` (or `price, created_at desc, id`) with an offset, over the part's id,
 * creation time and price. The indexes held only created_at (or price), so PostgreSQL visited the row of every
 * part it skipped, or sorted the whole public catalog for a deep page.
 */
export class Migration20261124020000CatalogPagingIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "parts_public_created_at_index"`);
    this.addSql(`create index "parts_public_created_at_index" on "parts" ("created_at" desc, "id") include ("price")
      where "is_active" and "is_approved"`);
    this.addSql(`drop index if exists "parts_public_price_index"`);
    this.addSql(`create index "parts_public_price_index" on "parts" ("price", "created_at" desc, "id")
      where "is_active" and "is_approved"`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "parts_public_created_at_index"`);
    this.addSql(`create index "parts_public_created_at_index" on "parts" ("created_at" desc) where "is_active" and "is_approved"`);
    this.addSql(`drop index if exists "parts_public_price_index"`);
    this.addSql(`create index "parts_public_price_index" on "parts" ("price") where "is_active" and "is_approved"`);
  }
}
