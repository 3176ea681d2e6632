import { describe, expect, it } from 'vitest';
import { meetsRequirement, ratingBand, reputationPoints, tierOf, type SellerStanding } from './reputation.rules.js';
import { slugify, uniqueSlug } from './slug.js';

describe('reputation tiers', () => {
  it.each([
    [0, 1, 'New Seller', 100],
    [99, 1, 'New Seller', 100],
    [100, 2, 'Trusted Seller', 500],
    [499, 2, 'Trusted Seller', 500],
    [500, 3, 'Expert Seller', 1500],
    [1499, 3, 'Expert Seller', 1500],
    [1500, 4, 'Elite Seller', 4000],
    [3999, 4, 'Elite Seller', 4000],
    [4000, 5, 'Master Seller', 10000],
    [9999, 5, 'Master Seller', 10000],
    [10000, 6, 'Legendary Seller', null],
    [250000, 6, 'Legendary Seller', null],
  ])('puts %i points in level %i (%s), next tier at %s', (points, level, levelName, nextLevelPoints) => {
    expect(tierOf(points)).toEqual({ level, levelName, nextLevelPoints });
  });
});

describe('rating bands', () => {
  it.each([
    [5, 'Excellent'],
    [4.5, 'Excellent'],
    [4.49, 'Good'],
    [4, 'Good'],
    [3.99, 'Average'],
    [3.5, 'Average'],
    [3.49, 'Poor'],
    [0, 'Poor'],
  ])('rates %f as %s', (rating, band) => {
    expect(ratingBand(rating)).toBe(band);
  });
});

describe('reputation points', () => {
  it('gives 10 per sale, weights reviews by stars and adds badge points', () => {
    expect(reputationPoints({ sales: 3, ratings: { 5: 2, 4: 1, 3: 1 }, badgePoints: 25 })).toBe(30 + 10 + 3 + 1 + 25);
  });
  it('takes points for poor reviews but never goes below zero', () => {
    expect(reputationPoints({ sales: 1, ratings: { 1: 1, 2: 1 }, badgePoints: 0 })).toBe(3);
    expect(reputationPoints({ sales: 0, ratings: { 1: 4 }, badgePoints: 0 })).toBe(0);
  });
});

describe('badge requirements', () => {
  const standing = (over: Partial<SellerStanding> = {}): SellerStanding => ({
    totalSales: 0,
    revenueCents: 0,
    overallRating: 0,
    totalReviews: 0,
    averageResponseTime: null,
    onTimeDelivery: 100,
    returnRate: 0,
    verified: true,
    earlyAdopter: false,
    ...over,
  });
  it('needs every key met, inclusive at the threshold', () => {
    expect(meetsRequirement({ minSales: 10, minRevenue: 1000 }, standing({ totalSales: 10, revenueCents: 100000 }))).toBe(true);
    expect(meetsRequirement({ minSales: 10, minRevenue: 1000 }, standing({ totalSales: 10, revenueCents: 99999 }))).toBe(false);
  });
  it('does not award a rating badge without reviews or delivery badges without sales', () => {
    expect(meetsRequirement({ minRating: 0 }, standing())).toBe(false);
    expect(meetsRequirement({ minOnTimeDelivery: 95 }, standing())).toBe(false);
    expect(meetsRequirement({ minOnTimeDelivery: 95 }, standing({ totalSales: 1 }))).toBe(true);
    expect(meetsRequirement({ maxResponseTime: 24 }, standing())).toBe(false);
  });
  it('never matches an empty requirement', () => {
    expect(meetsRequirement({}, standing())).toBe(false);
  });
  it('checks verified and early adopter flags', () => {
    expect(meetsRequirement({ verified: true }, standing())).toBe(true);
    expect(meetsRequirement({ earlyAdopter: true }, standing())).toBe(false);
    expect(meetsRequirement({ earlyAdopter: true }, standing({ earlyAdopter: true }))).toBe(true);
  });
});

describe('storefront slugs', () => {
  it('makes a slug from a business name', () => {
    expect(slugify("Joe's Garage")).toBe('joes-garage');
    expect(slugify('  Müller & Söhne Racing!! ')).toBe('muller-and-sohne-racing');
    expect(slugify('!!!')).toBe('seller');
  });
  it('adds the first free number when the slug is taken', () => {
    expect(uniqueSlug('joes-garage', [])).toBe('joes-garage');
    expect(uniqueSlug('joes-garage', ['joes-garage'])).toBe('joes-garage-2');
    expect(uniqueSlug('joes-garage', ['joes-garage', 'joes-garage-2', 'joes-garage-4'])).toBe('joes-garage-3');
  });
});
