import type { SqlRunner } from '../../platform/db/sql-runner.js';
import type { FeaturedListingType, FeaturedPlacementType } from './featured-listing.dto.js';

/**
 * The statements of the Featured Revenue report and of the revenue per month other modules ask for: sums and
 * counts over placements and their daily counters, on the read connection. Only active placements count.
 */

/** Revenue (text) and count of the active placements starting in [from, to), per UTC month and page kind. */
export function revenuePerMonth(
  read: SqlRunner,
  from: Date,
  to: Date,
): Promise<{ month: string; placement_type: FeaturedPlacementType; revenue: string; placements: number }[]> {
  return read.run<{ month: string; placement_type: FeaturedPlacementType; revenue: string; placements: number }>(
    `select to_char(start_date at time zone 'UTC', 'YYYY-MM') as month, placement_type, sum(price)::text as revenue, count(*)::int as placements
         from featured_listings where is_active and start_date >= ? and start_date < ?
        group by 1, 2`,
    [from, to],
  );
}

/** An active placement whose run overlaps the report's period. */
export interface ReportPlacementRow {
  id: string;
  listing_type: FeaturedListingType;
  placement_type: FeaturedPlacementType;
  category_id: string | null;
  position: number;
  start_date: Date;
  end_date: Date;
  price: string;
}

/** The active placements whose run overlaps [from, to), by start, position and id. */
export function placementsOverlapping(read: SqlRunner, from: Date, to: Date): Promise<ReportPlacementRow[]> {
  return read.run<ReportPlacementRow>(
    `select id, listing_type, placement_type, category_id, position, start_date, end_date, price::text as price
           from featured_listings where is_active and start_date < ? and end_date > ?
          order by start_date, position, id`,
    [to, from],
  );
}

/** Impressions and clicks (sums as text) of each placement counted on the days ["from", "to") ("YYYY-MM-DD"). */
export function countersBetween(read: SqlRunner, fromDay: string, toDay: string): Promise<{ id: string; impressions: string; clicks: string }[]> {
  return read.run<{ id: string; impressions: string; clicks: string }>(
    `select d.featured_listing_id as id, sum(d.impressions)::text as impressions, sum(d.clicks)::text as clicks
           from featured_listing_daily d where d.day >= ?::date and d.day < ?::date group by d.featured_listing_id`,
    [fromDay, toDay],
  );
}
