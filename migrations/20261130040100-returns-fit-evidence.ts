import { Migration } from '@mikro-orm/migrations';

/**
 * returns (issue 35, part 4): a return of "doesn't fit" that rests on the seller's "yes" to the buyer's fitment
 * question (asked and answered before the order) names that question: the console shows it as evidence.
 */
export class Migration20261130040100ReturnsFitEvidence extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "returns" add column "fitment_question_id" uuid null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "returns" drop column "fitment_question_id"`);
  }
}
