import { Migration } from '@mikro-orm/migrations';

/**
 * platform (issue 33): abuse limits and sign-in back-off counted in PostgreSQL, so every web process shares them
 * and a restart forgets nothing. One row per key (`<limit>:<address or account>`): hits in the current window and
 * when it resets; expired rows are deleted by the platform's hourly task.
 */
export class Migration20261128030000PlatformRateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_counters" (
      "key" text not null,
      "hits" integer not null,
      "reset_at" timestamptz not null,
      constraint "rate_limit_counters_pkey" primary key ("key")
    );`);
    this.addSql(`create index "rate_limit_counters_reset_at_index" on "rate_limit_counters" ("reset_at");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "rate_limit_counters";');
  }
}
