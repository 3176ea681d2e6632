import { describe, expect, it } from 'vitest';
import type { ActiveListingRow } from './analytics.dto.js';
import { conversionPercent, conversionPeriod, daysListed, filterListings, percentOf, priceVsMedian, sortListings } from './listing-analysis.rules.js';
import { visitorKey } from './listing-activity.recorder.js';

const row = (over: Partial<ActiveListingRow>): ActiveListingRow => ({
  id: 'a',
  listingType: 'part',
  partId: 'a',
  title: 'Weber pair',
  sellerId: 's',
  sellerName: 'Seller',
  category: 'intake',
  categoryName: 'Intake',
  condition: 'used',
  location: 'Modena',
  description: 'A pair.',
  isApproved: true,
  isSold: false,
  price: '100.00',
  categoryMedian: '100.00',
  priceVsMedianPercent: 0,
  listedAt: '2026-11-01T00:00:00.000Z',
  daysListed: 0,
  views: 0,
  watchers: 0,
  impressions: 0,
  clicks: 0,
  clickThroughPercent: null,
  messages: 0,
  bids: null,
  endTime: null,
  ...over,
});

describe('listing analysis rules', () => {
  it('counts whole days listed', () => {
    const listed = new Date('2026-11-01T12:00:00Z');
    expect(daysListed(listed, new Date('2026-11-02T11:59:59Z'))).toBe(0);
    expect(daysListed(listed, new Date('2026-11-02T12:00:00Z'))).toBe(1);
    expect(daysListed(listed, new Date('2026-10-31T00:00:00Z'))).toBe(0);
  });

  it('computes percentages on integers, one decimal, none without a base', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBeNull();
    expect(priceVsMedian('0.10', '0.30')).toBe(-66.7);
    expect(priceVsMedian('1000.01', '1000.00')).toBe(0);
    expect(priceVsMedian('1500.00', '1000.00')).toBe(50);
  });

  it('sorts money by cents and keeps nulls last in both directions', () => {
    const rows = [row({ id: 'x', price: '99.99', clickThroughPercent: null }), row({ id: 'y', price: '1000.00', clickThroughPercent: 5 }), row({ id: 'z', price: '250.50', clickThroughPercent: 1 })];
    expect(sortListings(rows, 'price', 'asc').map((r) => r.id)).toEqual(['x', 'z', 'y']);
    expect(sortListings(rows, 'clickThroughPercent', 'desc').map((r) => r.id)).toEqual(['y', 'z', 'x']);
    expect(sortListings(rows, 'clickThroughPercent', 'asc').map((r) => r.id)).toEqual(['z', 'y', 'x']);
  });

  it('filters by type, text (title or seller), category, condition and seller', () => {
    const rows = [row({ id: 'p', title: 'Weber carb' }), row({ id: 'q', listingType: 'auction', title: 'Hemi heads', sellerName: 'Hemi House', condition: 'new' })];
    expect(filterListings(rows, { listingType: 'auction' }).map((r) => r.id)).toEqual(['q']);
    expect(filterListings(rows, { q: 'hemi' }).map((r) => r.id)).toEqual(['q']);
    expect(filterListings(rows, { q: 'WEBER' }).map((r) => r.id)).toEqual(['p']);
    expect(filterListings(rows, { condition: 'new' }).map((r) => r.id)).toEqual(['q']);
    expect(filterListings(rows, {}).length).toBe(2);
  });

  it('identifies a signed-in visitor by user and others by a one-way hash of address and browser', () => {
    expect(visitorKey('s', { userId: 'u1', address: '1.2.3.4', userAgent: 'x' })).toBe('u:u1');
    const a = visitorKey('s', { userId: null, address: '1.2.3.4', userAgent: 'x' });
    expect(a).toMatch(/^a:[\w-]{22}$/);
    expect(a).not.toContain('1.2.3.4');
    expect(visitorKey('s', { userId: null, address: '1.2.3.4', userAgent: 'y' })).not.toBe(a);
  });
});

describe('conversionPercent', () => {
  it('is the sold share of the listings that ended in the period, one decimal', () => {
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(0, 4)).toBe(0);
    expect(conversionPercent(4, 4)).toBe(100);
  });

  it('is never above 100 %: sales beyond the ended listings (the old all-time sales over listings now) read as all of them', () => {
    // The demo seller's 345.5 %: 38 all-time sales over 11 listings now.
    expect(conversionPercent(38, 11)).toBe(100);
    expect(conversionPercent(-1, 5)).toBe(0);
  });

  it('is null when no listing ended in the period', () => {
    expect(conversionPercent(0, 0)).toBeNull();
    expect(conversionPercent(3, 0)).toBeNull();
  });
});

describe('conversionPeriod', () => {
  it('is the days ending now', () => {
    const now = new Date('2026-03-31T12:00:00.000Z');
    expect(conversionPeriod(now, 90)).toEqual({ from: new Date('2025-12-31T12:00:00.000Z'), to: now });
  });
});
