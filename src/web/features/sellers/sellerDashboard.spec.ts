import { describe, expect, it } from 'vitest';
import { accountStatus, latest, listingApprovalLabel, partListingStatus, STATUS_BADGE_CLASS } from './sellerDashboard';

describe('partListingStatus', () => {
  it('shows an approved live listing as active', () => {
    expect(partListingStatus({ isActive: true, isApproved: true, rejectionReason: null, isSold: false })).toBe('active');
  });

  it('shows a listing awaiting review as pending', () => {
    expect(partListingStatus({ isActive: true, isApproved: false, rejectionReason: null, isSold: false })).toBe('pending');
  });

  it('shows a refused listing as rejected and a withdrawn one as ended', () => {
    expect(partListingStatus({ isActive: true, isApproved: false, rejectionReason: 'Blurry photos', isSold: false })).toBe('rejected');
    expect(partListingStatus({ isActive: false, isApproved: true, rejectionReason: null, isSold: false })).toBe('ended');
  });

  it('shows a sold listing as sold, not ended, however it was sold', () => {
    expect(partListingStatus({ isActive: false, isApproved: true, rejectionReason: null, isSold: true })).toBe('sold');
  });
});

describe('STATUS_BADGE_CLASS', () => {
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

describe('latest', () => {
  it('keeps the newest rows first', () => {
    const rows = [
      { id: 'a', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'b', createdAt: '2025-03-01T00:00:00Z' },
      { id: 'c', createdAt: '2025-02-01T00:00:00Z' },
    ];
    expect(latest(rows, 2).map((r) => r.id)).toEqual(['b', 'c']);
  });
});
