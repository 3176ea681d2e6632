import type { ReverseAuctionDto, ReverseDisplayStatusDto } from '../../../modules/reverse/reverse.dto';
import { clockMs, formatDateTime, formatMinutesSeconds, isFinalHour } from '../../lib/format';

const HOUR = 3600_000;

export type DisplayStatus = ReverseDisplayStatusDto;

/**
 * Spec 000 "Reverse auction detail": ended if ended or time is up (a cancelled request is over too); Pending;
 * Ending Soon under 1 hour; else Active, a scheduled request included. The server's `displayStatus` follows the
 * same rule at the moment of its answer; the pages compute it on their ticking clock.
 */
export function displayStatus(r: Pick<ReverseAuctionDto, 'status' | 'endTime'>, now: number): DisplayStatus {
  const left = new Date(r.endTime).getTime() - now;
  if (r.status === 'ended' || r.status === 'cancelled' || left <= 0) return 'Ended';
  if (r.status === 'pending') return 'Pending';
  if (left < HOUR) return 'Ending Soon';
  return 'Active';
}

/**
 * The finer state the badge leaves out, for a secondary line: a scheduled request's opening for quotes, a
 * cancellation; null otherwise.
 */
export function stateNote(r: Pick<ReverseAuctionDto, 'status' | 'startTime'>, now: number): string | null {
  if (r.status === 'cancelled') return 'Cancelled';
  if (r.status === 'scheduled' && new Date(r.startTime).getTime() > now) return `Quotes open ${formatDateTime(r.startTime)}`;
  return null;
}

/**
 * Days and hours, else hours and minutes left ("2d 2h", "5h 12m"), else minutes and seconds ("12m 05s", "45s");
 * "Ended" once past. Urgent (red) under 24 hours; final (the clock pulses) under an hour.
 */
export function timeLeft(endTime: string, now: number): { text: string; urgent: boolean; final: boolean } {
  const remaining = new Date(endTime).getTime() - now;
  if (!(remaining > 0)) return { text: 'Ended', urgent: false, final: false };
  if (isFinalHour(remaining)) return { text: formatMinutesSeconds(remaining), urgent: true, final: true };
  const ms = clockMs(remaining);
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / 60_000);
  const days = Math.floor(hours / 24);
  const text = days >= 1 ? `${days}d ${hours % 24}h` : `${hours}h ${minutes}m`;
  return { text, urgent: ms < 24 * HOUR, final: false };
}

/**
 * A request's time left as its pages show it: "Ended" once it ended, even before its end time (a buyer who awards a
 * quote early ends it), "Cancelled" once cancelled, otherwise the clock to its end time (issue 34).
 */
export function requestTimeLeft(
  r: Pick<ReverseAuctionDto, 'status' | 'endTime' | 'awardStatus'>,
  now: number,
): { text: string; urgent: boolean; final: boolean } {
  if (r.status === 'cancelled') return { text: 'Cancelled', urgent: false, final: false };
  if (r.status === 'ended' || r.awardStatus !== null) return { text: 'Ended', urgent: false, final: false };
  return timeLeft(r.endTime, now);
}

/**
 * The line under the clock: "Ends …" while it runs, "Ended …" once it ended (when it did, early on an award), for
 * a cancelled request the moment it closed if known, else nothing.
 */
export function requestEndLine(r: Pick<ReverseAuctionDto, 'status' | 'endTime' | 'endedAt'>): { label: 'Ends' | 'Ended' | 'Closed'; at: string } | null {
  if (r.status === 'cancelled') return r.endedAt ? { label: 'Closed', at: r.endedAt } : null;
  if (r.status === 'ended') return { label: 'Ended', at: r.endedAt ?? r.endTime };
  return { label: 'Ends', at: r.endTime };
}

/** "3 hours ago" style for the posted time. */
export function postedAgo(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Buyer Information's name: full name, else username, else "Anonymous Buyer". */
export function buyerName(user: { firstName?: string | null; lastName?: string | null; username?: string | null } | undefined): string {
  const full = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  return full || user?.username || 'Anonymous Buyer';
}

/** Member-since year, or "Recently". */
export function memberSince(createdAt: string | undefined): string {
  const year = createdAt ? new Date(createdAt).getUTCFullYear() : NaN;
  return Number.isFinite(year) ? String(year) : 'Recently';
}

export const URGENCY_LABEL: Record<string, string> = { high: 'High Priority', normal: 'Normal', low: 'Low' };
export const SHIPPING_LABEL: Record<string, string> = { pickup: 'Local pickup', shipping: 'Shipping', both: 'Pickup or shipping' };

/** A quote's photos for POST /api/reverse-auctions/{id}/bids: uploaded ones only, the primary first, alt text when given. */
export function quoteImages(photos: readonly { url: string; altText: string; isPrimary: boolean; status: string }[]): { url: string; altText?: string }[] {
  return [...photos]
    .filter((p) => p.status === 'uploaded' && p.url)
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    .map((p) => (p.altText.trim() ? { url: p.url, altText: p.altText.trim() } : { url: p.url }));
}
