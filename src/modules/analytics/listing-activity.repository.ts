/**
 * The statements of listing activity (ListingActivityDay, ListingViewVisitor) that an entity manager cannot say
 * well: the recorder's batched upserts off the request path, the prune, and the analyses' sums. `?` placeholders;
 * a batch is one JSON parameter.
 */

/**
 * A batch of page views (`[{itemType, itemId, day, visitor}]`): the day's new visitors are stored (a view counts
 * once per visitor and day, by the visitors table's key), and only those add to the day's views.
 */
export const WRITE_VIEWS_SQL = `with input as (
         select * from json_to_recordset(?::json) as x("itemType" text, "itemId" uuid, day date, visitor text)
       ), fresh as (
         insert into listing_view_visitors (item_type, item_id, day, visitor)
         select "itemType", "itemId", day, visitor from input
         on conflict do nothing
         returning item_type, item_id, day
       )
       insert into listing_activity_daily (item_type, item_id, day, views)
       select item_type, item_id, day, count(*) from fresh group by item_type, item_id, day
       on conflict (item_type, item_id, day) do update set views = listing_activity_daily.views + excluded.views`;

/** A batch of search impressions and clicks (`[{itemType, itemId, day, impressions, clicks}]`), added to the day's counts. */
export const WRITE_COUNTS_SQL = `insert into listing_activity_daily (item_type, item_id, day, impressions, clicks)
       select "itemType", "itemId", day, impressions, clicks
         from json_to_recordset(?::json) as x("itemType" text, "itemId" uuid, day date, impressions int, clicks int)
       on conflict (item_type, item_id, day) do update
         set impressions = listing_activity_daily.impressions + excluded.impressions,
             clicks = listing_activity_daily.clicks + excluded.clicks`;

/** Forgets the visitors of days before the parameter (a date); answers how many rows went. */
export const PRUNE_VISITORS_SQL = 'with gone as (delete from listing_view_visitors where day < ?::date returning 1) select count(*)::int as n from gone';

/** A listing's recorded activity over its life. */
export interface ActivityTotalsRow {
  item_type: string;
  item_id: string;
  views: number;
  impressions: number;
  clicks: number;
}

/** Views, impressions and clicks per listing of the ids given (a `uuid[]` literal), summed over the days. */
export const ACTIVITY_TOTALS_SQL = `select item_type, item_id, sum(views)::int as views, sum(impressions)::int as impressions, sum(clicks)::int as clicks
         from listing_activity_daily where item_id = any(?::uuid[]) group by item_type, item_id`;
