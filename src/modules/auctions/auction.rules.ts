import { incrementAt, minimumNextBid } from './proxy-engine.js';
import type { AuctionRow } from './auction.row.js';
import type { PricingSettings } from './auction-settings.schemas.js';
import type { PartDto } from '../catalog/index.js';

/**
 * The auction rules the pages, the scheduling and the bid path share, pure: which parts may be auctioned,
 * increments, minimum, reserve, Buy It Now, masked names.
 */

/**
 * How long an auction's winner has to pay: payments cancels an unpaid auction order after this (its
 * ORDER_TIMES.auctionPayWindow is this value), and the winner's notice names the deadline.
 */
export const WINNER_PAY_WINDOW_MS = 48 * 60 * 60 * 1000;

/** A moment as mails and notices write it for people: "Nov 27, 2026, 11:11 PM UTC". */
export function peopleTime(at: Date): string {
  return `${at.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

export const AUCTION_MESSAGES = {
  notSeller: 'Only approved sellers can schedule auctions',
  partNotFound: 'Part not found',
  notOwnPart: 'You can only auction your own parts',
  partInactive: 'This part is no longer listed',
  partPending: 'This part is still waiting for review: it can be auctioned once it is approved',
  partRejected: 'This part was not approved, so it cannot be auctioned',
  partSold: 'This part has been sold',
  partInAuction: 'This part already has a scheduled or active auction',
  startFuture: 'Start time must be in the future',
  endAfterStart: 'End time must be after start time',
  reserveNotAllowed: 'Reserve prices are not allowed',
  reserveRequired: 'Reserve price is required for a reserve auction',
  reserveBelowStart: 'Reserve price must be at least the starting bid',
  binNotAllowed: 'Buy It Now is not allowed',
  binBelowReserve: 'Buy It Now price must be at least the reserve price',
  ended: 'This auction has ended',
} as const;

/**
 * Why `part` cannot go into an auction, or null: it must be approved, live and unsold, and under no other open
 * auction (the database holds the last rule; this names it first). Ownership is the caller's check.
 */
export function auctionRefusal(
  part: Pick<PartDto, 'isActive' | 'isApproved' | 'isSold' | 'rejectionReason' | 'activeAuctionId'>,
): { kind: 'invalid' | 'conflict'; code: string; message: string } | null {
  if (part.isSold) return { kind: 'conflict', code: 'part_sold', message: AUCTION_MESSAGES.partSold };
  if (!part.isActive) return { kind: 'invalid', code: 'part_inactive', message: AUCTION_MESSAGES.partInactive };
  if (!part.isApproved) {
    return part.rejectionReason
      ? { kind: 'invalid', code: 'part_rejected', message: AUCTION_MESSAGES.partRejected }
      : { kind: 'invalid', code: 'part_pending', message: AUCTION_MESSAGES.partPending };
  }
  if (part.activeAuctionId) return { kind: 'conflict', code: 'part_in_auction', message: AUCTION_MESSAGES.partInAuction };
  return null;
}

/** The auction's own increment, or null for eBay's table. */
export const ownIncrement = (a: AuctionRow): number | null => (a.bidIncrement > 0 ? a.bidIncrement : null);

export function nextMinimum(a: AuctionRow): number {
  return minimumNextBid({
    startingBidCents: a.startingBid,
    incrementCents: ownIncrement(a),
    currentBidCents: a.currentBid,
    totalBids: a.totalBids,
  });
}
export const incrementNow = (a: AuctionRow) => incrementAt(a.currentBid, ownIncrement(a));

export const reserveMet = (a: AuctionRow): boolean => a.reservePrice === null || (a.totalBids > 0 && a.currentBid >= a.reservePrice);

/** Whether Buy It Now can be used now (see docs/decisions/auctions.md, Auctions). */
export function buyItNowAvailable(a: AuctionRow, pricing: PricingSettings, now: Date): boolean {
  if (a.buyItNowPrice === null || !pricing.allowBuyItNow) return false;
  if (a.status !== 'active' || now.getTime() >= a.endTime.getTime()) return false;
  if (pricing.autoRemoveBinAfterBids && a.totalBids > 0) return false;
  if (a.reservePrice !== null && a.totalBids > 0 && a.currentBid >= a.reservePrice) return false;
  return a.currentBid < a.buyItNowPrice;
}

/** "jane_doe" -> "j***e". */
export function maskName(username: string): string {
  if (username.length <= 1) return `${username}***`;
  return `${username[0]}***${username[username.length - 1]}`;
}
