import { describe, expect, it } from 'vitest';
import type { SellerStorefront } from './sellers.types';
import { partsAvailableLabel, policyParagraphs, storefrontStats } from './storefront';

const base: SellerStorefront = {
  id: 'f1',
  sellerId: 's1',
  userId: 'u1',
  slug: 'shelby-spares',
  displayName: 'Shelby Spares',
  logo: null,
  bannerImage: null,
  description: null,
  policies: null,
  isActive: true,
  createdAt: '2023-05-02T10:00:00.000Z',
};

describe('storefrontStats', () => {
  it('reads figures nested under stats', () => {
    const stats = storefrontStats({
      ...base,
      stats: { totalParts: 12, featuredParts: 2, memberSince: 2021, categories: [{ slug: 'engine', name: 'Engine' }] },
    });
    expect(stats).toEqual({ totalParts: 12, featuredParts: 2, memberSince: '2021', categories: [{ slug: 'engine', name: 'Engine' }] });
  });

  it('reads figures at the top level, with a date as member-since', () => {
    const stats = storefrontStats({ ...base, totalParts: 3, featuredParts: 0, memberSince: '2022-03-01T00:00:00Z', categories: [] });
    expect(stats).toEqual({ totalParts: 3, featuredParts: 0, memberSince: '2022', categories: [] });
  });

  it('falls back to zero counts and the storefront creation year', () => {
    expect(storefrontStats(base)).toEqual({ totalParts: 0, featuredParts: 0, memberSince: '2023', categories: [] });
  });
});

describe('labels', () => {
  it('counts available parts in words', () => {
    expect(partsAvailableLabel(1)).toBe('1 part available');
    expect(partsAvailableLabel(1200)).toBe('1,200 parts available');
    expect(partsAvailableLabel(0)).toBe('0 parts available');
  });

  it('splits policies into paragraphs', () => {
    expect(policyParagraphs('Ships in 72 hours.\n\n  Returns within 7 days. \n\n')).toEqual([
      'Ships in 72 hours.',
      'Returns within 7 days.',
    ]);
    expect(policyParagraphs(null)).toEqual([]);
  });
});
