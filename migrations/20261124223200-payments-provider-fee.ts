import { Migration } from '@mikro-orm/migrations';

/**
 * payments (issue 22): the provider's processing fee is booked once per order. Its two ledger entries
 * (marketplace and provider, kind `provider_fee`) are unique per order and account, so a replayed or
 * out-of-order event, or the job that reads the fee, cannot add it twice.
 */
export class Migration20261124223200PaymentsProviderFee extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unique index "ledger_entries_provider_fee_unique" on "ledger_entries" ("order_id", "account") where "kind" = 'provider_fee';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "ledger_entries_provider_fee_unique";`);
  }
}
