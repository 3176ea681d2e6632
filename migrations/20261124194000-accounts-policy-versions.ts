import { Migration } from '@mikro-orm/migrations';

/**
 * accounts: the published versions of the privacy policy and the terms of service, one current per type. The
 * shipped v1.0 (effective Jan 30, 2025) is recorded as current without asking for acceptance again (users accept
 * it at registration); a version an admin publishes from the console asks everyone who has not accepted it.
 */
export class Migration20261124194000AccountsPolicyVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "policy_versions" (
      "id" uuid not null default gen_random_uuid(),
      "policy_type" text not null,
      "version" varchar(20) not null,
      "is_current" boolean not null default true,
      "requires_acceptance" boolean not null default true,
      "published_at" timestamptz not null default now(),
      "published_by" uuid null,
      constraint "policy_versions_pkey" primary key ("id"),
      constraint "policy_versions_policy_type_check" check ("policy_type" in ('privacy_policy', 'terms_of_service')),
      constraint "policy_versions_type_version_unique" unique ("policy_type", "version")
    );`);
    this.addSql(`create unique index "policy_versions_one_current" on "policy_versions" ("policy_type") where "is_current";`);
    this.addSql(`create index "policy_versions_published_at_index" on "policy_versions" ("published_at" desc, "id");`);
    this.addSql(`insert into "policy_versions" ("policy_type", "version", "is_current", "requires_acceptance", "published_at")
      values ('privacy_policy', 'v1.0', true, false, '2025-01-30T00:00:00Z'),
             ('terms_of_service', 'v1.0', true, false, '2025-01-30T00:00:00Z');`);
    // A user's acceptance of one version: the gate on bids and listings, and the compliance dashboard's joins.
    this.addSql(`create index "policy_acceptances_user_type_version_index"
      on "policy_acceptances" ("user_id", "policy_type", "policy_version", "accepted_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "policy_acceptances_user_type_version_index";`);
    this.addSql(`drop table if exists "policy_versions";`);
  }
}
