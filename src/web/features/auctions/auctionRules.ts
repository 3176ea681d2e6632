import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { clockMs, formatMinutesSeconds, isFinalHour } from '../../lib/format';

/** Spec 000 §9: "ending soon" thresholds and the Recently Added window. */
export const HOUR_MS = 60 * 60 * 1000;
export const ENDING_SOON_MS = 24 * HOUR_MS;
export const ENDING_VERY_SOON_MS = HOUR_MS;
export const RECENTLY_ADDED_MS = 24 * HOUR_MS;
export const BID_HISTORY_ROWS = 10;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function timeOf(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Milliseconds until `endTime` (0 once passed; 0 for an unreadable time). */
export function msRemaining(endTime: string, now: number): number {
  const end = timeOf(endTime);
  return Number.isFinite(end) ? Math.max(0, end - now) : 0;
}

/**
 * Spec 000 "Auction detail": days and hours, else hours and minutes ("2d 5h", "3h 12m"); under an hour minutes and
 * seconds ("12m 05s", "45s": issue 34, the clock ticks every second then); "Ended" once no time remains.
 */
export function formatTimeRemaining(endTime: string, now: number): string {
  const remaining = msRemaining(endTime, now);
  if (remaining <= 0) return 'Ended';
  if (isFinalHour(remaining)) return formatMinutesSeconds(remaining);
  const left = clockMs(remaining);
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `${days}d ${hours}h`;
  return `${hours}h ${minutes}m`;
}

export type ClockUrgency = 'normal' | 'soon' | 'critical' | 'over';

/** UI.md: the clock turns red under 24 hours and pulses under 1 hour. */
export function clockUrgency(endTime: string, now: number): ClockUrgency {
  const left = msRemaining(endTime, now);
  if (left <= 0) return 'over';
  if (left < ENDING_VERY_SOON_MS) return 'critical';
  if (left < ENDING_SOON_MS) return 'soon';
  return 'normal';
}

/** The times and status an auction's clock reads: the auction itself, or a featured card's copy of it. */
export type ClockedAuction = { status: string; startTime: string; endTime: string };

/**
 * The moment an auction's clock counts to: a scheduled auction whose start is still ahead counts to its start
 * ("starts"); every other auction, a scheduled one whose start has passed included (the start job may not have run
 * yet), to its end ("ends"). Decided on the ticking `now`, so an open page passes from one to the other by itself.
 */
export function clockTarget(auction: ClockedAuction, now: number): { phase: 'starts' | 'ends'; at: string } {
  if (auction.status === 'scheduled' && msRemaining(auction.startTime, now) > 0) return { phase: 'starts', at: auction.startTime };
  return { phase: 'ends', at: auction.endTime };
}

/** The words before a scheduled auction's countdown to its start: "Starts in 2d 5h". */
export const STARTS_IN = 'Starts in';

export interface ClockReading {
  phase: 'starts' | 'ends';
  /** "Starts in 2d 5h" before the start; "2d 5h", "12m 05s" or "Ended" for the end. */
  text: string;
  /** The end's urgency; a countdown to the start is always 'normal' (red and the pulse mean "ending"). */
  urgency: ClockUrgency;
}

/** What an auction clock shows at `now`: the countdown to the start while it is scheduled, else the time left. */
export function auctionClockReading(auction: ClockedAuction, now: number): ClockReading {
  const target = clockTarget(auction, now);
  if (target.phase === 'starts') return { phase: 'starts', text: `${STARTS_IN} ${formatTimeRemaining(target.at, now)}`, urgency: 'normal' };
  return { phase: 'ends', text: formatTimeRemaining(target.at, now), urgency: clockUrgency(target.at, now) };
}

export type DetailStatus = 'Active' | 'Ended' | 'Scheduled';

/**
 * Spec 000 "Auction detail": Active when active and time remains; Ended when ended (or cancelled) or time up; else
 * Scheduled. What the bid box allows follows it; the badge shows `auctionDisplayStatus` (auctionStatus.ts).
 */
export function detailStatus(auction: Pick<AuctionDto, 'status' | 'endTime'>, now: number): DetailStatus {
  const timeLeft = msRemaining(auction.endTime, now) > 0;
  if (auction.status === 'ended' || auction.status === 'cancelled' || !timeLeft) return 'Ended';
  if (auction.status === 'active') return 'Active';
  return 'Scheduled';
}

/** Running (active, time left) and ending within 24 hours: the Ending Soon tab and tile (a scheduled auction is not). */
export function isEndingSoon(auction: Pick<AuctionDto, 'status' | 'endTime'>, now: number): boolean {
  const left = msRemaining(auction.endTime, now);
  return auction.status === 'active' && left > 0 && left < ENDING_SOON_MS;
}

/** Created within the last 24 hours. */
export function isRecentlyAdded(auction: Pick<AuctionDto, 'createdAt'>, now: number): boolean {
  const created = timeOf(auction.createdAt);
  return Number.isFinite(created) && now - created >= 0 && now - created < RECENTLY_ADDED_MS;
}

export type AuctionTab = 'all' | 'ending-soon' | 'recent';

/** The auctions a list tab shows, in the order loaded. */
export function filterByTab<T extends Pick<AuctionDto, 'status' | 'endTime' | 'createdAt'>>(
  auctions: T[],
  tab: AuctionTab,
  now: number,
): T[] {
  if (tab === 'ending-soon') return auctions.filter((a) => isEndingSoon(a, now));
  if (tab === 'recent') return auctions.filter((a) => isRecentlyAdded(a, now));
  return auctions;
}

export interface AuctionStats {
  active: number;
  endingSoon: number;
  totalBids: number;
  watchers: number;
}

/** The stat cards of /auctions, computed from the loaded auctions. */
export function auctionStats(auctions: AuctionDto[], now: number): AuctionStats {
  let active = 0;
  let endingSoon = 0;
  let totalBids = 0;
  let watchers = 0;
  for (const a of auctions) {
    if (detailStatus(a, now) === 'Active') active += 1;
    if (isEndingSoon(a, now)) endingSoon += 1;
    totalBids += Number(a.totalBids) || 0;
    watchers += Number(a.watchers) || 0;
  }
  return { active, endingSoon, totalBids, watchers };
}

/** The offset of the next page (`total` from X-Total-Count), or undefined when the last page was empty or everything is loaded. */
export function nextOffset(offset: number, received: number, total: number): number | undefined {
  const next = offset + received;
  return received > 0 && next < total ? next : undefined;
}

/** Amount in integer cents, or null when it is not a number. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The lowest acceptable next bid in cents: the server's figure (its nextMinimum rule decides, spec 000 §4). */
export function minimumNextBidCents(auction: Pick<AuctionDto, 'minimumNextBid'>): number {
  return toCents(auction.minimumNextBid) ?? 0;
}

/**
 * The headline amount: the current bid once there are bids, else the starting bid. The auction page, the seller
 * dashboard and My Auctions all show this one price.
 */
export function headlinePrice(auction: Pick<AuctionDto, 'totalBids' | 'currentBid' | 'startingBid'>): {
  label: 'Current bid' | 'Starting bid';
  amount: string;
} {
  // A zero current bid never shows as the price ("$0.00"): without a real bid the starting bid is the price.
  return Number(auction.totalBids) > 0 && (toCents(auction.currentBid) ?? 0) > 0
    ? { label: 'Current bid', amount: auction.currentBid }
    : { label: 'Starting bid', amount: auction.startingBid };
}

export type BidCheck = { ok: true; cents: number } | { ok: false; title: 'Invalid Bid'; message: string };

/** Client check before placing a bid: a number at or above the minimum next bid. */
export function checkBidAmount(input: string, minimumCents: number, formatMoney: (dollars: number) => string): BidCheck {
  const text = input.trim();
  const n = text === '' ? Number.NaN : Number(text);
  const cents = Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
  if (!Number.isFinite(cents) || cents < minimumCents) {
    return { ok: false, title: 'Invalid Bid', message: `Minimum bid is ${formatMoney(minimumCents / 100)}` };
  }
  return { ok: true, cents };
}

/** The optional proxy maximum: blank is none; otherwise it must be a number at or above the bid. */
export function checkMaxBid(input: string, bidCents: number, formatMoney: (dollars: number) => string): BidCheck | null {
  const text = input.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || Math.round(n * 100) < bidCents) {
    return { ok: false, title: 'Invalid Bid', message: `Maximum bid must be at least ${formatMoney(bidCents / 100)}` };
  }
  return { ok: true, cents: Math.round(n * 100) };
}

