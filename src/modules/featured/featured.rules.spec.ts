import { describe, expect, it } from 'vitest';
import { clashDate, clickThroughRate, featuredStatus, isListingLive } from './featured.rules.js';
import { featuredListingSchema } from './featured-listing.schemas.js';

const start = new Date('2026-12-01T00:00:00Z');
const end = new Date('2026-12-31T00:00:00Z');

describe('featuredStatus', () => {
  it('is upcoming before the start, active from the start, expired from the end on', () => {
    expect(featuredStatus(start, end, new Date(start.getTime() - 1))).toBe('upcoming');
    expect(featuredStatus(start, end, start)).toBe('active');
    expect(featuredStatus(start, end, new Date(end.getTime() - 1))).toBe('active');
    expect(featuredStatus(start, end, end)).toBe('expired');
  });
});

describe('isListingLive', () => {
  const now = new Date('2026-12-10T00:00:00Z');
  it('takes a listed, approved, unsold part', () => {
    expect(isListingLive({ type: 'part', part: { isActive: true, isApproved: true, isSold: false } }, now)).toBe(true);
    expect(isListingLive({ type: 'part', part: { isActive: true, isApproved: false, isSold: false } }, now)).toBe(false);
    expect(isListingLive({ type: 'part', part: { isActive: false, isApproved: true, isSold: true } }, now)).toBe(false);
  });
  it('takes a scheduled or active auction or request before its end', () => {
    const later = '2026-12-11T00:00:00Z';
    expect(isListingLive({ type: 'auction', status: 'scheduled', endTime: later }, now)).toBe(true);
    expect(isListingLive({ type: 'reverse_auction', status: 'active', endTime: later }, now)).toBe(true);
    expect(isListingLive({ type: 'auction', status: 'active', endTime: now.toISOString() }, now)).toBe(false);
    for (const status of ['ended', 'cancelled', 'pending']) expect(isListingLive({ type: 'auction', status, endTime: later }, now)).toBe(false);
  });
});

describe('the featured listing form', () => {
  it('runs 30 days from the start when no end date is given, and keeps money in cents', () => {
    const v = featuredListingSchema.parse({ partId: '0b7f6f0e-8a51-4d0e-9d7a-3c1f4b2a6e01', position: '3', startDate: '2026-12-01', price: '0.30' });
    expect(v).toMatchObject({ listingType: 'part', placementType: 'homepage', position: 3, priceCents: 30, categoryId: null, isActive: true });
    expect(v.endDate.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });
  it('clears the category of a home page placement', () => {
    const v = featuredListingSchema.parse({ partId: '0b7f6f0e-8a51-4d0e-9d7a-3c1f4b2a6e01', position: 1, categoryId: '0b7f6f0e-8a51-4d0e-9d7a-3c1f4b2a6e02', startDate: '2026-12-01', price: 1 });
    expect(v.categoryId).toBeNull();
  });
});

describe('figures', () => {
  it('rates clicks per impression, 0 without impressions', () => {
    expect(clickThroughRate(0, 0)).toBe(0);
    expect(clickThroughRate(3, 1)).toBe(0.3333);
  });
  it('writes clash dates to the minute in UTC', () => {
    expect(clashDate(start)).toBe('2026-12-01 00:00 UTC');
  });
});
