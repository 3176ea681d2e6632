import { Migration } from '@mikro-orm/migrations';

/**
 * sellers (issue 23): reviews from real purchases. A review names the order it is about (one review per order, so a
 * repeat customer reviews each purchase, instead of one review per buyer and seller); other users report reviews
 * (one report per user), and admins hide or restore them (is_public) in the console.
 */
export class Migration20261124230600SellersVerifiedReviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "seller_reviews" drop constraint if exists "seller_reviews_seller_user_id_reviewer_id_unique"`);
    this.addSql(`alter table "seller_reviews"
      add column "order_id" uuid null,
      add column "report_count" int not null default 0,
      add column "is_public" boolean not null default true,
      add column "moderated_at" timestamptz null,
      add column "moderated_by" uuid null,
      add constraint "seller_reviews_order_id_unique" unique ("order_id")`);
    this.addSql(`create index "seller_reviews_reported_index" on "seller_reviews" ("report_count" desc, "id") where "report_count" > 0`);
    this.addSql(`create table "review_reports" (
      "review_id" uuid not null references "seller_reviews" ("id") on delete cascade,
      "user_id" uuid not null,
      "reason" text not null,
      "created_at" timestamptz not null default now(),
      constraint "review_reports_pkey" primary key ("review_id", "user_id")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "review_reports"`);
    this.addSql(`drop index if exists "seller_reviews_reported_index"`);
    this.addSql(`alter table "seller_reviews" drop column "order_id", drop column "report_count", drop column "is_public",
      drop column "moderated_at", drop column "moderated_by"`);
    this.addSql(`alter table "seller_reviews" add constraint "seller_reviews_seller_user_id_reviewer_id_unique" unique ("seller_user_id", "reviewer_id")`);
  }
}
