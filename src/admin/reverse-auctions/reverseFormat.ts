import type { AdminReverseAuctionDto, ReverseStatusDto } from '../../modules/reverse/reverse.dto';
import { PART_CATEGORIES } from '../../modules/reverse/reverse.messages';

/** The status filter's choices; "All" is the empty choice. */
export const reverseStatusChoices: { id: ReverseStatusDto; name: string }[] = [
  { id: 'active', name: 'Active' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'ended', name: 'Ended' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'pending', name: 'Pending' },
];

/** The request form's categories (every catalog category, as the server accepts them). */
export const reverseCategoryChoices = PART_CATEGORIES.map((c) => ({ id: c, name: c }));

export const reverseStatusText = (status: string): string => reverseStatusChoices.find((c) => c.id === status)?.name ?? status;

export const URGENCY_TEXT: Record<string, string> = { high: 'High priority', normal: 'Normal', low: 'Low' };

type Outcome = Pick<AdminReverseAuctionDto, 'status' | 'awardStatus' | 'totalBids' | 'winningBidId'>;

/** The outcome line of a request: awarded, waiting for the buyer's award, closed unawarded, cancelled. */
export function reverseResultText(r: Outcome): string {
  if (r.status === 'cancelled') return 'Cancelled';
  if (r.status !== 'ended') return '—';
  if (r.awardStatus === 'awarded') return 'Awarded';
  if (r.awardStatus === 'unawarded') return r.totalBids ? 'Closed unawarded' : 'No quotes';
  return 'Awaiting award';
}

/**
 * Whether the console may cancel the request now, and why not: the server cancels an open request
 * (pending, scheduled or active) that has no quotes.
 */
export function reverseCancelState(r: Pick<AdminReverseAuctionDto, 'status' | 'totalBids'>): { allowed: boolean; why: string | null } {
  if (r.status !== 'pending' && r.status !== 'scheduled' && r.status !== 'active') return { allowed: false, why: null };
  if (r.totalBids > 0) return { allowed: false, why: 'Sellers have quoted on this request, so it can no longer be cancelled.' };
  return { allowed: true, why: null };
}
