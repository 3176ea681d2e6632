import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: `sold_order_id` names the paid order that sold a fixed-price part (set with `sold_at` by the
 * `payments.order.paid` job), so that only that order's cancellation puts the part back on sale, once.
 */
export class Migration20261124233000CatalogSoldOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "parts" add column "sold_order_id" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "parts" drop column if exists "sold_order_id";`);
  }
}
