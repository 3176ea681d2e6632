import { Migration } from '@mikro-orm/migrations';

/** accounts and platform: users, sessions, verification tokens, policy acceptances, the mail outbox. */
export class Migration20261122000000AccountsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" uuid not null default gen_random_uuid(),
      "username" varchar(40) not null,
      "email" varchar(320) not null,
      "password" varchar(255) not null,
      "first_name" varchar(100) not null,
      "last_name" varchar(100) not null,
      "phone" varchar(40) null,
      "location" varchar(200) null,
      "is_verified" boolean not null default false,
      "role" text not null default 'buyer',
      "verification_level" varchar(20) not null default 'none',
      "country" varchar(100) not null default 'USA',
      "marketing_emails" boolean not null default false,
      "ip_address" varchar(64) null,
      "suspicious_activity_score" int not null default 0,
      "profile_image_url" varchar(500) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "users_pkey" primary key ("id"),
      constraint "users_role_check" check ("role" in ('buyer', 'seller', 'admin'))
    );`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"));`);
    this.addSql(`create index "users_created_at_index" on "users" ("created_at");`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);

    this.addSql(`create table "email_verification_tokens" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "token" varchar(64) not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "email_verification_tokens_pkey" primary key ("id"),
      constraint "email_verification_tokens_token_unique" unique ("token")
    );`);
    this.addSql(`create index "email_verification_tokens_user_id_index" on "email_verification_tokens" ("user_id");`);

    this.addSql(`create table "policy_acceptances" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "policy_type" text not null,
      "policy_version" varchar(20) not null default 'v1.0',
      "accepted_at" timestamptz not null default now(),
      "ip_address" varchar(64) not null,
      "user_agent" varchar(500) null,
      "is_current_version" boolean not null default true,
      constraint "policy_acceptances_pkey" primary key ("id"),
      constraint "policy_acceptances_policy_type_check" check ("policy_type" in ('privacy_policy', 'terms_of_service'))
    );`);
    this.addSql(`create index "policy_acceptances_user_id_index" on "policy_acceptances" ("user_id", "accepted_at");`);

    // connect-pg-simple's layout, under the spec's table name.
    this.addSql(`create table "sessions" (
      "sid" varchar not null collate "default",
      "sess" json not null,
      "expire" timestamp(6) not null,
      constraint "sessions_pkey" primary key ("sid")
    );`);
    this.addSql(`create index "sessions_expire_index" on "sessions" ("expire");`);

    this.addSql(`create table "mail_outbox" (
      "id" uuid not null default gen_random_uuid(),
      "to" varchar(320) not null,
      "from" varchar(320) not null,
      "subject" varchar(300) not null,
      "text" text not null,
      "html" text null,
      "created_at" timestamptz not null default now(),
      constraint "mail_outbox_pkey" primary key ("id")
    );`);
    this.addSql(`create index "mail_outbox_created_at_index" on "mail_outbox" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox";`);
    this.addSql(`drop table if exists "sessions";`);
    this.addSql(`drop table if exists "policy_acceptances";`);
    this.addSql(`drop table if exists "email_verification_tokens";`);
    this.addSql(`drop table if exists "users";`);
  }
}
