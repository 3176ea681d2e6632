/** Pure rules of the console's seller review screen (spec 001 §2 "Admin dashboard", §5 "Admin", §8). */

import type { SellerStatus } from '../../modules/sellers/seller.dto';

export type { SellerStatus };

export const SELLER_TABS: ReadonlyArray<{ status: SellerStatus; label: string }> = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];

export interface SellerCounts {
  pending: number;
  approved: number;
  rejected: number;
}

/** The spec's notification titles. */
export const SELLER_NOTICES = {
  approved: 'Seller Approved',
  rejected: 'Seller Rejected',
  settingUpdated: 'Setting Updated',
  approvalFailed: 'Approval Failed',
  rejectionFailed: 'Rejection Failed',
  updateFailed: 'Update Failed',
} as const;

/** A failure notification: the title, then the server's message when there is one. */
export function failureText(title: string, error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : typeof error === 'string' ? error.trim() : '';
  return message ? `${title}: ${message}` : title;
}

/** Reject stays disabled until a non-blank reason is typed. */
export function canReject(reason: string): boolean {
  return reason.trim().length > 0;
}

/** The body of PATCH /api/sellers/{id} for a decision (approver and time come from the server). */
export function decisionBody(decision: 'approved'): { status: 'approved' };
export function decisionBody(decision: 'rejected', reason: string): { status: 'rejected'; rejectionReason: string };
export function decisionBody(decision: SellerStatus, reason?: string) {
  return decision === 'rejected' ? { status: 'rejected', rejectionReason: (reason ?? '').trim() } : { status: 'approved' };
}

const BUSINESS_TYPE_LABELS: Record<string, string> = {
  individual: 'Individual',
  business: 'Business',
  dealership: 'Dealership',
};

export function businessTypeLabel(type: string | null | undefined): string {
  return (type && BUSINESS_TYPE_LABELS[type]) || 'Individual';
}

/** "Austin, TX"; either part alone when the other is missing. */
export function cityState(city: string | null | undefined, state: string | null | undefined): string {
  return [city?.trim(), state?.trim()].filter(Boolean).join(', ');
}

/** A link target for a website as typed: kept when it has a scheme, else https:// is added; null when blank. */
export function websiteHref(website: string | null | undefined): string | null {
  const value = website?.trim();
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Jan 30, 2025", or "—" for no date. */
export function consoleDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** The counts with a status's tab label: "Pending (3)". */
export function tabLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
