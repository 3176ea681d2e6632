import type { FeaturedStatus } from './featured-listing.dto.js';

/** Spec 001 §2: upcoming before the start, expired from the end on (the run is [start, end)), else active. */
export function featuredStatus(startDate: Date, endDate: Date, now: Date): FeaturedStatus {
  if (now.getTime() < startDate.getTime()) return 'upcoming';
  if (now.getTime() >= endDate.getTime()) return 'expired';
  return 'active';
}

/** The facts of a listing that decide whether it may be featured. */
export type ListingFacts =
  | { type: 'part'; part: { isActive: boolean; isApproved: boolean; isSold: boolean } }
  | { type: 'auction' | 'reverse_auction'; status: string; endTime: string };

/**
 * A part is live while listed (active), approved and unsold; an auction or wanted request while scheduled or
 * active and not past its end (its end job may not have run yet).
 */
export function isListingLive(facts: ListingFacts, now: Date): boolean {
  if (facts.type === 'part') return facts.part.isActive && facts.part.isApproved && !facts.part.isSold;
  return (facts.status === 'scheduled' || facts.status === 'active') && new Date(facts.endTime).getTime() > now.getTime();
}

/** Why a listing cannot be booked, by type (the field error of its reference). */
export const NOT_LIVE_MESSAGES = {
  part: 'Part must be approved and not sold',
  auction: 'Auction must be scheduled or active',
  reverse_auction: 'Reverse auction must be scheduled or active',
} as const;

export const NOT_FOUND_MESSAGES = {
  part: 'Part not found',
  auction: 'Auction not found',
  reverse_auction: 'Reverse auction not found',
} as const;

/** Clicks per impression, 0 without impressions, rounded to 4 decimals. */
export const clickThroughRate = (impressions: number, clicks: number): number =>
  impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : 0;

/** An instant as the clash message shows it: "2026-12-01 00:00 UTC". */
export const clashDate = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The page of a placement as messages name it. */
export const pageName = (placementType: string): string => (placementType === 'category' ? 'this category page' : 'the home page');
