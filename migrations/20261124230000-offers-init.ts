import { Migration } from '@mikro-orm/migrations';

/**
 * offers (issue 23): Make an Offer with counter-offers, the reserve-not-met window and Second Chance offers.
 * - offers: one negotiation between a buyer and a seller about one part; `amount` is the amount on the table
 *   (null while a reserve-not-met window has no proposal yet), `turn` the side that may answer it.
 * - offer_steps: every step of a negotiation (offer, counter, accept, decline, expire), for both sides' history.
 * - offer_part_prices: a seller's per-part auto-accept and auto-decline prices (never shown to buyers).
 * - unpaid_auction_orders: auction wins cancelled for non-payment (payments.order.cancelled, reason unpaid):
 *   the non-paying winner's strikes and the auctions open to Second Chance offers.
 */
export class Migration20261124230000OffersInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "offers" (
      "id" uuid not null default gen_random_uuid(),
      "kind" text not null default 'offer',
      "part_id" uuid not null,
      "seller_id" uuid not null,
      "buyer_id" uuid not null,
      "auction_id" uuid null,
      "status" text not null default 'open',
      "amount" numeric(10,2) null,
      "floor_amount" numeric(10,2) null,
      "turn" text not null,
      "rounds" integer not null default 1,
      "message" text null,
      "decline_reason" text null,
      "order_id" uuid null,
      "expires_at" timestamptz not null,
      "closed_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "offers_pkey" primary key ("id"),
      constraint "offers_kind_check" check ("kind" in ('offer', 'reserve_offer', 'second_chance')),
      constraint "offers_status_check" check ("status" in ('open', 'accepted', 'declined', 'expired')),
      constraint "offers_turn_check" check ("turn" in ('buyer', 'seller', 'either'))
    );`);
    this.addSql(`create index "offers_part_status_index" on "offers" ("part_id", "status");`);
    this.addSql(`create index "offers_buyer_index" on "offers" ("buyer_id", "created_at" desc, "id");`);
    this.addSql(`create index "offers_seller_index" on "offers" ("seller_id", "created_at" desc, "id");`);
    this.addSql(`create unique index "offers_reserve_window_unique" on "offers" ("auction_id") where "kind" = 'reserve_offer';`);
    this.addSql(`create unique index "offers_second_chance_unique" on "offers" ("auction_id", "buyer_id") where "kind" = 'second_chance';`);
    this.addSql(`create table "offer_steps" (
      "id" bigserial not null,
      "offer_id" uuid not null references "offers" ("id") on delete cascade,
      "actor" text not null,
      "action" text not null,
      "amount" numeric(10,2) null,
      "message" text null,
      "created_at" timestamptz not null,
      constraint "offer_steps_pkey" primary key ("id"),
      constraint "offer_steps_actor_check" check ("actor" in ('buyer', 'seller', 'system')),
      constraint "offer_steps_action_check" check ("action" in ('offer', 'counter', 'accept', 'decline', 'expire', 'open'))
    );`);
    this.addSql(`create index "offer_steps_offer_index" on "offer_steps" ("offer_id", "id");`);
    this.addSql(`create table "offer_part_prices" (
      "part_id" uuid not null,
      "seller_id" uuid not null,
      "auto_accept" numeric(10,2) null,
      "auto_decline" numeric(10,2) null,
      "updated_at" timestamptz not null,
      constraint "offer_part_prices_pkey" primary key ("part_id")
    );`);
    this.addSql(`create table "unpaid_auction_orders" (
      "order_id" uuid not null,
      "auction_id" uuid not null,
      "part_id" uuid not null,
      "seller_id" uuid not null,
      "buyer_id" uuid not null,
      "cancelled_at" timestamptz not null,
      constraint "unpaid_auction_orders_pkey" primary key ("order_id")
    );`);
    this.addSql(`create index "unpaid_auction_orders_buyer_index" on "unpaid_auction_orders" ("buyer_id");`);
    this.addSql(`create index "unpaid_auction_orders_auction_index" on "unpaid_auction_orders" ("auction_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "unpaid_auction_orders";`);
    this.addSql(`drop table if exists "offer_part_prices";`);
    this.addSql(`drop table if exists "offer_steps";`);
    this.addSql(`drop table if exists "offers";`);
  }
}
