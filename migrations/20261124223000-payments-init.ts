import { Migration } from '@mikro-orm/migrations';

/**
 * payments (issue 22): orders with their history, provider operations, the append-only ledger, the provider's
 * webhook events (stored by id, applied once) and the sellers' connected accounts. Buyer, seller and part ids are
 * plain uuid columns without cross-module keys. One open order per part (`orders_part_open_unique`: every state
 * but cancelled) is what makes two racing buyers get one order; one order per auction or reverse award makes the
 * event subscribers idempotent. Money in numeric(12,2), signed in the ledger.
 */
export class Migration20261124223000PaymentsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "orders" (
      "id" uuid not null default gen_random_uuid(),
      "buyer_id" uuid not null,
      "seller_id" uuid not null,
      "part_id" uuid null,
      "source" varchar(30) not null,
      "source_id" uuid null,
      "state" varchar(30) not null default 'pending_payment',
      "part_title" varchar(300) not null,
      "part_image_url" varchar(1000) null,
      "price" numeric(12,2) not null,
      "shipping_cost" numeric(12,2) not null default 0,
      "total" numeric(12,2) not null,
      "commission" numeric(12,2) not null,
      "commission_tiers" jsonb not null,
      "refunded" numeric(12,2) not null default 0,
      "commission_returned" numeric(12,2) not null default 0,
      "final_sale" boolean not null default false,
      "final_sale_acknowledged_at" timestamptz null,
      "escrow_choice" varchar(10) null,
      "waiver_signed_at" timestamptz null,
      "waiver_ip" varchar(100) null,
      "waiver_user_agent" varchar(500) null,
      "escrow_released_at" timestamptz null,
      "shipping_address" jsonb null,
      "carrier" varchar(100) null,
      "tracking_number" varchar(100) null,
      "provider" varchar(10) null,
      "payment_intent_id" varchar(255) null,
      "charge_id" varchar(255) null,
      "destination_account" varchar(255) null,
      "pay_by" timestamptz null,
      "ship_by" timestamptz null,
      "late_shipment" boolean not null default false,
      "ship_reminded_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "checkout_at" timestamptz null,
      "paid_at" timestamptz null,
      "shipped_at" timestamptz null,
      "delivered_at" timestamptz null,
      "completed_at" timestamptz null,
      "cancelled_at" timestamptz null,
      "cancel_reason" varchar(10) null,
      "disputed_at" timestamptz null,
      constraint "orders_pkey" primary key ("id"),
      constraint "orders_state_check" check ("state" in ('pending_payment','paid','shipped','delivered','completed','cancelled','refunded','partially_refunded','disputed')),
      constraint "orders_money_check" check ("price" >= 0 and "total" >= 0 and "commission" >= 0 and "refunded" >= 0 and "refunded" <= "total")
    );`);
    this.addSql(`create unique index "orders_part_open_unique" on "orders" ("part_id") where "part_id" is not null and "state" <> 'cancelled';`);
    this.addSql(`create unique index "orders_source_unique" on "orders" ("source", "source_id") where "source" in ('auction_won', 'auction_buy_it_now', 'reverse_award') and "state" <> 'cancelled';`);
    this.addSql(`create unique index "orders_payment_intent_unique" on "orders" ("payment_intent_id") where "payment_intent_id" is not null;`);
    this.addSql(`create index "orders_buyer_index" on "orders" ("buyer_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "orders_seller_index" on "orders" ("seller_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "orders_state_index" on "orders" ("state", "created_at" desc);`);
    this.addSql(`create index "orders_created_index" on "orders" ("created_at" desc, "id" desc);`);

    this.addSql(`create table "order_history" (
      "id" bigserial primary key,
      "order_id" uuid not null references "orders" ("id") on delete cascade,
      "state" varchar(30) not null,
      "note" varchar(500) null,
      "actor" varchar(10) not null,
      "actor_id" uuid null,
      "at" timestamptz not null
    );`);
    this.addSql(`create index "order_history_order_index" on "order_history" ("order_id", "id");`);

    this.addSql(`create table "order_payments" (
      "id" uuid not null default gen_random_uuid() primary key,
      "order_id" uuid not null references "orders" ("id") on delete cascade,
      "kind" varchar(20) not null,
      "provider" varchar(10) not null,
      "provider_ref" varchar(255) null,
      "status" varchar(10) not null,
      "amount" numeric(12,2) not null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "order_payments_order_index" on "order_payments" ("order_id", "created_at");`);
    this.addSql(`create unique index "order_payments_ref_unique" on "order_payments" ("kind", "provider_ref") where "provider_ref" is not null;`);

    this.addSql(`create table "ledger_entries" (
      "id" bigserial primary key,
      "order_id" uuid not null,
      "seller_id" uuid not null,
      "account" varchar(20) not null,
      "kind" varchar(30) not null,
      "amount" numeric(12,2) not null,
      "memo" varchar(300) null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "ledger_entries_order_index" on "ledger_entries" ("order_id", "id");`);
    this.addSql(`create index "ledger_entries_seller_index" on "ledger_entries" ("seller_id", "account", "created_at");`);
    this.addSql(`create index "ledger_entries_month_index" on "ledger_entries" ("created_at", "kind");`);
    // Append-only: corrections are new entries, never edits (demo data clearing is the one delete, by order).
    this.addSql(`create function "ledger_entries_no_update"() returns trigger language plpgsql as $$
      begin raise exception 'ledger entries are append-only'; end $$;`);
    this.addSql(`create trigger "ledger_entries_append_only" before update on "ledger_entries" for each row execute function "ledger_entries_no_update"();`);

    this.addSql(`create table "payment_events" (
      "id" varchar(255) not null primary key,
      "type" varchar(100) not null,
      "payload" jsonb not null,
      "received_at" timestamptz not null,
      "result" varchar(200) null
    );`);
    this.addSql(`create index "payment_events_received_index" on "payment_events" ("received_at" desc);`);

    this.addSql(`create table "connect_accounts" (
      "seller_id" uuid not null primary key,
      "account_id" varchar(255) not null,
      "provider" varchar(10) not null,
      "charges_enabled" boolean not null default false,
      "payouts_enabled" boolean not null default false,
      "details_submitted" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`create unique index "connect_accounts_account_unique" on "connect_accounts" ("account_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "connect_accounts"`);
    this.addSql(`drop table if exists "payment_events"`);
    this.addSql(`drop table if exists "ledger_entries"`);
    this.addSql(`drop function if exists "ledger_entries_no_update"()`);
    this.addSql(`drop table if exists "order_payments"`);
    this.addSql(`drop table if exists "order_history"`);
    this.addSql(`drop table if exists "orders"`);
  }
}
