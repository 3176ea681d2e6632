import { Migration } from '@mikro-orm/migrations';

/**
 * messaging: conversations between two users about a part, an auction or a wanted request, their messages, one
 * member row per participant (unread count, read and mail marks: the inbox of a user is an index range of its
 * own), blocks between users and reports of conversations. User and item ids are plain uuid columns of the
 * accounts, catalog, auctions and reverse modules, without cross-module keys.
 */
export class Migration20261124190000MessagingInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "conversations" (
      "id" uuid not null default gen_random_uuid(),
      "related_item_type" text not null,
      "related_item_id" uuid not null,
      "part_id" uuid null,
      "buyer_id" uuid not null,
      "seller_id" uuid not null,
      "subject" varchar(200) not null,
      "is_active" boolean not null default true,
      "flagged_at" timestamptz null,
      "review_status" text null,
      "created_at" timestamptz not null default now(),
      "last_message_at" timestamptz not null default now(),
      constraint "conversations_pkey" primary key ("id"),
      constraint "conversations_item_type_check" check ("related_item_type" in ('part', 'auction', 'reverse_auction')),
      constraint "conversations_two_people_check" check ("buyer_id" <> "seller_id"),
      constraint "conversations_review_status_check" check ("review_status" in ('open', 'dismissed', 'suspended'))
    );`);
    // One conversation per two people and item: a second "Contact Seller" continues the first.
    this.addSql(`create unique index "conversations_item_people_unique" on "conversations" ("related_item_type", "related_item_id", "buyer_id", "seller_id");`);
    this.addSql(`create index "conversations_review_index" on "conversations" ("review_status", "last_message_at" desc) where "review_status" is not null;`);

    this.addSql(`create table "conversation_members" (
      "conversation_id" uuid not null references "conversations" ("id") on delete cascade,
      "user_id" uuid not null,
      "other_user_id" uuid not null,
      "unread_count" int not null default 0,
      "last_message_at" timestamptz not null,
      "last_read_at" timestamptz null,
      "mailed_through_seq" bigint not null default 0,
      constraint "conversation_members_pkey" primary key ("conversation_id", "user_id")
    );`);
    // A user's inbox, latest activity first, and their unread total, from one index.
    this.addSql(`create index "conversation_members_inbox_index" on "conversation_members" ("user_id", "last_message_at" desc, "conversation_id") include ("unread_count");`);

    this.addSql(`create table "messages" (
      "id" uuid not null default gen_random_uuid(),
      "seq" bigint generated always as identity,
      "conversation_id" uuid not null references "conversations" ("id") on delete cascade,
      "sender_id" uuid not null,
      "content" text not null,
      "is_read" boolean not null default false,
      "warnings" text[] not null default '{}',
      "created_at" timestamptz not null default now(),
      constraint "messages_pkey" primary key ("id"),
      constraint "messages_content_length_check" check (char_length("content") between 1 and 5000)
    );`);
    this.addSql(`create index "messages_conversation_seq_index" on "messages" ("conversation_id", "seq" desc);`);

    this.addSql(`create table "user_blocks" (
      "blocker_id" uuid not null,
      "blocked_id" uuid not null,
      "created_at" timestamptz not null default now(),
      constraint "user_blocks_pkey" primary key ("blocker_id", "blocked_id")
    );`);
    this.addSql(`create index "user_blocks_blocked_index" on "user_blocks" ("blocked_id", "blocker_id");`);

    this.addSql(`create table "conversation_reports" (
      "id" uuid not null default gen_random_uuid(),
      "conversation_id" uuid not null references "conversations" ("id") on delete cascade,
      "reporter_id" uuid not null,
      "reason" varchar(1000) not null,
      "created_at" timestamptz not null default now(),
      constraint "conversation_reports_pkey" primary key ("id")
    );`);
    this.addSql(`create index "conversation_reports_conversation_index" on "conversation_reports" ("conversation_id", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "conversation_reports";`);
    this.addSql(`drop table if exists "user_blocks";`);
    this.addSql(`drop table if exists "messages";`);
    this.addSql(`drop table if exists "conversation_members";`);
    this.addSql(`drop table if exists "conversations";`);
  }
}