export interface ReserveInfo {
  shown: boolean;
  /** The reserve amount when the server reveals it. */
  reservePrice: string | null;
  met: boolean;
}

/**
 * Spec 000: the reserve is shown only for auctionType reserve with a reserve price; "Reserve Met" when the
 * current bid is at or above it. When the server hides the amount but says whether it is met, that is shown.
 */
export function reserveInfo(auction: Pick<AuctionDto, 'auctionType' | 'reservePrice' | 'reserveMet' | 'currentBid'>): ReserveInfo {
  if (auction.auctionType !== 'reserve') return { shown: false, reservePrice: null, met: false };
  const reserve = toCents(auction.reservePrice);
  if (reserve !== null && reserve > 0) {
    const current = toCents(auction.currentBid) ?? 0;
    return { shown: true, reservePrice: auction.reservePrice ?? null, met: auction.reserveMet ?? current >= reserve };
  }
  if (typeof auction.reserveMet === 'boolean') return { shown: true, reservePrice: null, met: auction.reserveMet };
  return { shown: false, reservePrice: null, met: false };
}

/** Buy It Now is offered while the auction runs, has a price, and the server has not withdrawn it. */
export function canBuyItNow(auction: Pick<AuctionDto, 'buyItNowPrice' | 'buyItNowAvailable' | 'status' | 'endTime'>, now: number): boolean {
  const price = toCents(auction.buyItNowPrice);
  if (price === null || price <= 0) return false;
  if (auction.buyItNowAvailable === false) return false;
  return detailStatus(auction, now) === 'Active';
}

/** The photos of an auction as {url, alt, thumb}, the alt text falling back to the title. */
export function auctionPhotos(auction: Pick<AuctionDto, 'images' | 'title'>): Array<{ url: string; alt: string; thumb: string }> {
  return auction.images
    .map((image, index) => ({
      url: image.url,
      alt: image.altText || `${auction.title} photo ${index + 1}`,
      thumb: image.thumbnailUrl || image.url,
    }))
    .filter((p) => Boolean(p.url));
}

/** Spec 000 §5 short auction condition labels. */
const SHORT_CONDITION: Record<string, string> = {
  'new-in-box': 'New in Box',
  'new-out-of-box': 'New',
  new: 'New',
  'used-excellent': 'Excellent',
  'used-good': 'Good',
  'used-poor': 'Poor',
  rebuilt: 'Rebuilt',
  'for-parts': 'For Parts',
};

export function shortConditionLabel(condition: string | null | undefined): string | null {
  if (!condition) return null;
  return SHORT_CONDITION[condition] ?? 'Good';
}

/** Spec 000: the last 10 bids, newest first; the newest is the winning one. */
export function bidHistoryRows<T extends { createdAt: string }>(bids: T[]): Array<T & { winning: boolean }> {
  return [...bids]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, BID_HISTORY_ROWS)
    .map((bid, index) => ({ ...bid, winning: index === 0 }));
}
