import { Migration } from '@mikro-orm/migrations';

/**
 * payments (issue 31): refunds are reserved before the provider is asked. A refund is an `order_payments` row
 * `pending` from the moment the order's lock admits it (what it asks for counts against what is left to refund)
 * until the provider's answer makes it `succeeded` (its id in `provider_ref`) or `failed` (`error`); who asked
 * and why stay on the row, so the job that settles a refund whose request died can apply it as asked. An escrow
 * release is a `pending` `transfer` row the same way. `payment_idempotency_keys` holds the console's
 * Idempotency-Keys (per user), the refund each one made (`payment_id`) and the answer replayed to a repeat.
 */
export class Migration20261125000000PaymentsRefundRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "order_payments"
      add column "actor" varchar(10) null,
      add column "actor_id" uuid null,
      add column "reason" varchar(300) null,
      add column "error" varchar(300) null;`);
    this.addSql(`create index "order_payments_in_flight_index" on "order_payments" ("order_id") where "status" = 'pending' and "kind" in ('refund', 'transfer');`);
    this.addSql(`create table "payment_idempotency_keys" (
      "user_id" uuid not null,
      "key" varchar(200) not null,
      "endpoint" varchar(300) not null,
      "status" integer not null,
      "response" jsonb not null,
      "payment_id" uuid null,
      "created_at" timestamptz not null default now(),
      constraint "payment_idempotency_keys_pkey" primary key ("user_id", "key")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_idempotency_keys";`);
    this.addSql(`drop index if exists "order_payments_in_flight_index";`);
    this.addSql(`alter table "order_payments" drop column if exists "actor", drop column if exists "actor_id", drop column if exists "reason", drop column if exists "error";`);
  }
}
