import { incrementAt, minimumNextBid } from './proxy-engine.js';
import type { AuctionRow } from './auction.repository.js';
import type { PricingSettings } from './auction-settings.schemas.js';

/** The auction rules the pages and the bid path share, pure: increments, minimum, reserve, Buy It Now, masked names. */

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
