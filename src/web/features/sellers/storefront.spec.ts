import { describe, expect, it } from 'vitest';
import { partsAvailableLabel, policyParagraphs, storefrontStats } from './storefront';

describe('storefrontStats', () => {
  it("reads the figures under stats, the member-since year as text", () => {
    const stats = storefrontStats({
      stats: { totalParts: 12, featuredParts: 2, memberSince: 2021, categories: [{ slug: 'engine', name: 'Engine' }] },
    });
    expect(stats).toEqual({ totalParts: 12, featuredParts: 2, memberSince: '2021', categories: [{ slug: 'engine', name: 'Engine' }] });
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
