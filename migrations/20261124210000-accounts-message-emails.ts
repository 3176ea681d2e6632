import { Migration } from '@mikro-orm/migrations';

/** accounts: a user's preference for mail about unread messages (issue 19), on unless they turn it off. */
export class Migration20261124210000AccountsMessageEmails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "message_emails" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "message_emails";`);
  }
}
