import { Migration } from '@mikro-orm/migrations';

/**
 * reverse (issue 35, "Wanted requests don't die silently"): the buyer may ask, when posting, for an alert to be made
 * when the request ends without an award (`alert_if_unfilled`); otherwise the request page offers it in one click.
 */
export class Migration20261129036000ReverseAlertIfUnfilled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "reverse_auctions" add column "alert_if_unfilled" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "reverse_auctions" drop column if exists "alert_if_unfilled";`);
  }
}
