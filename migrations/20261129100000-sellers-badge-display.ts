import { Migration } from '@mikro-orm/migrations';

/**
 * sellers (issue 34): spec 001's stored defaults. An earned badge records its progress (100: a row exists only once
 * the badge is earned) and whether its holder shows it (true; the holder may hide it from public lists); a review
 * would recommend its seller unless it says otherwise.
 */
export class Migration20261129100000SellersBadgeDisplay extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user_badges"
      add column "progress" smallint not null default 100,
      add column "is_displayed" boolean not null default true,
      add constraint "user_badges_progress_check" check ("progress" between 0 and 100)`);
    this.addSql(`alter table "seller_reviews" alter column "would_recommend" set default true`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "seller_reviews" alter column "would_recommend" drop default`);
    this.addSql(`alter table "user_badges" drop constraint "user_badges_progress_check", drop column "progress", drop column "is_displayed"`);
  }
}
