import { Migration } from '@mikro-orm/migrations';

/**
 * payments: who may read an order-history entry. `all` (the buyer, the seller and admins) as before; `seller`
 * for money matters between the marketplace and the seller (escrow transfer reversals), which the seller and
 * admins see and the buyer does not.
 */
export class Migration20261124235000PaymentsHistoryAudience extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "order_history" add column "audience" varchar(10) not null default 'all' check ("audience" in ('all', 'seller'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_history" drop column if exists "audience";`);
  }
}
