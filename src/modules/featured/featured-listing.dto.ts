/**
 * The featured module's answers, declared once here: the server builds them and both front ends read them with
 * `import type`. Declarations only: this file imports nothing.
 */

/** What a placement promotes. */
export type FeaturedListingType = 'part' | 'auction' | 'reverse_auction';

/** Which page a placement is on: the home page (12 slots) or one category's page (8 slots). */
export type FeaturedPlacementType = 'homepage' | 'category';

/** Derived from the dates and the clock: upcoming before the start, expired from the end on, else active. */
export type FeaturedStatus = 'upcoming' | 'active' | 'expired';

/** A photo of a featured listing's card. */
export interface FeaturedImageDto {
  url: string;
  altText: string;
}

/** The part of a featured part card (spec 001 §3: title, description, category, price, location, sellerId). */
export interface FeaturedPartDto {
  id: string;
  title: string;
  description: string;
  category: string;
  categoryName: string | null;
  make: string;
  makeName: string | null;
  condition: string;
  /** Exact money, "1234.50". */
  price: string;
  location: string;
  sellerId: string;
  images: FeaturedImageDto[];
}

/** The auction of a featured auction card. */
export interface FeaturedAuctionDto {
  id: string;
  title: string;
  description: string;
  status: string;
  startingBid: string;
  currentBid: string;
  totalBids: number;
  startTime: string;
  endTime: string;
  images: FeaturedImageDto[];
}

/** The wanted request of a featured reverse-auction card. */
export interface FeaturedReverseAuctionDto {
  id: string;
  title: string;
  description: string;
  status: string;
  partCategory: string;
  maxBudget: string;
  currentLowestBid: string | null;
  totalBids: number;
  startTime: string;
  endTime: string;
  images: FeaturedImageDto[];
}

/** One placement of GET /api/featured-listings: live now, with the listing its card shows. */
export interface PublicFeaturedListingDto {
  id: string;
  listingType: FeaturedListingType;
  position: number;
  placementType: FeaturedPlacementType;
  categoryId: string | null;
  endDate: string;
  part?: FeaturedPartDto;
  auction?: FeaturedAuctionDto;
  reverseAuction?: FeaturedReverseAuctionDto;
}

/** A placement as the console sees it (resource `featured-listings`). */
export interface FeaturedListingDto {
  id: string;
  listingType: FeaturedListingType;
  partId: string | null;
  auctionId: string | null;
  reverseAuctionId: string | null;
  position: number;
  placementType: FeaturedPlacementType;
  categoryId: string | null;
  isActive: boolean;
  startDate: string;
  endDate: string;
  /** What the seller paid (revenue), exact money. */
  price: string;
  notes: string | null;
  /** The admin who booked it. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  status: FeaturedStatus;
  /** The listing can still be shown (a part approved and unsold, an auction or request scheduled or active). */
  listingLive: boolean;
  /** The listing's title, or null when it no longer exists. */
  listingTitle: string | null;
  /** The seller's user id of a part or auction, the buyer's of a request. */
  listingOwnerId: string | null;
  part: FeaturedPartDto | null;
  auction: FeaturedAuctionDto | null;
  reverseAuction: FeaturedReverseAuctionDto | null;
  /** Page views that showed it, and clicks on it. */
  impressions: number;
  clicks: number;
  /** Clicks per impression, 0..1 (0 without impressions). */
  ctr: number;
}

/** Revenue of one month, exact money, by the month the placement starts in. */
export interface FeaturedMonthRevenueDto {
  /** "2026-11" */
  month: string;
  homepage: string;
  category: string;
  total: string;
  placements: number;
}

/** Figures of one page over the report's period. */
export interface FeaturedPageRevenueDto {
  placementType: FeaturedPlacementType;
  categoryId: string | null;
  revenue: string;
  placements: number;
  /** Booked slot-days within the period, and the slot-days the page offered (slots x days). */
  bookedSlotDays: number;
  possibleSlotDays: number;
  /** bookedSlotDays / possibleSlotDays, 0..1. */
  occupancy: number;
  impressions: number;
  clicks: number;
  ctr: number;
}

/** One placement's performance in the revenue report. */
export interface FeaturedPlacementPerformanceDto {
  id: string;
  listingType: FeaturedListingType;
  placementType: FeaturedPlacementType;
  categoryId: string | null;
  position: number;
  startDate: string;
  endDate: string;
  price: string;
  impressions: number;
  clicks: number;
  ctr: number;
}

/** GET /api/admin/featured-revenue?from=YYYY-MM&to=YYYY-MM */
export interface FeaturedRevenueReportDto {
  /** First month and last month of the period (inclusive). */
  from: string;
  to: string;
  /** Days in the period. */
  days: number;
  /** Slots of one page of each kind (12 on the home page, 8 on a category page). */
  slots: { homepage: number; category: number };
  months: FeaturedMonthRevenueDto[];
  pages: FeaturedPageRevenueDto[];
  placements: FeaturedPlacementPerformanceDto[];
  totals: { revenue: string; placements: number; impressions: number; clicks: number; ctr: number };
}
