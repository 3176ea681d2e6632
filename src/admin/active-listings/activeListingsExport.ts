/** Pure helpers of the Active Listings Analysis screen (spec 001 §2 "Analysis screens"). */
import type { ActiveListingRow } from '../../modules/analytics/analytics.dto';

/** Spec 000 §4's part conditions, as the console's filter offers them. */
export const CONDITION_CHOICES = [
  { id: 'new-in-box', name: 'New in Box' },
  { id: 'new-out-of-box', name: 'New (Out of Box)' },
  { id: 'used-excellent', name: 'Used - Excellent' },
  { id: 'used-good', name: 'Used - Good' },
  { id: 'used-poor', name: 'Used - Poor' },
  { id: 'rebuilt', name: 'Rebuilt' },
  { id: 'for-parts', name: 'For Parts Only' },
] as const;

export const conditionName = (id: string): string => CONDITION_CHOICES.find((c) => c.id === id)?.name ?? id;

/** "+12.5%" / "-3%" / "0%": the price against its category's median. */
export function medianText(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

/** The web app page of a listing. */
export const listingHref = (r: Pick<ActiveListingRow, 'listingType' | 'id'>): string => (r.listingType === 'auction' ? `/auctions/${r.id}` : `/parts/${r.id}`);

export const CSV_HEADERS = [
  'Type',
  'Title',
  'Seller',
  'Category',
  'Condition',
  'Location',
  'Description',
  'Price (USD)',
  'Category Median (USD)',
  'Vs Median (%)',
  'Listed',
  'Days Listed',
  'Views',
  'Watchers',
  'Search Impressions',
  'Search Clicks',
  'Click-through (%)',
  'Messages',
  'Bids',
  'Ends',
] as const;

/** One CSV row per listing, in CSV_HEADERS order; a figure that does not exist for the listing is empty. */
export function csvRow(r: ActiveListingRow): Array<string | number> {
  return [
    r.listingType === 'auction' ? 'Auction' : 'Fixed price',
    r.title,
    r.sellerName,
    r.categoryName,
    conditionName(r.condition),
    r.location,
    r.description,
    r.price,
    r.categoryMedian,
    r.priceVsMedianPercent,
    r.listedAt.slice(0, 10),
    r.daysListed,
    r.views,
    r.watchers,
    r.impressions,
    r.clicks,
    r.clickThroughPercent === null ? '' : r.clickThroughPercent,
    r.messages,
    r.bids === null ? '' : r.bids,
    r.endTime ? r.endTime.slice(0, 16).replace('T', ' ') : '',
  ];
}

/** "active-listings-2026-11-24" (downloadCSV adds ".csv"); the date is the UTC calendar day. */
export function csvFileName(now: Date): string {
  return `active-listings-${now.toISOString().slice(0, 10)}`;
}
