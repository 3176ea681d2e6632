import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: a seller may mark a listing sold elsewhere. `sold_at` is set with `is_active` false, so every public
 * read (search, part page, watchlists) already leaves it out; a withdrawn listing is inactive without it.
 */
export class Migration20261124143000CatalogPartSold extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "parts" add column if not exists "sold_at" timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "parts" drop column if exists "sold_at"`);
  }
}
