/** The pure rules of reverse auctions: choices, the quote ceiling, priority and the award window. */

import type { ReverseDisplayStatusDto } from './reverse.dto.js';

export { PART_CATEGORIES } from './reverse.messages.js';
export const SHIPPING_PREFERENCES = ['pickup', 'shipping', 'both'] as const;
export const URGENCIES = ['low', 'normal', 'high'] as const;
export const REVERSE_STATUSES = ['pending', 'scheduled', 'active', 'ended', 'cancelled'] as const;
export type ReverseStatus = (typeof REVERSE_STATUSES)[number];
export type Urgency = (typeof URGENCIES)[number];

/** Sort weights of the Priority sort (spec 001 §9). */
export const URGENCY_WEIGHTS: Record<Urgency, number> = { high: 3, normal: 2, low: 1 };

/** Where the sellers told of a new request come from: their specialties (sellers), then their listings (catalog). */
export const MATCHING_SOURCES = ['specialties', 'parts'] as const;
export type MatchingSource = (typeof MATCHING_SOURCES)[number];

/** How long after the end the buyer may award a quote. */
export const AWARD_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one new-quote mail per request and this interval. */
export const NEW_QUOTE_MAIL_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The highest quote a seller may make, in cents: the maximum budget, and once there is a lowest quote, that
 * quote minus the minimum decrement. Null when no quote can be made (the ceiling is below one cent).
 */
export function maximumQuote(r: { maxBudget: number; currentLowestBid: number | null; minBidDecrement: number }): number | null {
  const max = r.currentLowestBid === null ? r.maxBudget : Math.min(r.maxBudget, r.currentLowestBid - r.minBidDecrement);
  return max >= 1 ? max : null;
}

/** The new maximum budget of a relist: raised by `percent` (one decimal), rounded down to the cent. */
export function relistBudget(maxBudget: number, percent: number): number {
  const tenths = Math.round(percent * 10);
  return Math.floor((maxBudget * (1000 + tenths)) / 1000);
}

/** The last moment the buyer may award, or null while the request has not ended. */
export function awardDeadline(endedAt: Date | null): Date | null {
  return endedAt ? new Date(endedAt.getTime() + AWARD_WINDOW_MS) : null;
}

/** A username shown in the public activity feed: first and last letter only. */
export function maskName(username: string): string {
  if (username.length <= 2) return `${username[0] ?? '*'}***`;
  return `${username[0]}***${username[username.length - 1]}`;
}

/** A moment as mails and notices write it for people: "Nov 27, 2026, 11:11 PM UTC". */
export function peopleTime(at: Date): string {
  const text = at.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `${text} UTC`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The spec's display status (000, reverse auction detail): Ended if ended or the end has passed (a cancelled request
 * is over too); Pending if pending; Ending Soon under an hour left; otherwise Active, a scheduled request included.
 */
export function displayStatus(r: { status: ReverseStatus; endTime: Date }, now: Date): ReverseDisplayStatusDto {
  const left = r.endTime.getTime() - now.getTime();
  if (r.status === 'ended' || r.status === 'cancelled' || left <= 0) return 'Ended';
  if (r.status === 'pending') return 'Pending';
  if (left < HOUR_MS) return 'Ending Soon';
  return 'Active';
}
