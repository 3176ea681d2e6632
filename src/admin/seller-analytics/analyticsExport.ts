/** Pure helpers of the Seller Analytics & Performance screen (spec 001 §2 "Analysis screens"). */

export interface SellerAnalyticsRecord {
  id: string;
  businessName: string;
  businessCity?: string | null;
  businessState?: string | null;
  approvedAt?: string | null;
  partsListed: number;
  activeParts: number;
  soldCount: number;
  /** Decimal string ("1234.50"). */
  revenue: string | number;
  rating?: number | string | null;
  overallRating?: number | string | null;
  ratingBand?: string | null;
  reviews?: number | null;
  totalReviews?: number | null;
  reputationPoints: number;
  level?: number | null;
  levelName: string;
}

export type RatingBand = 'Excellent' | 'Good' | 'Average' | 'Poor';

/** 4.5 and up Excellent, 4 and up Good, 3.5 and up Average, else Poor. */
export function ratingBand(rating: number): RatingBand {
  if (rating >= 4.5) return 'Excellent';
  if (rating >= 4) return 'Good';
  if (rating >= 3.5) return 'Average';
  return 'Poor';
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

export const reviewCount = (r: SellerAnalyticsRecord): number => num(r.reviews ?? r.totalReviews) ?? 0;
export const ratingOf = (r: SellerAnalyticsRecord): number | null => num(r.rating ?? r.overallRating);

/** The band of a seller's real rating; "No reviews" until someone reviewed them. */
export function bandOf(r: SellerAnalyticsRecord): string {
  const rating = ratingOf(r);
  if (reviewCount(r) === 0 || rating === null) return 'No reviews';
  return r.ratingBand ?? ratingBand(rating);
}

/** The rating as shown ("4.6"), or "—" without reviews. */
export function ratingText(r: SellerAnalyticsRecord): string {
  const rating = ratingOf(r);
  return reviewCount(r) === 0 || rating === null ? '—' : rating.toFixed(1);
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
] as const;

/** One CSV row per seller, in CSV_HEADERS order. */
export function csvRow(r: SellerAnalyticsRecord): Array<string | number> {
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
    reviewCount(r),
    r.reputationPoints,
    r.levelName,
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
