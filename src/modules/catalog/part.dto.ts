/**
 * The catalog API's answers, declared once here: the server builds them (part.mapper.ts, the services) and both
 * front ends read them with `import type`. Declarations only: this file imports nothing, so it type-checks
 * under tsconfig.web.json too.
 */

export interface PartImageDto {
  url: string;
  altText: string;
  isPrimary: boolean;
  thumbnailUrl?: string;
}

export interface FitmentDto {
  id: string;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
  transmission: string | null;
  notes: string | null;
}

/**
 * What buyers reported after delivery about one vehicle (make, model and engine; reports without an engine are their
 * own line), over the reports of this listing and of every listing with the same normalised part number. Years
 * span the reports' vehicles. Counts: `confirmed` fitted as is, `withModification` fitted after changes,
 * `didNotFit` did not fit.
 */
export interface FitmentEvidenceDto {
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
  confirmed: number;
  withModification: number;
  didNotFit: number;
}

/** What a part number is (issue 35): the maker's, cast into the part, one it replaces, or another maker's. */
export type PartNumberKind = 'oem' | 'casting' | 'supersedes' | 'aftermarket';

/** One of a part's numbers besides `partNumber`, as the seller typed it. */
export interface PartNumberDto {
  number: string;
  kind: PartNumberKind;
}

/** A part as the API returns it; `price` and `originalPrice` are decimal strings ("1234.50"). */
export interface PartDto {
  id: string;
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  condition: string;
  category: string;
  categoryName: string | null;
  make: string;
  makeName: string | null;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  partNumber: string | null;
  /** The part's other numbers (oem, casting, supersedes, aftermarket), in the seller's order. */
  partNumbers: PartNumberDto[];
  /**
   * On a search page only: the part was found through an interchange group, not by its own number; this is the
   * searched number it is interchangeable with ("Interchangeable: same as 3932441").
   */
  interchangeableWith?: string;
  location: string;
  images: PartImageDto[];
  sellerId: string;
  sellerName: string | null;
  isVerified: boolean;
  isFeatured: boolean;
  isActive: boolean;
  isApproved: boolean;
  approvedBy: string | null;
  approvedAt: string | null;
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The seller marked it sold elsewhere (it is then inactive); `soldAt` says when. */
  isSold: boolean;
  soldAt: string | null;
  /**
   * The open (scheduled or active) auction holding the part, else null: while there is one, the part is sold only
   * through that auction, not at its fixed price.
   */
  activeAuctionId: string | null;
  vehicleCompatibility: FitmentDto[];
  /** Buyers' fitment reports (GET /api/parts/{id} only; absent in lists): see FitmentEvidenceDto. */
  fitmentEvidence?: FitmentEvidenceDto[];
}

/** GET /api/categories */
export interface CategoryDto {
  id: string;
  name: string;
  slug: string;
  icon: string;
  parentId: string | null;
}

/** GET /api/makes */
export interface MakeDto {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
}

/** One category's or make's line of GET /api/parts/facets: its slug, name and count of matches. */
export interface FacetCountDto {
  slug: string;
  name: string;
  count: number;
}

/**
 * One decade of GET /api/parts/facets (`{ decade: 1960, label: '1960s', count }`): the matches whose years
 * (yearStart..yearEnd) overlap it. A listing spanning several decades counts in each; one without years in none.
 */
export interface YearFacetDto {
  decade: number;
  label: string;
  count: number;
}

/**
 * One price band of GET /api/parts/facets, in integer cents: the matches priced at least `minCents` and below
 * `maxCents` (null: no upper end). The search's maxPrice is inclusive, so the band is minPrice = minCents / 100,
 * maxPrice = (maxCents - 1) / 100.
 */
export interface PriceFacetDto {
  minCents: number;
  maxCents: number | null;
  label: string;
  count: number;
}

/**
 * GET /api/parts/facets: the count of matches (as X-Total-Count and X-Total-Count-Exact say it on GET /api/parts),
 * and matches per category, make, decade of fitment years and price band (bands without matches left out), each
 * facet ignoring its own filter and applying the others. Facets count among the first bound + 1 matches each reads
 * (SEARCH_COUNT_BOUND): `exact` is true when every facet read all its matches, else each count is a lower bound.
 */
export interface PartFacetsDto {
  total: number;
  totalExact: boolean;
  categories: FacetCountDto[];
  makes: FacetCountDto[];
  /** By decade, oldest first. */
  years: YearFacetDto[];
  /** By band, cheapest first. */
  prices: PriceFacetDto[];
  exact: boolean;
  /** The query as searched after typo correction, when it differs from what was typed. */
  correctedQuery: string | null;
}

/** POST /api/uploads: the stored photo's web copy and thumbnail, and the web copy's size in pixels. */
export interface UploadDto {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** A watchlist entry with the facts of its part the watchlist page shows (GET /api/watchlist). */
export interface WatchlistEntryDto {
  id: string;
  partId: string;
  userId: string;
  partTitle: string;
  partDescription: string;
  partPrice: string;
  partCategory: string;
  partCondition: string;
  partLocation: string;
  /** The part's primary photo, for the card (not in the spec's list of fields: an addition). */
  partImage: PartImageDto | null;
  /** The part is still listed (active and approved). */
  isPartAvailable: boolean;
  createdAt: string;
}
