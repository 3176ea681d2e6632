import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 20): the notification centre, `alert_notifications` of spec 001 §9. One feed per user of every
 * in-app notice (alert matches, price moves, and the notices other modules publish as events). User, alert,
 * watch and item ids are plain uuid columns, without cross-module keys. `dedupe_key` stores a notice once per
 * (alert, item) or per event (recordOnce); the partial indexes serve a user's feed newest first and the unread
 * count.
 */
export class Migration20261124220000GarageNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "alert_notifications" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "alert_id" uuid null,
      "market_watch_id" uuid null,
      "notification_type" varchar(50) not null,
      "title" varchar(200) not null,
      "message" text not null,
      "related_item_id" uuid null,
      "related_item_type" varchar(30) null,
      "link" varchar(500) null,
      "dedupe_key" varchar(200) null,
      "is_read" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "sent_at" timestamptz null,
      constraint "alert_notifications_pkey" primary key ("id")
    );`);
    this.addSql(`create index "alert_notifications_feed_index" on "alert_notifications" ("user_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "alert_notifications_unread_index" on "alert_notifications" ("user_id", "created_at" desc) where not "is_read";`);
    this.addSql(`create unique index "alert_notifications_dedupe_unique" on "alert_notifications" ("dedupe_key") where "dedupe_key" is not null;`);
    this.addSql(`create index "alert_notifications_alert_index" on "alert_notifications" ("alert_id") where "alert_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "alert_notifications"`);
  }
}
