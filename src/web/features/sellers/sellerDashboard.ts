/** Pure rules of the seller dashboard (spec 001 §2 "Seller dashboard", §4 "Listing status"). */
import type { PartDto } from '../../../modules/catalog/part.dto';

export type ListingStatus = 'active' | 'pending' | 'sold' | 'rejected' | 'ended';

/** Badge colours: active green, pending yellow, sold blue, rejected red, ended grey. */
export const STATUS_BADGE_CLASS: Readonly<Record<ListingStatus, string>> = {
  active: 'bg-green-100 text-green-800 border-green-200',
  pending: 'bg-yellow-100 text-yellow-800 border-yellow-200',
  sold: 'bg-blue-100 text-blue-800 border-blue-200',
  rejected: 'bg-red-100 text-red-800 border-red-200',
  ended: 'bg-gray-100 text-gray-700 border-gray-200',
};

export const STATUS_LABEL: Readonly<Record<ListingStatus, string>> = {
  active: 'Active',
  pending: 'Pending',
  sold: 'Sold',
  rejected: 'Rejected',
  ended: 'Ended',
};

/**
 * The dashboard status of a marketplace listing (a part has no status of its own): sold (by an order, an auction
 * or marked sold elsewhere), rejected (has a rejection reason), ended (withdrawn), active (approved and live), else
 * pending review.
 */
export function partListingStatus(part: Pick<PartDto, 'isActive' | 'isApproved' | 'rejectionReason' | 'isSold'>): ListingStatus {
  if (part.isSold) return 'sold';
  if (part.rejectionReason) return 'rejected';
  if (!part.isActive) return 'ended';
  if (part.isApproved) return 'active';
  return 'pending';
}

export interface AccountStatus {
  label: string;
  tone: 'green' | 'yellow';
}

/** Approved shows green, anything else yellow; the label defaults to Pending. */
export function accountStatus(status: string | null | undefined): AccountStatus {
  const value = (status ?? '').trim();
  const label = value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : 'Pending';
  return { label, tone: value.toLowerCase() === 'approved' ? 'green' : 'yellow' };
}

/** requiresListingApproval true: "Listings Require Approval"; false: "Trusted Seller". */
export function listingApprovalLabel(requiresListingApproval: boolean | null | undefined): string {
  return requiresListingApproval === false ? 'Trusted Seller' : 'Listings Require Approval';
}

/** The newest `count` rows by createdAt (or startTime), newest first. */
export function latest<T extends { createdAt?: string | null; startTime?: string | null }>(rows: readonly T[], count: number): T[] {
  const time = (row: T) => {
    const t = Date.parse(row.createdAt ?? row.startTime ?? '');
    return Number.isNaN(t) ? 0 : t;
  };
  return [...rows].sort((a, b) => time(b) - time(a)).slice(0, count);
}
