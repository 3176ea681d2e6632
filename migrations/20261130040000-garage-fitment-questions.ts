import { Migration } from '@mikro-orm/migrations';

/**
 * garage (issue 35, part 4): "Will it fit my ...?" A signed-in buyer asks a part's seller about one of their garage
 * vehicles (a copy of the vehicle's name is kept, so the answer still reads right if the vehicle is edited or
 * removed), with photos of a casting number or a VIN plate; the seller answers once: yes, no or unsure.
 */
export class Migration20261130040000GarageFitmentQuestions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "fitment_questions" (
      "id" uuid not null primary key,
      "part_id" uuid not null,
      "seller_id" uuid not null,
      "asker_id" uuid not null,
      "vehicle_id" uuid null,
      "vehicle_name" varchar(200) not null,
      "question" text not null,
      "photos" jsonb not null default '[]',
      "fits" varchar(10) null,
      "answer" text null,
      "asked_at" timestamptz not null,
      "answered_at" timestamptz null,
      constraint "fitment_questions_fits_check" check ("fits" in ('yes', 'no', 'unsure')),
      constraint "fitment_questions_answered_check" check (("fits" is null) = ("answered_at" is null))
    )`);
    this.addSql(`create index "fitment_questions_part_index" on "fitment_questions" ("part_id", "asked_at" desc)`);
    this.addSql(`create index "fitment_questions_asker_index" on "fitment_questions" ("asker_id", "part_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "fitment_questions"`);
  }
}
