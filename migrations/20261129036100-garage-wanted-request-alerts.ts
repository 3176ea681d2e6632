import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 35): an alert made from a wanted request that ended without an award keeps the request's id
 * (`wanted_request_id`), one per user and request, so the automatic alert and the request page's click make one
 * alert; a part it matches tells the part's seller that a buyer wanted it.
 */
export class Migration20261129036100GarageWantedRequestAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "part_alerts" add column "wanted_request_id" uuid null;`);
    this.addSql(
      `create unique index "part_alerts_wanted_request_unique" on "part_alerts" ("user_id", "wanted_request_id") where "wanted_request_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "part_alerts_wanted_request_unique";`);
    this.addSql(`alter table "part_alerts" drop column if exists "wanted_request_id";`);
  }
}
