import { Migration } from '@mikro-orm/migrations';

/**
 * payments (issue 22): an escrowed order's money stays held while the buyer's return request is open
 * (`escrow_hold_at`, set on `returns.return.requested`, cleared when the return ends).
 */
export class Migration20261124223100PaymentsEscrowHold extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "escrow_hold_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column if exists "escrow_hold_at";`);
  }
}
