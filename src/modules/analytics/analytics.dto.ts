import type { SellerAnalyticsRow } from '../sellers/seller.dto.js';

/** One live listing in the console's Active Listings Analysis: every figure is recorded, none estimated. */
export interface ActiveListingRow {
  /** The part's or the auction's id. */
  id: string;
  listingType: 'part' | 'auction';
  partId: string;
  title: string;
  sellerId: string;
  sellerName: string;
  category: string;
  categoryName: string;
  condition: string;
  /** Where the part is (the seller's text), and its description (spec 001 §3 "Part (analysis)"). */
  location: string;
  description: string;
  /** Always true and false here: only live listings are analysed (approved, on sale, unsold); kept for the spec's shape. */
  isApproved: boolean;
  isSold: boolean;
  /** The fixed price, or the auction's current bid (its starting bid before the first bid). */
  price: string;
  /** The median fixed price of the live parts of the same category and condition. */
  categoryMedian: string;
  /** How far the price sits from that median, in percent (one decimal): -12.5 is 12.5 % below. */
  priceVsMedianPercent: number;
  listedAt: string;
  daysListed: number;
  /** Page views, once per visitor per day, since the listing went live. */
  views: number;
  watchers: number;
  /** Times the listing was shown in search results, and opened from them. */
  impressions: number;
  clicks: number;
  /** clicks / impressions in percent (one decimal); null before the first impression. */
  clickThroughPercent: number | null;
  /** Messages buyers sent the seller about the listing. */
  messages: number;
  /** Bids so far (auctions); null for a fixed-price part. */
  bids: number | null;
  /** When the auction ends; null for a fixed-price part. */
  endTime: string | null;
}

/** Seller Analytics & Performance: the sellers module's figures and what buyers did with the seller's listings. */
export interface SellerPerformanceRow extends SellerAnalyticsRow {
  /** Page views of the seller's live listings since each went live. */
  listingViews: number;
  /**
   * Of the seller's fixed-price listings that ended in the last CONVERSION_PERIOD_DAYS days (analytics.messages.ts),
   * the share that ended sold, in percent (one decimal, never above 100); null when none ended in the period.
   */
  conversionPercent: number | null;
  /** Those listings: how many ended in the period (sold or withdrawn), and how many of them were sold. */
  endedListings: number;
  soldListings: number;
  /** Conversations buyers started with the seller, and how many the seller answered. */
  conversations: number;
  answeredConversations: number;
  /** The median minutes from a buyer's first message to the seller's answer; null when none was answered. */
  responseMedianMinutes: number | null;
}

/** The answer of POST /api/analytics/events. */
export interface ListingActivityAcceptedDto {
  accepted: number;
}
