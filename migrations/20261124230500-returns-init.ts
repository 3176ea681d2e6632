import { Migration } from '@mikro-orm/migrations';

/**
 * returns (issue 23): a buyer's return request per order with its photos, the seller's answer, the shipment back,
 * the refund and the admins' decision on an escalation; every change as a row of return_events (the history and
 * the messages). returns_delivered_orders is the module's read model of delivered orders (from
 * payments.order.delivered), which the sellers' return rate and repeat-customer figures are computed from.
 */
export class Migration20261124230500ReturnsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "returns" (
      "id" uuid not null default gen_random_uuid(),
      "order_id" uuid not null,
      "buyer_id" uuid not null,
      "seller_id" uuid not null,
      "part_id" uuid null,
      "part_title" text not null,
      "reason" text not null,
      "details" text not null default '',
      "photos" jsonb not null default '[]',
      "state" text not null default 'requested',
      "shipping_paid_by" text not null,
      "order_total" numeric(10,2) not null,
      "respond_by" timestamptz not null,
      "instructions" text null,
      "decline_reason" text null,
      "carrier" text null,
      "tracking_number" text null,
      "refund_amount" numeric(10,2) null,
      "escalated_at" timestamptz null,
      "escalation_reason" text null,
      "admin_decision" text null,
      "admin_note" text null,
      "decided_by" uuid null,
      "decided_at" timestamptz null,
      "responded_at" timestamptz null,
      "shipped_at" timestamptz null,
      "received_at" timestamptz null,
      "refunded_at" timestamptz null,
      "closed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "returns_pkey" primary key ("id"),
      constraint "returns_order_id_unique" unique ("order_id"),
      constraint "returns_reason_check" check ("reason" in ('not as described', 'damaged in transit', 'wrong item', 'doesn''t fit', 'changed my mind')),
      constraint "returns_state_check" check ("state" in ('requested', 'approved', 'declined', 'shipped_back', 'received', 'refunded', 'closed', 'escalated')),
      constraint "returns_shipping_paid_by_check" check ("shipping_paid_by" in ('buyer', 'seller', 'carrier_claim')),
      constraint "returns_admin_decision_check" check ("admin_decision" in ('refund', 'approve', 'reject'))
    );`);
    this.addSql(`create index "returns_buyer_id_created_at_index" on "returns" ("buyer_id", "created_at" desc, "id");`);
    this.addSql(`create index "returns_seller_id_created_at_index" on "returns" ("seller_id", "created_at" desc, "id");`);
    this.addSql(`create index "returns_state_created_at_index" on "returns" ("state", "created_at" desc, "id");`);

    this.addSql(`create table "return_events" (
      "id" bigserial primary key,
      "return_id" uuid not null references "returns" ("id") on delete cascade,
      "state" text not null,
      "action" text not null,
      "actor_id" uuid null,
      "actor_role" text not null,
      "note" text null,
      "at" timestamptz not null,
      constraint "return_events_actor_role_check" check ("actor_role" in ('buyer', 'seller', 'admin', 'system'))
    );`);
    this.addSql(`create index "return_events_return_id_index" on "return_events" ("return_id", "id");`);

    this.addSql(`create table "returns_delivered_orders" (
      "order_id" uuid not null,
      "seller_id" uuid not null,
      "buyer_id" uuid not null,
      "delivered_at" timestamptz not null,
      constraint "returns_delivered_orders_pkey" primary key ("order_id")
    );`);
    this.addSql(`create index "returns_delivered_orders_seller_id_buyer_id_index" on "returns_delivered_orders" ("seller_id", "buyer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "returns_delivered_orders"`);
    this.addSql(`drop table if exists "return_events"`);
    this.addSql(`drop table if exists "returns"`);
  }
}
