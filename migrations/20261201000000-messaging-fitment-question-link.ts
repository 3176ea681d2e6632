import { Migration } from '@mikro-orm/migrations';

/**
 * messaging (issue 35): a fitment question's message (posted by the garage through MessagingApi.postAboutPart)
 * names its question, so the thread can offer the part's seller the answer right there. Messages posted before
 * have none and read as plain messages.
 */
export class Migration20261201000000MessagingFitmentQuestionLink extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "fitment_question_id" uuid null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "messages" drop column "fitment_question_id"`);
  }
}
