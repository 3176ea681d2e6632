import { Migration } from '@mikro-orm/migrations';

/**
 * platform: the audit log of admin actions (users, sellers, listings, settings, bidding patterns). One row per
 * action, written in the action's own transaction by platform/audit.ts; never updated or deleted by the app.
 * The actor and the entity are plain ids (no cross-module keys); before and after are JSON snapshots.
 */
export class Migration20261124193100PlatformAuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" (
      "id" uuid not null default gen_random_uuid(),
      "actor_id" uuid null,
      "action" varchar(80) not null,
      "entity_type" varchar(40) not null,
      "entity_id" varchar(100) not null,
      "reason" text null,
      "before" jsonb null,
      "after" jsonb null,
      "created_at" timestamptz not null default now(),
      constraint "audit_log_pkey" primary key ("id")
    );`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at" desc, "id");`);
    this.addSql(`create index "audit_log_entity_index" on "audit_log" ("entity_type", "entity_id", "created_at" desc);`);
    this.addSql(`create index "audit_log_actor_index" on "audit_log" ("actor_id", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log";`);
  }
}
