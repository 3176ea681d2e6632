import { Migration } from '@mikro-orm/migrations';

/**
 * offers (issue 23): an accepted offer whose order is cancelled (payments.order.cancelled) becomes `cancelled`,
 * with the order's cancel reason (`unpaid`, `buyer`, `seller`, `admin`) and a `cancel` step in its history.
 */
export class Migration20261124230100OffersOrderCancelled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "offers" add column "cancel_reason" text null;`);
    this.addSql(`alter table "offers" drop constraint "offers_status_check";`);
    this.addSql(`alter table "offers" add constraint "offers_status_check" check ("status" in ('open', 'accepted', 'declined', 'expired', 'cancelled'));`);
    this.addSql(`alter table "offer_steps" drop constraint "offer_steps_action_check";`);
    this.addSql(
      `alter table "offer_steps" add constraint "offer_steps_action_check" check ("action" in ('offer', 'counter', 'accept', 'decline', 'expire', 'open', 'cancel'));`,
    );
    this.addSql(`create index "offers_created_index" on "offers" ("created_at" desc, "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "offers_created_index";`);
    this.addSql(`delete from "offer_steps" where "action" = 'cancel';`);
    this.addSql(`update "offers" set "status" = 'accepted' where "status" = 'cancelled';`);
    this.addSql(`alter table "offer_steps" drop constraint "offer_steps_action_check";`);
    this.addSql(`alter table "offer_steps" add constraint "offer_steps_action_check" check ("action" in ('offer', 'counter', 'accept', 'decline', 'expire', 'open'));`);
    this.addSql(`alter table "offers" drop constraint "offers_status_check";`);
    this.addSql(`alter table "offers" add constraint "offers_status_check" check ("status" in ('open', 'accepted', 'declined', 'expired'));`);
    this.addSql(`alter table "offers" drop column if exists "cancel_reason";`);
  }
}
