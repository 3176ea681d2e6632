import { storedCents } from '../../platform/money.js';
import type { ActiveListingRow } from './analytics.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `listedAt` (0 on the first day). */
export const daysListed = (listedAt: Date, now: Date): number => Math.max(0, Math.floor((now.getTime() - listedAt.getTime()) / DAY_MS));

/** `part` as a percentage of `whole`, one decimal, computed on integers; null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/**
 * Conversion over one period: of the listings that ended in it (`ended`), the share that ended sold (`sold`, counted
 * over those same listings), in percent with one decimal; never above 100 (a `sold` beyond `ended` is read as all of
 * them) nor below 0; null when none ended.
 */
export function conversionPercent(sold: number, ended: number): number | null {
  if (ended <= 0) return null;
  return percentOf(Math.min(Math.max(sold, 0), ended), ended);
}

/** The period conversion looks at: the `days` days ending at `now`. */
export const conversionPeriod = (now: Date, days: number): { from: Date; to: Date } => ({ from: new Date(now.getTime() - days * DAY_MS), to: now });

/** How far `price` sits from `median` in percent (one decimal), on integer cents: -12.5 is 12.5 % below. */
export function priceVsMedian(price: string, median: string): number {
  const p = storedCents(price);
  const m = storedCents(median);
  return m ? Math.round(((p - m) * 1000) / m) / 10 : 0;
}

export const ACTIVE_LISTING_SORTS = [
  'title',
  'price',
  'priceVsMedianPercent',
  'daysListed',
  'views',
  'watchers',
  'impressions',
  'clicks',
  'clickThroughPercent',
  'messages',
  'sellerName',
  'categoryName',
] as const;
export type ActiveListingSort = (typeof ACTIVE_LISTING_SORTS)[number];

export interface ActiveListingFilter {
  listingType?: 'part' | 'auction';
  q?: string;
  category?: string;
  condition?: string;
  sellerId?: string;
}

export function filterListings(rows: ActiveListingRow[], filter: ActiveListingFilter): ActiveListingRow[] {
  const q = filter.q?.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!filter.listingType || r.listingType === filter.listingType) &&
      (!q || r.title.toLowerCase().includes(q) || r.sellerName.toLowerCase().includes(q)) &&
      (!filter.category || r.category === filter.category) &&
      (!filter.condition || r.condition === filter.condition) &&
      (!filter.sellerId || r.sellerId === filter.sellerId),
  );
}

const sortValue = (r: ActiveListingRow, field: ActiveListingSort | 'id'): string | number | null =>
  field === 'price' ? storedCents(r.price) : r[field];

/** Sorts by `field` (money by cents, nulls last either way), then by id so pages keep their rows. */
export function sortListings(rows: ActiveListingRow[], field: ActiveListingSort | 'id', direction: 'asc' | 'desc'): ActiveListingRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, field);
    const y = sortValue(b, field);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
      return String(x).localeCompare(String(y)) * sign;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
