import { describe, expect, it } from 'vitest';
import { canReject, conditionText, listedText, photosInOrder, priceText, reviewStatusOf } from './listingFormat';

describe('the listing review card', () => {
  it('shows the condition with hyphens as spaces', () => {
    expect(conditionText('new-out-of-box')).toBe('new out of box');
    expect(conditionText('rebuilt')).toBe('rebuilt');
  });

  it('shows the price in US dollars with cents', () => {
    expect(priceText('1250.5')).toBe('$1,250.50');
    expect(priceText('899.99')).toBe('$899.99');
    expect(priceText('n/a')).toBe('n/a');
  });

  it('shows the listed date as a calendar day in UTC', () => {
    expect(listedText('2026-11-23T23:59:00.000Z')).toBe('Listed Nov 23, 2026');
    expect(listedText('not a date')).toBe('');
  });

  it('puts the primary photo first', () => {
    const photos = [
      { url: '/a.jpg', altText: 'a', isPrimary: false },
      { url: '/b.jpg', altText: 'b', isPrimary: true },
      { url: '/c.jpg', altText: 'c', isPrimary: false },
    ];
    expect(photosInOrder(photos).map((p) => p.url)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg']);
  });
});

describe('the review status of a listing', () => {
  it('is approved, rejected, pending or withdrawn', () => {
    expect(reviewStatusOf({ isActive: true, isApproved: true, rejectionReason: null })).toBe('approved');
    expect(reviewStatusOf({ isActive: true, isApproved: false, rejectionReason: 'Blurry' })).toBe('rejected');
    expect(reviewStatusOf({ isActive: true, isApproved: false, rejectionReason: null })).toBe('pending');
    expect(reviewStatusOf({ isActive: false, isApproved: false, rejectionReason: null })).toBe('withdrawn');
  });
});

describe('rejecting', () => {
  it('needs a reason that is not blank', () => {
    expect(canReject('')).toBe(false);
    expect(canReject('   \n')).toBe(false);
    expect(canReject('Photos show a different part')).toBe(true);
  });
});
