import type { PublicFeaturedListingDto } from '../../../modules/featured/featured-listing.dto';
import { clockMs, formatMinutesSeconds, isFinalHour } from '../../lib/format';
import { clockTarget, STARTS_IN, type ClockedAuction } from '../auctions/auctionRules';

/** What one slot of a featured grid shows. */
export type FeaturedSlot =
  | { kind: 'listing'; position: number; listing: PublicFeaturedListingDto }
  /** A placement whose listing matches no type (spec 000 §2: "Listing not available"). */
  | { kind: 'unavailable'; position: number; listing: PublicFeaturedListingDto }
  | { kind: 'empty'; position: number };

/** The listing's card object matches its type. */
export function hasListing(l: PublicFeaturedListingDto): boolean {
  if (l.listingType === 'auction') return Boolean(l.auction);
  if (l.listingType === 'reverse_auction') return Boolean(l.reverseAuction);
  if (l.listingType === 'part') return Boolean(l.part);
  return false;
}

/**
 * Spec 000 §4 slot assignment: positions 1-2 hold auctions, 3-4 reverse auctions, the rest parts; leftover
 * auctions, then reverse auctions, fill empty slots from position 5. Each kind keeps its booked order. What is
 * still left (more parts than slots from 5 on, listings of no known type) takes the remaining empty slots, first
 * from position 5, then 1-4, so that no paid placement is dropped while a slot is free.
 */
export function assignSlots(listings: readonly PublicFeaturedListingDto[], slots: number): FeaturedSlot[] {
  const byPosition = [...listings].sort((a, b) => a.position - b.position);
  const of = (type: PublicFeaturedListingDto['listingType']) => byPosition.filter((l) => l.listingType === type && hasListing(l));
  const auctions = of('auction');
  const requests = of('reverse_auction');
  const parts = of('part');
  const unknown = byPosition.filter((l) => !hasListing(l));

  const grid: (FeaturedSlot | null)[] = Array.from({ length: slots }, () => null);
  const put = (index: number, listing: PublicFeaturedListingDto, kind: 'listing' | 'unavailable' = 'listing') => {
    grid[index] = { kind, position: index + 1, listing };
  };
  auctions.slice(0, 2).forEach((l, i) => i < slots && put(i, l));
  requests.slice(0, 2).forEach((l, i) => 2 + i < slots && put(2 + i, l));
  const partsFrom5 = parts.slice(0, Math.max(0, slots - 4));
  partsFrom5.forEach((l, i) => put(4 + i, l));

  const fill = (listing: PublicFeaturedListingDto, kind: 'listing' | 'unavailable', order: number[]) => {
    const index = order.find((i) => grid[i] === null);
    if (index !== undefined) put(index, listing, kind);
  };
  const from5 = Array.from({ length: Math.max(0, slots - 4) }, (_, i) => 4 + i);
  const anywhere = [...from5, ...Array.from({ length: Math.min(4, slots) }, (_, i) => i)];
  for (const l of auctions.slice(2)) fill(l, 'listing', from5);
  for (const l of requests.slice(2)) fill(l, 'listing', from5);
  for (const l of parts.slice(partsFrom5.length)) fill(l, 'listing', anywhere);
  for (const l of unknown) fill(l, 'unavailable', anywhere);

  return grid.map((slot, i) => slot ?? { kind: 'empty', position: i + 1 });
}

/**
 * Hours and minutes until `endTime` ("5h 07m"), red under 24 hours (spec 000 §4, §9); under an hour minutes and
 * seconds ("12m 05s", "45s"), and final (the clock pulses); "Ended" once past.
 */
export function featuredTimeLeft(endTime: string, now: number): { text: string; urgent: boolean; final: boolean } {
  const remaining = new Date(endTime).getTime() - now;
  if (!(remaining > 0)) return { text: 'Ended', urgent: true, final: false };
  if (isFinalHour(remaining)) return { text: formatMinutesSeconds(remaining), urgent: true, final: true };
  const ms = clockMs(remaining);
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return { text: `${hours}h ${String(minutes % 60).padStart(2, '0')}m`, urgent: ms < 24 * 60 * 60_000, final: false };
}

/** What a featured card's clock counts to: an auction (to its start while scheduled, else its end) or a wanted request's end. */
export type FeaturedClockSource = { auction: ClockedAuction } | { endTime: string };

/**
 * A featured card's clock at `now`: a scheduled auction whose start is ahead reads "Starts in 5h 07m" in the plain
 * colour (red and the pulse mean "ending"), the same choice as the auction clock (`clockTarget`); past its start, and
 * for every other auction and wanted request, the time left (`featuredTimeLeft`).
 */
export function featuredClock(
  source: FeaturedClockSource,
  now: number,
): { phase: 'starts' | 'ends'; text: string; urgent: boolean; final: boolean } {
  if (!('auction' in source)) return { phase: 'ends', ...featuredTimeLeft(source.endTime, now) };
  const target = clockTarget(source.auction, now);
  if (target.phase === 'starts') return { phase: 'starts', text: `${STARTS_IN} ${featuredTimeLeft(target.at, now).text}`, urgent: false, final: false };
  return { phase: 'ends', ...featuredTimeLeft(target.at, now) };
}

/** Where a featured card links: auctions and wanted requests to their pages, parts to their detail. */
export function featuredHref(l: PublicFeaturedListingDto): string | null {
  if (l.listingType === 'auction' && l.auction) return `/auctions/${l.auction.id}`;
  if (l.listingType === 'reverse_auction' && l.reverseAuction) return `/reverse-auctions/${l.reverseAuction.id}`;
  if (l.listingType === 'part' && l.part) return `/parts/${l.part.id}`;
  return null;
}

/** A part card's badges with "Featured" first when the part holds a featured placement now (and only once). */
export function withFeaturedMark(badges: readonly string[], featuredNow: boolean): string[] {
  if (!featuredNow || badges.includes('Featured')) return [...badges];
  return ['Featured', ...badges];
}
