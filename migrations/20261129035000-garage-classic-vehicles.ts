import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 35, "Will it fit?"): a vehicle knows its engine code (beside the free-text engine type), its
 * chassis number or VIN and its modifications ("LS3 swap, T56 gearbox"); an alert may be keyed to one of its
 * owner's vehicles (`vehicle_id`), so a new part raises it when it fits that vehicle. An alert keyed to a vehicle
 * is removed with it (it cannot match anything without it). Vehicle-keyed alerts are few beside the others and are
 * matched by their own statement, from `part_alerts_vehicle_match_index` by category ('' for "any").
 * (part_fitments.engine, the engine a fitment line names, has been there since catalog-init.)
 */
export class Migration20261129035000GarageClassicVehicles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "buyer_garage"
      add column "engine_code" varchar(50) null,
      add column "chassis_number" varchar(50) null,
      add column "modifications" varchar(1000) null;`);
    this.addSql(`alter table "part_alerts" add column "vehicle_id" uuid null references "buyer_garage" ("id") on delete cascade;`);
    this.addSql(
      `create index "part_alerts_vehicle_match_index" on "part_alerts" (coalesce("category", '')) where "is_active" and "vehicle_id" is not null;`,
    );
    this.addSql(`create index "part_alerts_vehicle_id_index" on "part_alerts" ("vehicle_id") where "vehicle_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "part_alerts_vehicle_id_index";`);
    this.addSql(`drop index if exists "part_alerts_vehicle_match_index";`);
    this.addSql(`alter table "part_alerts" drop column if exists "vehicle_id";`);
    this.addSql(`alter table "buyer_garage" drop column if exists "engine_code", drop column if exists "chassis_number", drop column if exists "modifications";`);
  }
}
