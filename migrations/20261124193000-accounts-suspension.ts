import { Migration } from '@mikro-orm/migrations';

/**
 * accounts: an admin can suspend a user. While `suspended_at` is set the user cannot sign in and their sessions
 * name nobody; the reason and the admin (a plain uuid) are kept for the console and the audit log.
 */
export class Migration20261124193000AccountsSuspension extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "suspended_at" timestamptz null,
      add column "suspension_reason" text null,
      add column "suspended_by" uuid null;`);
    // The console's "suspended" filter reads only the few suspended users.
    this.addSql(`create index "users_suspended_at_index" on "users" ("suspended_at" desc) where "suspended_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "users_suspended_at_index";`);
    this.addSql(`alter table "users" drop column if exists "suspended_by", drop column if exists "suspension_reason", drop column if exists "suspended_at";`);
  }
}
