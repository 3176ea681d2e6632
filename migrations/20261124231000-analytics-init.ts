import { Migration } from '@mikro-orm/migrations';

/**
 * analytics: what buyers do with listings (issue 24), written in batches off the request path.
 * - listing_view_visitors: who viewed which listing on which day (UTC), so a page view counts once per visitor
 *   per day; kept for a few days only (the daily counts below keep the figures).
 * - listing_activity_daily: per listing and day, views (unique visitors), search impressions and clicks.
 */
export class Migration20261124231000AnalyticsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "listing_view_visitors" (
      "item_type" text not null,
      "item_id" uuid not null,
      "day" date not null,
      "visitor" text not null,
      constraint "listing_view_visitors_pkey" primary key ("day", "item_type", "item_id", "visitor"),
      constraint "listing_view_visitors_type_check" check ("item_type" in ('part', 'auction'))
    );`);
    this.addSql(`create table "listing_activity_daily" (
      "item_type" text not null,
      "item_id" uuid not null,
      "day" date not null,
      "views" integer not null default 0,
      "impressions" integer not null default 0,
      "clicks" integer not null default 0,
      constraint "listing_activity_daily_pkey" primary key ("item_type", "item_id", "day"),
      constraint "listing_activity_daily_type_check" check ("item_type" in ('part', 'auction'))
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "listing_activity_daily";`);
    this.addSql(`drop table if exists "listing_view_visitors";`);
  }
}
