import { Migration } from '@mikro-orm/migrations';

/**
 * auctions: at most one open (scheduled or active) auction per part, held by a partial unique index, so two
 * racing schedules of one part cannot both land. Before the index, each part keeps one open auction (the active
 * one, else the one with the most bids, else the earliest start) and its other open auctions are ended unsold;
 * they never had a winner, so nothing was sold twice.
 */
export class Migration20261124151000AuctionsOneOpenPerPart extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "auctions" a set "status" = 'ended', "ended_at" = now(), "updated_at" = now()
      from (
        select "id", row_number() over (
          partition by "part_id"
          order by ("status" = 'active') desc, "total_bids" desc, "start_time", "created_at", "id"
        ) as n
        from "auctions" where "status" in ('scheduled', 'active')
      ) o
      where a."id" = o."id" and o.n > 1`);
    this.addSql(`create unique index "auctions_one_open_per_part" on "auctions" ("part_id")
      where "status" in ('scheduled', 'active')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "auctions_one_open_per_part"`);
  }
}
