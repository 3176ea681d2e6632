import { describe, expect, it } from 'vitest';
import {
  auctionResult,
  canCancelAuction,
  listingActions,
  listingsQuery,
  pageCount,
  rangeText,
  readAuctionFilter,
  readListingsSearch,
  sellerListingStatus,
  writeListingsSearch,
} from './myListings';

const part = (facts: Partial<{ isActive: boolean; isApproved: boolean; rejectionReason: string | null; isSold: boolean }>) => ({
  isActive: true,
  isApproved: false,
  rejectionReason: null,
  isSold: false,
  ...facts,
});

describe('a listing\'s state on My Listings', () => {
  it('files each listing as the server\'s status filter does', () => {
    expect(sellerListingStatus(part({ isApproved: true }))).toBe('live');
    expect(sellerListingStatus(part({}))).toBe('pending');
    expect(sellerListingStatus(part({ rejectionReason: 'Blurry photos' }))).toBe('rejected');
    expect(sellerListingStatus(part({ isActive: false, isApproved: true }))).toBe('withdrawn');
    expect(sellerListingStatus(part({ isActive: false, isApproved: true, isSold: true }))).toBe('sold');
  });

  it('offers only what the server allows in each state', () => {
    expect(listingActions('live')).toEqual(['edit', 'mark-sold', 'withdraw']);
    expect(listingActions('pending')).toEqual(['edit', 'mark-sold', 'withdraw']);
    expect(listingActions('rejected')).toEqual(['edit', 'withdraw']);
    expect(listingActions('withdrawn')).toEqual(['relist']);
    expect(listingActions('sold')).toEqual([]);
    expect(listingActions('live', true)).toEqual(['edit']);
  });
});

describe('the filters in the address bar', () => {
  it('reads status, search and page, falling back to the defaults on nonsense', () => {
    expect(readListingsSearch(new URLSearchParams('status=sold&q=%20weber%20&page=3'))).toEqual({ status: 'sold', q: 'weber', page: 3 });
    expect(readListingsSearch(new URLSearchParams('status=archived&page=-2'))).toEqual({ status: 'all', q: '', page: 1 });
    expect(readListingsSearch(new URLSearchParams('page=1.5'))).toEqual({ status: 'all', q: '', page: 1 });
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(writeListingsSearch({ status: 'all', q: '', page: 1 }).toString()).toBe('');
    const search = { status: 'live' as const, q: 'clutch kit', page: 2 };
    expect(readListingsSearch(writeListingsSearch(search))).toEqual(search);
  });

  it('asks the API for the page of the filters', () => {
    expect(listingsQuery({ status: 'all', q: '', page: 1 })).toEqual({ limit: 20, offset: 0 });
    expect(listingsQuery({ status: 'withdrawn', q: '911', page: 3 })).toEqual({ status: 'withdrawn', q: '911', limit: 20, offset: 40 });
  });

  it('reads the auction filter', () => {
    expect(readAuctionFilter(new URLSearchParams('status=cancelled&page=2'))).toEqual({ status: 'cancelled', page: 2 });
    expect(readAuctionFilter(new URLSearchParams('status=live'))).toEqual({ status: 'all', page: 1 });
  });
});

describe('paging', () => {
  it('counts pages and says which rows are shown', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(rangeText(2, 20, 20, 57)).toBe('Showing 21-40 of 57');
    expect(rangeText(3, 20, 17, 57)).toBe('Showing 41-57 of 57');
    expect(rangeText(1, 20, 0, 0)).toBe('No results');
  });
});

describe('an auction on My Auctions', () => {
  const auction = {
    status: 'ended',
    totalBids: 3,
    winnerId: 'u1',
    currentBid: '1250.00',
    startingBid: '500.00',
    hasReserve: true,
    reserveMet: true,
  };

  it('gives the result of an ended auction: sold for the winning bid, or why it did not sell', () => {
    expect(auctionResult(auction)).toEqual({ kind: 'sold', amount: '1250.00' });
    expect(auctionResult({ ...auction, winnerId: null, totalBids: 0 })).toEqual({ kind: 'unsold', reason: 'no-bids' });
    expect(auctionResult({ ...auction, winnerId: null, reserveMet: false })).toEqual({ kind: 'unsold', reason: 'reserve-not-met' });
    expect(auctionResult({ ...auction, status: 'cancelled' })).toEqual({ kind: 'cancelled' });
    expect(auctionResult({ ...auction, status: 'active' })).toEqual({ kind: 'open' });
  });

  it('lets the seller cancel only a scheduled auction without bids', () => {
    expect(canCancelAuction({ status: 'scheduled', totalBids: 0 })).toBe(true);
    expect(canCancelAuction({ status: 'scheduled', totalBids: 1 })).toBe(false);
    expect(canCancelAuction({ status: 'active', totalBids: 0 })).toBe(false);
  });
});
