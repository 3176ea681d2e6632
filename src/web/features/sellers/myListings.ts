/**
 * Pure rules of the seller's "My Listings" and "My Auctions" pages (issue 17): the states and what a seller may
 * do in each, the filters as they live in the address bar, paging, and an auction's result in words.
 */

import type { PartDto } from '../../../modules/catalog/part.dto';

export type SellerListingStatus = 'pending' | 'live' | 'rejected' | 'withdrawn' | 'sold';
export type ListingAction = 'edit' | 'withdraw' | 'relist' | 'mark-sold';

/** The filter tabs of My Listings, in order; "all" sends no status. */
export const LISTING_FILTERS: ReadonlyArray<{ value: SellerListingStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'sold', label: 'Sold' },
];

/** Label and badge colours (the dashboard's: live green, pending yellow, sold blue, rejected red, withdrawn grey). */
export const LISTING_STATUS_VIEW: Readonly<Record<SellerListingStatus, { label: string; className: string }>> = {
  live: { label: 'Live', className: 'bg-green-100 text-green-800 border-green-200' },
  pending: { label: 'Pending review', className: 'bg-yellow-100 text-yellow-800 border-yellow-200' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-800 border-red-200' },
  withdrawn: { label: 'Withdrawn', className: 'bg-gray-100 text-gray-700 border-gray-200' },
  sold: { label: 'Sold', className: 'bg-blue-100 text-blue-800 border-blue-200' },
};

/** The state of one of the seller's listings, as GET /api/parts/mine?status= files it. */
export function sellerListingStatus(
  part: Pick<PartDto, 'isActive' | 'isApproved' | 'rejectionReason'> & { isSold?: boolean | null },
): SellerListingStatus {
  if (part.isSold) return 'sold';
  if (!part.isActive) return 'withdrawn';
  if (part.isApproved) return 'live';
  return part.rejectionReason ? 'rejected' : 'pending';
}

/**
 * What the seller may do with a listing in each state (the server refuses the rest with a 409). A part in an
 * open auction is sold there: it can be edited, but not withdrawn or sold elsewhere until the auction is cancelled.
 */
export function listingActions(status: SellerListingStatus, inAuction = false): ListingAction[] {
  if (inAuction) return status === 'sold' || status === 'withdrawn' ? [] : ['edit'];
  switch (status) {
    case 'live':
    case 'pending':
      return ['edit', 'mark-sold', 'withdraw'];
    case 'rejected':
      return ['edit', 'withdraw'];
    case 'withdrawn':
      return ['relist'];
    case 'sold':
      return [];
  }
}

export const ACTION_LABEL: Readonly<Record<Exclude<ListingAction, 'edit'>, { label: string; pending: string; done: string }>> = {
  withdraw: { label: 'Withdraw', pending: 'Withdrawing...', done: 'Listing withdrawn' },
  relist: { label: 'Relist', pending: 'Relisting...', done: 'Listing relisted' },
  'mark-sold': { label: 'Mark sold', pending: 'Marking...', done: 'Listing marked sold' },
};

/** The question asked before an action that takes a listing off the market. */
export function confirmText(action: 'withdraw' | 'mark-sold', title: string): { title: string; description: string } {
  return action === 'withdraw'
    ? {
        title: `Withdraw "${title}"?`,
        description: 'Buyers will no longer find it. You can relist it later from My Listings.',
      }
    : {
        title: `Mark "${title}" as sold?`,
        description: 'Use this when the part sold elsewhere. It leaves the marketplace for good and cannot be relisted.',
      };
}

/** The toast after relisting: live at once, or waiting for review. */
export function relistedText(part: Pick<PartDto, 'isApproved'>): string {
  return part.isApproved ? 'It is live again.' : 'It will be live again once our team has reviewed it.';
}

export const LISTINGS_PAGE_SIZE = 20;
export const AUCTIONS_PAGE_SIZE = 20;

export interface ListingsSearch {
  status: SellerListingStatus | 'all';
  q: string;
  /** 1-based. */
  page: number;
}

const STATUSES = new Set<string>(['pending', 'live', 'rejected', 'withdrawn', 'sold']);

/** A 1-based page number from the address bar; anything else is page 1. */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The filters of My Listings from the address bar (unknown values fall back to the defaults). */
export function readListingsSearch(params: URLSearchParams): ListingsSearch {
  const status = params.get('status') ?? 'all';
  return {
    status: STATUSES.has(status) ? (status as SellerListingStatus) : 'all',
    q: (params.get('q') ?? '').trim(),
    page: pageOf(params.get('page')),
  };
}

/** The address-bar form of the filters; defaults are left out. */
export function writeListingsSearch(search: ListingsSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.status !== 'all') params.set('status', search.status);
  if (search.q) params.set('q', search.q);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The query of GET /api/parts/mine for the filters. */
export function listingsQuery(search: ListingsSearch, pageSize = LISTINGS_PAGE_SIZE): Record<string, string | number> {
  return {
    ...(search.status !== 'all' ? { status: search.status } : {}),
    ...(search.q ? { q: search.q } : {}),
    limit: pageSize,
    offset: (search.page - 1) * pageSize,
  };
}

/** How many pages `total` rows fill (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing 21-40 of 57" for page `page`. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'No results';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}-${first + shown - 1} of ${total}`;
}

// -----------------------------------------------------------------------------------------------------------
// Auctions

export type AuctionFilter = 'all' | 'scheduled' | 'active' | 'ended' | 'cancelled';

export const AUCTION_FILTERS: ReadonlyArray<{ value: AuctionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'active', label: 'Active' },
  { value: 'ended', label: 'Ended' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function readAuctionFilter(params: URLSearchParams): { status: AuctionFilter; page: number } {
  const status = params.get('status') ?? 'all';
  return {
    status: AUCTION_FILTERS.some((f) => f.value === status) ? (status as AuctionFilter) : 'all',
    page: pageOf(params.get('page')),
  };
}

/** The facts of an auction the list reads. */
export interface SellerAuctionFacts {
  status: string;
  totalBids: number;
  winnerId: string | null;
  currentBid: string;
  startingBid: string;
  hasReserve: boolean;
  reserveMet: boolean | null;
}

export type AuctionResult =
  | { kind: 'sold'; amount: string }
  | { kind: 'unsold'; reason: 'no-bids' | 'reserve-not-met' }
  | { kind: 'cancelled' }
  | { kind: 'open' };

/** How an auction came out: sold for the winning bid, not sold (and why), cancelled, or still open. */
export function auctionResult(a: SellerAuctionFacts): AuctionResult {
  if (a.status === 'cancelled') return { kind: 'cancelled' };
  if (a.status !== 'ended') return { kind: 'open' };
  if (a.winnerId) return { kind: 'sold', amount: a.currentBid };
  if (a.totalBids === 0) return { kind: 'unsold', reason: 'no-bids' };
  return { kind: 'unsold', reason: 'reserve-not-met' };
}

/** A seller may cancel a scheduled auction nobody has bid on (the server's rule). */
export function canCancelAuction(a: Pick<SellerAuctionFacts, 'status' | 'totalBids'>): boolean {
  return a.status === 'scheduled' && a.totalBids === 0;
}
