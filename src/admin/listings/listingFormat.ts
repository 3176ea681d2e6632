/** Display rules of the console's Listings screen (spec 001 §2 "Admin dashboard" listing cards). */
import type { PartDto, PartImageDto } from '../../modules/catalog/part.dto';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewStatusChoices = [
  { id: 'pending', name: 'Pending review' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
];

/** The condition as the review card shows it: hyphens as spaces ("used-good" → "used good"). */
export function conditionText(condition: string): string {
  return condition.replace(/-/g, ' ');
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,250.00" from the API's decimal string; the raw text when it is not a number. */
export function priceText(price: string): string {
  const n = Number(price);
  return price.trim() !== '' && Number.isFinite(n) ? usd.format(n) : price;
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Listed Nov 23, 2026". */
export function listedText(createdAt: string): string {
  const d = new Date(createdAt);
  return Number.isNaN(d.getTime()) ? '' : `Listed ${day.format(d)}`;
}

/** Where a listing is in review; withdrawn listings are neither pending nor decided. */
export function reviewStatusOf(record: Pick<PartDto, 'isActive' | 'isApproved' | 'rejectionReason'>): ReviewStatus | 'withdrawn' {
  if (record.isApproved) return 'approved';
  if (record.rejectionReason) return 'rejected';
  return record.isActive ? 'pending' : 'withdrawn';
}

/** The photos in display order: the primary first, then the others as listed. */
export function photosInOrder(images: readonly PartImageDto[]): PartImageDto[] {
  return [...images.filter((i) => i.isPrimary), ...images.filter((i) => !i.isPrimary)];
}

/** Whether a rejection reason may be sent: not blank. */
export function canReject(reason: string): boolean {
  return reason.trim().length > 0;
}
