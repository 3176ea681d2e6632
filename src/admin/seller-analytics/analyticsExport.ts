/** Pure helpers of the Seller Analytics & Performance screen (spec 001 §2 "Analysis screens"). */
import type { SellerPerformanceRow as SellerAnalyticsRow } from '../../modules/analytics/analytics.dto';
import { CONVERSION_PERIOD_DAYS } from '../../modules/analytics/analytics.messages';

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The band of a seller's real rating, as the server banded it (reputation.rules.ts); "No reviews" until someone reviewed them. */
export function bandOf(r: Pick<SellerAnalyticsRow, 'reviews' | 'ratingBand'>): string {
  return r.reviews === 0 || !r.ratingBand ? 'No reviews' : r.ratingBand;
}

/** The rating as shown ("4.6"), or "—" without reviews. */
export function ratingText(r: Pick<SellerAnalyticsRow, 'reviews' | 'rating'>): string {
  return r.reviews === 0 ? '—' : r.rating.toFixed(1);
}

export const CSV_HEADERS = [
  'Business Name',
  'Location',
  'Approved',
  'Parts Listed',
  'Active Parts',
  'Sold',
  'Revenue (USD)',
  'Rating',
  'Rating Band',
  'Reviews',
  'Reputation Points',
  'Level',
  'Listing Views',
  `Listings Ended (last ${CONVERSION_PERIOD_DAYS} days)`,
  `Sold of Those (last ${CONVERSION_PERIOD_DAYS} days)`,
  `Conversion (%, last ${CONVERSION_PERIOD_DAYS} days)`,
  'Conversations',
  'Answered',
  'Median Response (minutes)',
] as const;

/** The conversion as shown ("50%"), or "—" when no listing ended in the period. */
export function conversionText(r: Pick<SellerAnalyticsRow, 'conversionPercent'>): string {
  return r.conversionPercent === null ? '—' : `${r.conversionPercent}%`;
}

/** What the conversion of one seller is made of: "1 sold of 2 listings that ended in the last 90 days". */
export function conversionDetail(r: Pick<SellerAnalyticsRow, 'endedListings' | 'soldListings'>): string {
  if (!r.endedListings) return `No listing ended in the last ${CONVERSION_PERIOD_DAYS} days`;
  return `${r.soldListings} sold of ${r.endedListings} listing${r.endedListings === 1 ? '' : 's'} that ended in the last ${CONVERSION_PERIOD_DAYS} days`;
}

/** A median response time as shown: "45 min", "3.5 h", "2.0 d", or "—" before the first answer. */
export function responseText(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} d`;
}

/** One CSV row per seller, in CSV_HEADERS order. */
export function csvRow(r: SellerAnalyticsRow): Array<string | number> {
  const revenue = num(r.revenue);
  return [
    r.businessName,
    [r.businessCity, r.businessState].filter(Boolean).join(', '),
    r.approvedAt ? r.approvedAt.slice(0, 10) : '',
    r.partsListed,
    r.activeParts,
    r.soldCount,
    revenue === null ? '' : revenue.toFixed(2),
    ratingText(r) === '—' ? '' : ratingText(r),
    bandOf(r),
    r.reviews,
    r.reputationPoints,
    r.levelName,
    r.listingViews,
    r.endedListings,
    r.soldListings,
    r.conversionPercent === null ? '' : r.conversionPercent,
    r.conversations,
    r.answeredConversations,
    r.responseMedianMinutes === null ? '' : r.responseMedianMinutes,
  ];
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a header line; lines end with CRLF. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** "seller-analytics-2025-01-30" (downloadCSV adds ".csv"); the date is the UTC calendar day. */
export function csvFileName(now: Date): string {
  return `seller-analytics-${now.toISOString().slice(0, 10)}`;
}
