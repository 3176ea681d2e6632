import { describe, expect, it } from 'vitest';
import { assignSlots, featuredClock, featuredHref, featuredTimeLeft, withFeaturedMark } from './slotAssignment';
import type { PublicFeaturedListingDto } from '../../../modules/featured/featured-listing.dto';

let n = 0;
function listing(listingType: PublicFeaturedListingDto['listingType'], position: number): PublicFeaturedListingDto {
  const id = `${listingType}-${++n}`;
  const base = { id, listingType, position, placementType: 'homepage' as const, categoryId: null, endDate: '2030-01-01T00:00:00Z' };
  const common = { id, title: id, description: '', images: [], startTime: '', endTime: '2030-01-01T00:00:00Z', status: 'active', totalBids: 0 };
  if (listingType === 'auction') return { ...base, auction: { ...common, startingBid: '1.00', currentBid: '0.00' } };
  if (listingType === 'reverse_auction') return { ...base, reverseAuction: { ...common, partCategory: 'Engine', maxBudget: '9.00', currentLowestBid: null } };
  return {
    ...base,
    part: { id, title: id, description: '', category: 'engine', categoryName: 'Engine', make: 'ford', makeName: 'Ford', condition: 'used-good', price: '10.00', location: '', sellerId: 's', images: [] },
  };
}
const shown = (slots: ReturnType<typeof assignSlots>) => slots.map((s) => (s.kind === 'empty' ? '-' : s.kind === 'unavailable' ? '?' : s.listing.listingType[0]));

describe('assignSlots (spec 000 §4)', () => {
  it('puts auctions at 1-2, reverse auctions at 3-4 and parts from 5, with the empty slots numbered', () => {
    const slots = assignSlots([listing('part', 1), listing('auction', 9), listing('reverse_auction', 12), listing('part', 2)], 12);
    expect(shown(slots)).toEqual(['a', '-', 'r', '-', 'p', 'p', '-', '-', '-', '-', '-', '-']);
    expect(slots[1]).toEqual({ kind: 'empty', position: 2 });
    expect(slots.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps each kind in its booked order', () => {
    const a = listing('auction', 7);
    const b = listing('auction', 2);
    const slots = assignSlots([a, b], 12);
    expect(slots[0]).toMatchObject({ listing: b });
    expect(slots[1]).toMatchObject({ listing: a });
  });

  it('fills empty slots from position 5 with leftover auctions, then leftover reverse auctions', () => {
    const slots = assignSlots(
      [listing('auction', 1), listing('auction', 2), listing('auction', 3), listing('reverse_auction', 4), listing('reverse_auction', 5), listing('reverse_auction', 6), listing('part', 7)],
      12,
    );
    expect(shown(slots)).toEqual(['a', 'a', 'r', 'r', 'p', 'a', 'r', '-', '-', '-', '-', '-']);
  });

  it('shows "Listing not available" for a placement whose listing matches no type', () => {
    const broken = { ...listing('part', 3), part: undefined };
    const slots = assignSlots([broken, listing('part', 4)], 8);
    expect(shown(slots)).toEqual(['-', '-', '-', '-', 'p', '?', '-', '-']);
  });

  it('never drops a part while a slot is free, and never answers more slots than the page has', () => {
    const parts = Array.from({ length: 12 }, (_, i) => listing('part', i + 1));
    const home = assignSlots(parts, 12);
    expect(shown(home)).toEqual(Array(12).fill('p'));
    expect(home.slice(4).map((s) => s.kind === 'listing' && s.listing.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(assignSlots(parts, 8)).toHaveLength(8);
  });
});

describe('featuredTimeLeft', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('is hours and minutes, red under 24 hours', () => {
    expect(featuredTimeLeft('2026-01-01T05:07:30Z', now)).toEqual({ text: '5h 07m', urgent: true, final: false });
    expect(featuredTimeLeft('2026-01-03T01:00:00Z', now)).toEqual({ text: '49h 00m', urgent: false, final: false });
    expect(featuredTimeLeft('2025-12-31T00:00:00Z', now)).toEqual({ text: 'Ended', urgent: true, final: false });
  });
  it('is minutes and seconds under an hour, the final hour', () => {
    expect(featuredTimeLeft('2026-01-01T00:12:05Z', now)).toEqual({ text: '12m 05s', urgent: true, final: true });
    expect(featuredTimeLeft('2026-01-01T00:00:45Z', now)).toEqual({ text: '45s', urgent: true, final: true });
  });
});

describe('featuredClock', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const auction = (status: string, startTime: string) => ({ auction: { status, startTime, endTime: '2026-01-03T01:00:00Z' } });
  it('counts a scheduled auction to its start, in the plain colour', () => {
    expect(featuredClock(auction('scheduled', '2026-01-01T05:07:30Z'), now)).toEqual({ phase: 'starts', text: 'Starts in 5h 07m', urgent: false, final: false });
    expect(featuredClock(auction('scheduled', '2026-01-01T00:00:45Z'), now)).toEqual({ phase: 'starts', text: 'Starts in 45s', urgent: false, final: false });
  });
  it('counts to the end once the start has passed, and for a running auction or a wanted request', () => {
    const ends = { phase: 'ends', text: '49h 00m', urgent: false, final: false };
    expect(featuredClock(auction('scheduled', '2026-01-01T00:00:00Z'), now)).toEqual(ends);
    expect(featuredClock(auction('active', '2025-12-31T00:00:00Z'), now)).toEqual(ends);
    expect(featuredClock({ endTime: '2026-01-03T01:00:00Z' }, now)).toEqual(ends);
  });
});

describe('featuredHref', () => {
  it('links auctions, reverse auctions and parts to their pages', () => {
    expect(featuredHref(listing('auction', 1))).toMatch(/^\/auctions\/auction-/);
    expect(featuredHref(listing('reverse_auction', 1))).toMatch(/^\/reverse-auctions\/reverse_auction-/);
    expect(featuredHref(listing('part', 1))).toMatch(/^\/parts\/part-/);
  });
});

describe('withFeaturedMark', () => {
  it('puts Featured first on a part featured now, once', () => {
    expect(withFeaturedMark(['Verified Seller'], true)).toEqual(['Featured', 'Verified Seller']);
    expect(withFeaturedMark(['Featured'], true)).toEqual(['Featured']);
    expect(withFeaturedMark(['Verified Seller'], false)).toEqual(['Verified Seller']);
  });
});
