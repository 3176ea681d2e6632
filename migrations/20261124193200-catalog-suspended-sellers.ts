import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: the live listings of a suspended seller are taken out of the market (is_active false) and marked with
 * `hidden_by_suspension_at`, so that reinstating the seller brings back exactly those listings and no other.
 */
export class Migration20261124193200CatalogSuspendedSellers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "parts" add column "hidden_by_suspension_at" timestamptz null;`);
    this.addSql(`create index "parts_hidden_by_suspension_index" on "parts" ("seller_id") where "hidden_by_suspension_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "parts_hidden_by_suspension_index";`);
    this.addSql(`alter table "parts" drop column if exists "hidden_by_suspension_at";`);
  }
}
