import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 35 part 1, "Will it fit?"): a buyer's report, once per delivered order, of whether the part fitted
 * the vehicle (`yes`, `no`, `with_modification`). The vehicle is stored as facts (make, model, years, engine), so a
 * report outlives the garage vehicle it came from (`vehicle_id` is then cleared). Reports follow the part number:
 * `part_number_norm` is the part's normalised number when reported, so other listings of the same number show them.
 * `declared`: the vehicle matched one of the seller's fitment lines (a "no" then tells the seller).
 */
export class Migration20261130000000GarageFitmentReports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "fitment_reports" (
      "id" uuid not null primary key,
      "order_id" uuid not null,
      "part_id" uuid not null,
      "part_number_norm" varchar(100) null,
      "seller_id" uuid not null,
      "reporter_id" uuid not null,
      "vehicle_id" uuid null references "buyer_garage" ("id") on delete set null,
      "make" varchar(100) not null,
      "model" varchar(100) not null,
      "year_start" smallint null,
      "year_end" smallint null,
      "engine" varchar(100) null,
      "fits" varchar(20) not null check ("fits" in ('yes', 'no', 'with_modification')),
      "note" varchar(1000) null,
      "declared" boolean not null default false,
      "created_at" timestamptz not null,
      constraint "fitment_reports_order_id_unique" unique ("order_id"));`);
    this.addSql(`create index "fitment_reports_part_id_index" on "fitment_reports" ("part_id");`);
    this.addSql(`create index "fitment_reports_part_number_norm_index" on "fitment_reports" ("part_number_norm") where "part_number_norm" is not null;`);
    this.addSql(`create index "fitment_reports_created_at_index" on "fitment_reports" ("created_at");`);
    this.addSql(`create index "fitment_reports_vehicle_id_index" on "fitment_reports" ("vehicle_id") where "vehicle_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "fitment_reports";`);
  }
}
