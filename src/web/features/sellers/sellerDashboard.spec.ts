import { describe, expect, it } from 'vitest';
import { accountStatus, latest, pageTotal, listingApprovalLabel, normaliseStatus, partListingStatus, STATUS_BADGE_CLASS, toRows } from './sellerDashboard';

describe('partListingStatus', () => {
  it('shows an approved live listing as active', () => {
    expect(partListingStatus({ isActive: true, isApproved: true })).toBe('active');
  });

  it('shows a listing awaiting review as pending', () => {
    expect(partListingStatus({ isActive: true, isApproved: false })).toBe('pending');
    expect(partListingStatus({})).toBe('pending');
  });

  it('shows a refused listing as rejected and a withdrawn one as ended', () => {
    expect(partListingStatus({ isActive: true, isApproved: false, rejectionReason: 'Blurry photos' })).toBe('rejected');
    expect(partListingStatus({ isActive: false, isApproved: true })).toBe('ended');
  });

  it('shows a sold listing as sold and prefers an explicit status', () => {
    expect(partListingStatus({ isSold: true, isActive: false, isApproved: true })).toBe('sold');
    expect(partListingStatus({ status: 'SOLD', isApproved: false })).toBe('sold');
  });
});

describe('normaliseStatus', () => {
  it('keeps the five known statuses and treats others as pending', () => {
    expect(normaliseStatus('ended')).toBe('ended');
    expect(normaliseStatus('scheduled')).toBe('pending');
    expect(normaliseStatus(null)).toBe('pending');
  });

  it('colours each status as the spec says', () => {
    expect(STATUS_BADGE_CLASS.active).toContain('green');
    expect(STATUS_BADGE_CLASS.pending).toContain('yellow');
    expect(STATUS_BADGE_CLASS.sold).toContain('blue');
    expect(STATUS_BADGE_CLASS.rejected).toContain('red');
    expect(STATUS_BADGE_CLASS.ended).toContain('gray');
  });
});

describe('account status', () => {
  it('shows approved in green and anything else in yellow, defaulting to Pending', () => {
    expect(accountStatus('approved')).toEqual({ label: 'Approved', tone: 'green' });
    expect(accountStatus('rejected')).toEqual({ label: 'Rejected', tone: 'yellow' });
    expect(accountStatus(undefined)).toEqual({ label: 'Pending', tone: 'yellow' });
  });

  it('names the listing-approval setting', () => {
    expect(listingApprovalLabel(true)).toBe('Listings Require Approval');
    expect(listingApprovalLabel(false)).toBe('Trusted Seller');
  });
});

describe('toRows and latest', () => {
  it('reads a bare array or a page object', () => {
    expect(toRows([1, 2])).toEqual([1, 2]);
    expect(toRows({ items: [3], total: 1 })).toEqual([3]);
    expect(toRows({ reviews: [4] }, ['reviews'])).toEqual([4]);
    expect(toRows(null)).toEqual([]);
  });

  it('keeps the newest rows first', () => {
    const rows = [
      { id: 'a', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'b', createdAt: '2025-03-01T00:00:00Z' },
      { id: 'c', createdAt: '2025-02-01T00:00:00Z' },
    ];
    expect(latest(rows, 2).map((r) => r.id)).toEqual(['b', 'c']);
  });
});

describe('pageTotal', () => {
  it('reads the total of a page, or counts a bare list', () => {
    expect(pageTotal({ auctions: [{ id: 'a' }], total: 7 })).toBe(7);
    expect(pageTotal([{ id: 'a' }, { id: 'b' }])).toBe(2);
    expect(pageTotal({ auctions: [{ id: 'a' }] })).toBe(1);
    expect(pageTotal(null)).toBe(0);
  });
});
