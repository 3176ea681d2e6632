import { Migration } from '@mikro-orm/migrations';

/**
 * support: the Contact Us requests. The sender's user id (when signed in) and the admin who handled a request are
 * plain uuid columns of the accounts module's users, without cross-module keys.
 */
export class Migration20261124161000SupportContactRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "contact_requests" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid null,
      "name" varchar(100) not null,
      "email" varchar(320) not null,
      "topic" text not null,
      "subject" varchar(150) not null,
      "message" text not null,
      "status" text not null default 'open',
      "handled_at" timestamptz null,
      "handled_by" uuid null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "contact_requests_pkey" primary key ("id"),
      constraint "contact_requests_topic_check" check ("topic" in ('general', 'buying', 'selling', 'payments', 'account', 'report')),
      constraint "contact_requests_status_check" check ("status" in ('open', 'handled'))
    );`);
    // The console's list: newest first, and the open ones first of all.
    this.addSql(`create index "contact_requests_created_at_index" on "contact_requests" ("created_at" desc, "id");`);
    this.addSql(`create index "contact_requests_status_created_at_index" on "contact_requests" ("status", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contact_requests";`);
  }
}
