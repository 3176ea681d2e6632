import { Migration } from '@mikro-orm/migrations';

/**
 * payments (issue 32): the commission tiers are the payments module's setting, no longer a part of the auctions'
 * pricing settings. `payment_settings` holds one row; its tiers start as the console last saved them in
 * `auction_settings` (pricing, `commissionTiers`), else the defaults (7 % of the first $1,000, 5 % up to $5,000,
 * 3 % above), and the auctions' copy is removed. Orders keep the tiers they were made with (`commission_tiers`).
 */
export class Migration20261128014500PaymentsCommissionTiers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "payment_settings" (
      "id" smallint not null default 1,
      "commission_tiers" jsonb not null,
      "updated_by" uuid null,
      "updated_at" timestamptz not null default now(),
      constraint "payment_settings_pkey" primary key ("id"),
      constraint "payment_settings_one_row_check" check ("id" = 1),
      constraint "payment_settings_tiers_check" check (jsonb_typeof("commission_tiers") = 'array' and jsonb_array_length("commission_tiers") > 0)
    );`);
    this.addSql(`insert into "payment_settings" ("id", "commission_tiers", "updated_by", "updated_at")
      select 1, coalesce(s."value" -> 'commissionTiers', '[{"from": 0, "ratePercent": 7}, {"from": 1000, "ratePercent": 5}, {"from": 5000, "ratePercent": 3}]'::jsonb),
             s."updated_by", coalesce(s."updated_at", now())
        from (select 1) as one
        left join "auction_settings" s on s."group_name" = 'pricing'
                                       and jsonb_typeof(s."value" -> 'commissionTiers') = 'array'
                                       and jsonb_array_length(s."value" -> 'commissionTiers') > 0;`);
    this.addSql(`update "auction_settings" set "value" = "value" - 'commissionTiers' where "group_name" = 'pricing';`);
  }

  override async down(): Promise<void> {
    this.addSql(`insert into "auction_settings" ("group_name", "value", "updated_by", "updated_at")
      select 'pricing', jsonb_build_object('commissionTiers', "commission_tiers"), "updated_by", "updated_at" from "payment_settings" where "id" = 1
      on conflict ("group_name") do update set "value" = "auction_settings"."value" || excluded."value";`);
    this.addSql(`drop table if exists "payment_settings";`);
  }
}
