import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { FeaturedListingType, FeaturedPlacementType } from './featured-listing.dto.js';

/**
 * The featured statements an entity manager cannot say well: the public reads of every page load (prepared, on the
 * read connection, benchmarked in docs/performance.md: `npm run bench:featured`), the write-behind upsert of the
 * impression and click counters, and the counters' sums the console shows. Everything else reads and writes the
 * FeaturedListing entity.
 */

/** A placement of a page as the public call reads it. */
export interface PagePlacementRow {
  id: string;
  listing_type: FeaturedListingType;
  part_id: string | null;
  auction_id: string | null;
  reverse_auction_id: string | null;
  position: number;
  end_date: Date;
}

/** The placements of one page live at `now`, by position, at most `slots` (the read pool, prepared). */
export function readPagePlacements(
  read: SqlRunner,
  placementType: FeaturedPlacementType,
  categoryId: string | null,
  now: Date,
  slots: number,
): Promise<PagePlacementRow[]> {
  return read.runPrepared<PagePlacementRow>(
    `select id, listing_type, part_id, auction_id, reverse_auction_id, position, end_date
         from featured_listings
        where is_active and placement_type = ? and category_id is not distinct from ?::uuid
          and end_date > ? and start_date <= ? and position <= ?
        order by position, start_date
        limit ?`,
    [placementType, categoryId, now, now, slots, slots],
  );
}

/** Ids of the parts featured at `now` on any page, at most 1000 (the read pool, prepared). */
export async function readFeaturedPartIds(read: SqlRunner, now: Date): Promise<string[]> {
  const rows = await read.runPrepared<{ part_id: string }>(
    `select distinct part_id from featured_listings
          where is_active and listing_type = 'part' and end_date > ? and start_date <= ? order by part_id limit 1000`,
    [now, now],
  );
  return rows.map((r) => r.part_id);
}

/** One placement's counts of one UTC day ("YYYY-MM-DD"), merged in memory before they are written. */
export interface DailyCounts {
  id: string;
  day: string;
  impressions: number;
  clicks: number;
}

/**
 * Adds a batch of counts to the daily counters in one statement (the write connection, outside any transaction);
 * counts of placements deleted meanwhile are skipped by the join.
 */
export async function addDailyCounts(write: SqlRunner, batch: readonly DailyCounts[]): Promise<void> {
  await write.run(
    `insert into featured_listing_daily (featured_listing_id, day, impressions, clicks)
       select x.id, x.day, x.impressions, x.clicks
         from json_to_recordset(?::json) as x(id uuid, day date, impressions int, clicks int)
         join featured_listings f on f.id = x.id
       on conflict (featured_listing_id, day) do update
         set impressions = featured_listing_daily.impressions + excluded.impressions,
             clicks = featured_listing_daily.clicks + excluded.clicks`,
    [JSON.stringify(batch)],
  );
}

/** All-time impressions and clicks of each of `ids` that has any (sums as text), in one statement. */
export function readCounterTotals(em: EntityManager, ids: readonly string[]): Promise<{ id: string; impressions: string; clicks: string }[]> {
  return em.execute<{ id: string; impressions: string; clicks: string }[]>(
    `select featured_listing_id as id, sum(impressions)::text as impressions, sum(clicks)::text as clicks
           from featured_listing_daily where featured_listing_id = any(?::uuid[]) group by featured_listing_id`,
    [uuidArray(ids)],
  );
}
