import { Migration } from '@mikro-orm/migrations';

/**
 * catalog search performance: the catalog's usual browse, a category and a make together, reads one small range
 * of a public-only index instead of intersecting the category and make indexes on every count and page.
 */
export class Migration20261123050000CatalogSearchPerf extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "parts_public_category_make_created_at_index" on "parts" ("category", "make", "created_at" desc)
      where "is_active" and "is_approved";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "parts_public_category_make_created_at_index";`);
  }
}
