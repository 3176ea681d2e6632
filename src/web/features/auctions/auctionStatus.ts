import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { ENDING_VERY_SOON_MS, msRemaining } from './auctionRules';

/**
 * The one vocabulary of an auction's status in the web app (issue 34): the auction list, its page, the seller
 * dashboard and My Auctions all show these words, from `auctionDisplayStatus`, in these colours. The words are
 * the spec's (000 "Live Auctions" badge and "Auction detail"): Scheduled before bidding opens, Active while it
 * runs, Ending Soon in its last hour, Ended once over; Pending for the spec's pending status and Cancelled for one
 * the seller or an admin called off (only they see it).
 */
export type AuctionDisplayStatus = 'Scheduled' | 'Pending' | 'Active' | 'Ending Soon' | 'Ended' | 'Cancelled';

/** An auction's display status at `now`: the server's status, with the clock deciding Ended and Ending Soon. */
export function auctionDisplayStatus(auction: Pick<AuctionDto, 'status' | 'endTime'>, now: number): AuctionDisplayStatus {
  if (auction.status === 'cancelled') return 'Cancelled';
  const left = msRemaining(auction.endTime, now);
  if (auction.status === 'ended' || left <= 0) return 'Ended';
  // Spec 000: Ending Soon under 1 hour.
  if (auction.status === 'active') return left < ENDING_VERY_SOON_MS ? 'Ending Soon' : 'Active';
  if (auction.status === 'pending') return 'Pending';
  return 'Scheduled';
}

/**
 * The badge colours: opaque, so a badge over a photo reads the same, and each pair at WCAG AA or better for small
 * bold text (contrast: Scheduled 8.1, Pending 8.7, Active 6.8, Ending Soon 5.9, Ended 13.3, Cancelled 7.6 to 1).
 */
export const AUCTION_STATUS_BADGE_CLASS: Readonly<Record<AuctionDisplayStatus, string>> = {
  Scheduled: 'border-blue-200 bg-blue-50 text-blue-800',
  Pending: 'border-amber-200 bg-amber-50 text-amber-900',
  Active: 'border-green-200 bg-green-50 text-green-800',
  'Ending Soon': 'border-racing bg-racing text-white',
  Ended: 'border-gray-300 bg-gray-100 text-gray-800',
  Cancelled: 'border-red-200 bg-red-50 text-red-800',
};

/** The status filter's choices on /auctions, in the same words (the server's status values). */
export const AUCTION_STATUS_FILTERS: ReadonlyArray<{ value: 'all' | AuctionDto['status']; label: string }> = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'ended', label: 'Ended' },
];
