import { describe, expect, it } from 'vitest';
import {
  badgePreview,
  conditionLabel,
  hasMarkdown,
  listingNotice,
  makeModel,
  partBadges,
  primaryImage,
  thumbnailSrc,
  yearsLabel,
} from './partFormat';

describe('conditionLabel', () => {
  it('labels every condition value of the spec', () => {
    expect(conditionLabel('new-in-box')).toBe('New in Box');
    expect(conditionLabel('new-out-of-box')).toBe('New (Out of Box)');
    expect(conditionLabel('used-excellent')).toBe('Used - Excellent');
    expect(conditionLabel('used-good')).toBe('Used - Good');
    expect(conditionLabel('used-poor')).toBe('Used - Poor');
    expect(conditionLabel('rebuilt')).toBe('Rebuilt');
    expect(conditionLabel('for-parts')).toBe('For Parts Only');
  });

  it('reads unknown or missing values as "Used - Good"', () => {
    expect(conditionLabel('mint')).toBe('Used - Good');
    expect(conditionLabel('')).toBe('Used - Good');
    expect(conditionLabel(null)).toBe('Used - Good');
    expect(conditionLabel('toString')).toBe('Used - Good');
  });
});

describe('badgePreview', () => {
  it('shows up to two names and counts the rest', () => {
    expect(badgePreview(['A', 'B', 'C', 'D'])).toEqual({ shown: ['A', 'B'], more: 2 });
    expect(badgePreview(['A'])).toEqual({ shown: ['A'], more: 0 });
    expect(badgePreview([])).toEqual({ shown: [], more: 0 });
  });

  it('skips blank names', () => {
    expect(badgePreview(['', 'A', '  '])).toEqual({ shown: ['A'], more: 0 });
  });
});

describe('partBadges', () => {
  it('names featured placement and verified sellers', () => {
    expect(partBadges({ isFeatured: true, isVerified: true })).toEqual(['Featured', 'Verified Seller']);
    expect(partBadges({ isFeatured: false, isVerified: false })).toEqual([]);
  });
});

describe('primaryImage and thumbnailSrc', () => {
  const a = { url: '/a.jpg', altText: 'a', isPrimary: false };
  const b = { url: '/b.jpg', altText: 'b', isPrimary: true, thumbnailUrl: '/b-thumb.jpg' };

  it('leads with the primary photo, else the first', () => {
    expect(primaryImage([a, b])).toBe(b);
    expect(primaryImage([a])).toBe(a);
    expect(primaryImage([])).toBeNull();
    expect(primaryImage(undefined)).toBeNull();
  });

  it('prefers the server thumbnail', () => {
    expect(thumbnailSrc(b)).toBe('/b-thumb.jpg');
    expect(thumbnailSrc(a)).toBe('/a.jpg');
  });
});

describe('yearsLabel', () => {
  it('writes ranges, open ends and single years', () => {
    expect(yearsLabel(1965, 1968)).toBe('1965-1968');
    expect(yearsLabel(1967, 1967)).toBe('1967');
    expect(yearsLabel(1965, null)).toBe('1965+');
    expect(yearsLabel(null, 1968)).toBe('Up to 1968');
    expect(yearsLabel(null, undefined)).toBe('');
  });
});

describe('makeModel', () => {
  it('uses the make name when known, else the slug', () => {
    expect(makeModel({ make: 'ford', makeName: 'Ford', model: 'Mustang' })).toBe('Ford Mustang');
    expect(makeModel({ make: 'ford', makeName: null, model: null })).toBe('ford');
  });
});

describe('hasMarkdown', () => {
  it('is true only when the original price exceeds the price', () => {
    expect(hasMarkdown('100.00', '150.00')).toBe(true);
    expect(hasMarkdown('100.00', '100.00')).toBe(false);
    expect(hasMarkdown('100.00', '90.00')).toBe(false);
    expect(hasMarkdown('100.00', null)).toBe(false);
  });
});

describe('listingNotice', () => {
  const part = { isActive: true, isApproved: true, rejectionReason: null };
  it('says nothing about a public listing', () => {
    expect(listingNotice(part)).toBeNull();
  });
  it('tells the seller why buyers cannot see a listing', () => {
    expect(listingNotice({ ...part, isApproved: false })).toBe(
      'This listing is waiting for review. Buyers will see it once the Pitlane team approves it.',
    );
    expect(listingNotice({ ...part, isApproved: false, rejectionReason: ' Photos do not show the part. ' })).toBe(
      'This listing was not approved, so buyers cannot see it. Reason: Photos do not show the part.',
    );
    // Withdrawn comes first: it is the seller's own latest decision.
    expect(listingNotice({ ...part, isActive: false, isApproved: false, rejectionReason: 'x' })).toBe(
      'This listing is withdrawn: buyers can no longer see it.',
    );
  });
});
