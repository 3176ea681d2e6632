/** The auto-relist console page (spec 001 "Auto-relist admin page"). */

export const AUTO_RELIST_API = '/api/admin/auto-relist';
/** Spec 001 §9: the queue status is polled every 5 seconds. */
export const STATUS_POLL_MS = 5000;
export const EMPTY_ID_MESSAGE = 'Please enter an auction ID';
export const STATUS_ERROR = 'Unable to load queue status';

export interface UpcomingRelist {
  type: string;
  originalId: string;
  scheduledTime: string;
}

export interface AutoRelistStatus {
  totalJobs: number;
  pendingJobs: number;
  processedJobs: number;
  upcomingJobs: UpcomingRelist[];
}

/** Reads the status answer defensively: missing counts are 0, missing lists empty. */
export function toRelistStatus(data: unknown): AutoRelistStatus {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
  const jobs = Array.isArray(record.upcomingJobs) ? record.upcomingJobs : [];
  return {
    totalJobs: count(record.totalJobs),
    pendingJobs: count(record.pendingJobs),
    processedJobs: count(record.processedJobs),
    upcomingJobs: jobs
      .filter((j): j is Record<string, unknown> => Boolean(j) && typeof j === 'object')
      .map((j) => ({ type: String(j.type ?? ''), originalId: String(j.originalId ?? ''), scheduledTime: String(j.scheduledTime ?? '') })),
  };
}

export type ManualRelistCheck = { ok: true; path: string } | { ok: false; message: string };

/** The kinds of listing a manual relist takes (spec 001: POST /api/admin/auto-relist/manual/{type}/{id}). */
export const RELIST_TYPES = ['auction', 'reverse-auction'] as const;
export type RelistType = (typeof RELIST_TYPES)[number];

/** The manual relist needs a non-empty auction id; the type and the id go into the path, the id encoded. */
export function manualRelistRequest(auctionId: string, type: RelistType = 'auction'): ManualRelistCheck {
  const id = auctionId.trim();
  if (!id) return { ok: false, message: EMPTY_ID_MESSAGE };
  return { ok: true, path: `${AUTO_RELIST_API}/manual/${type}/${encodeURIComponent(id)}` };
}

/** "auction" -> "Auction", "reverse-auction" / "reverse_auction" -> "Reverse auction". */
export function relistTypeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}
