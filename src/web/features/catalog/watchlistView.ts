import type { WatchlistEntryDto } from '../../../modules/catalog/part.dto';

export const WATCHLIST_SORTS = [
  { value: 'date', label: 'Date Added' },
  { value: 'title', label: 'Title A-Z' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
] as const;
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number]['value'];

export interface WatchlistView {
  search: string;
  /** A category slug, or "all". */
  category: string;
  sort: WatchlistSort;
}

/** A decimal string ("1234.50") as integer cents; 0 when it is not a number. */
export function toCents(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

const byNewest = (a: WatchlistEntryDto, b: WatchlistEntryDto) => b.createdAt.localeCompare(a.createdAt);

/** The entries matching the search text and category, in the chosen order. */
export function applyWatchlistView(entries: readonly WatchlistEntryDto[], view: WatchlistView): WatchlistEntryDto[] {
  const text = view.search.trim().toLowerCase();
  const matches = entries.filter(
    (e) =>
      (view.category === 'all' || e.partCategory === view.category) &&
      (!text || e.partTitle.toLowerCase().includes(text) || e.partDescription.toLowerCase().includes(text)),
  );
  const sorted = [...matches];
  switch (view.sort) {
    case 'title':
      sorted.sort((a, b) => a.partTitle.localeCompare(b.partTitle, 'en-US') || byNewest(a, b));
      break;
    case 'price-asc':
      sorted.sort((a, b) => toCents(a.partPrice) - toCents(b.partPrice) || byNewest(a, b));
      break;
    case 'price-desc':
      sorted.sort((a, b) => toCents(b.partPrice) - toCents(a.partPrice) || byNewest(a, b));
      break;
    default:
      sorted.sort(byNewest);
  }
  return sorted;
}

/** The summary: how many parts are watched, how many are still available, and their total value in cents. */
export function watchlistSummary(entries: readonly WatchlistEntryDto[]): { count: number; available: number; totalCents: number } {
  return {
    count: entries.length,
    available: entries.filter((e) => e.isPartAvailable).length,
    totalCents: entries.reduce((sum, e) => sum + toCents(e.partPrice), 0),
  };
}
