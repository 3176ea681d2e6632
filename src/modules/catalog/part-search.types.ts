import type { Condition } from './part.entity.js';
import type { PartRow } from './part-read.sql.js';
import type { VehicleFilter } from './vehicle-filter.port.js';

// The catalog search's limits and shapes (PartSearch in part-search.sql.ts runs them).

/** A relevance search with at most this many matches ranks them all (see rankOf) as they are found. */
export const RANK_ALL_LIMIT = 2000;
/** With more matches, only this many of the newest are ranked; the rest follow, newest first. */
export const RANK_CANDIDATES = 500;
/**
 * A text remembered as matching more than RANK_ALL_LIMIT parts is counted again (every match read) when it was
 * last counted longer ago than this; in between, its first pages come from the newest parts' table (commonRanked).
 */
export const COMMON_RECHECK_MS = 60_000;
/** Counts are exact up to this many matches; past it a search says "at least this many" (COUNT_BOUND+). */
export const COUNT_BOUND = 1000;

/** Which listings a search may return. */
export type Visibility =
  /** approved and active: everyone */
  | 'public'
  /** active in any approval state: admins searching the catalog */
  | 'active'
  /** active in any approval state, or sold: a seller's own listings, and an admin's view of one seller's */
  | 'listed';

export interface SearchFilters {
  visibility: Visibility;
  category?: string;
  make?: string;
  yearFrom?: number;
  yearTo?: number;
  sellerId?: string;
  condition?: Condition;
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Only parts with an entry that fits this vehicle (GET /api/parts?fitsVehicle=): see VehicleFilter. */
  fitsVehicle?: VehicleFilter;
}

/** How a page is asked for: `limit` rows after `offset` skipped ones, or after the cursor's key values. */
export interface PageRequest {
  limit: number;
  offset: number;
  /** The decoded cursor (decodeCursor) of the last row of the page before, or null. */
  after: string[] | null;
}

/** A page of search results, with the count of matches up to the bound and the cursor of the page after it. */
export interface SearchResults {
  rows: PartRow[];
  total: number;
  /** False when there were more than `total` matches and the count stopped there. */
  exact: boolean;
  /** The cursor of the page's last row when more rows follow it, else null. */
  next: string | null;
  /** The page's parts found through an interchange group rather than by their own number or text (tierOf). */
  interchangeIds: string[];
}
