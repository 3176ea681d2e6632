import { Migration } from '@mikro-orm/migrations';

/**
 * platform: the marks of demo data and of reference data.
 *
 * - demo_records: every record `pitlane seed-demo` made, by kind (`<module>.<thing>`) and a stable key of the
 *   demo (`part:0042`), so a second run adds nothing twice and `clear-demo` removes exactly these records and what
 *   hangs off them. The records themselves stay in their modules' tables, unchanged.
 * - demo_runs: the console's seed and clear requests, run as jobs, with their progress and outcome.
 * - reference_data: the keys of the reference rows (categories, makes, default badges) start-up has applied, so a
 *   row an admin later renamed or deleted is never put back.
 */
export class Migration20261124180000PlatformDemoData extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "demo_records" (
      "kind" varchar(60) not null,
      "key" varchar(100) not null,
      "id" uuid not null,
      "created_at" timestamptz not null default now(),
      constraint "demo_records_pkey" primary key ("kind", "key")
    );`);
    this.addSql(`create unique index "demo_records_kind_id_unique" on "demo_records" ("kind", "id");`);

    this.addSql(`create table "demo_runs" (
      "id" uuid not null default gen_random_uuid(),
      "action" varchar(10) not null,
      "status" varchar(20) not null default 'queued',
      "parts" int null,
      "step" varchar(200) null,
      "done" int not null default 0,
      "total" int not null default 0,
      "percent" int not null default 0,
      "summary" jsonb not null default '[]',
      "error" text null,
      "requested_by" uuid null,
      "created_at" timestamptz not null default now(),
      "started_at" timestamptz null,
      "finished_at" timestamptz null,
      constraint "demo_runs_pkey" primary key ("id"),
      constraint "demo_runs_action_check" check ("action" in ('seed', 'clear')),
      constraint "demo_runs_status_check" check ("status" in ('queued', 'running', 'succeeded', 'failed'))
    );`);
    // One seed or clear at a time.
    this.addSql(`create unique index "demo_runs_one_open" on "demo_runs" ((true)) where "status" in ('queued', 'running');`);
    this.addSql(`create index "demo_runs_created_at_index" on "demo_runs" ("created_at" desc);`);

    this.addSql(`create table "reference_data" (
      "kind" varchar(60) not null,
      "key" varchar(100) not null,
      "applied_at" timestamptz not null default now(),
      constraint "reference_data_pkey" primary key ("kind", "key")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reference_data";`);
    this.addSql(`drop table if exists "demo_runs";`);
    this.addSql(`drop table if exists "demo_records";`);
  }
}
