import type { NotificationItemType } from '../notification.dto.js';
import type { NotificationOnceInput } from '../notifications.api.js';

/** A notice of an event; `key` stores it once across events (default: once per job and position). */
export type Notice = NotificationOnceInput;

/** What a source may look up to word its notices (through the other modules' APIs). */
export interface NoticeLookups {
  /** A part's title, or null when it is gone. */
  partTitle(partId: string): Promise<string | null>;
  /** The title of an order's part, or null (no payments module, or an unknown order). */
  orderPartTitle(orderId: string): Promise<string | null>;
  /** An order's state (`cancelled`, `refunded` ...), or null (no payments module, or an unknown order). */
  orderState(orderId: string): Promise<string | null>;
}

/**
 * The notices of one module's events (notices/<module>.ts): the events the centre subscribes to, and what each
 * tells whom. Each source parses the facts it needs, a subset of the publisher's payload (never stricter).
 */
export interface NoticeSource {
  events: readonly string[];
  notices(event: string, payload: unknown, lookups: NoticeLookups): Promise<Notice[]> | Notice[];
}

/** `{relatedItemType, relatedItemId, link}` of a notice about one item. */
export const about = (type: NotificationItemType, id: string, link: string) => ({ relatedItemType: type, relatedItemId: id, link });

/** Cents as the notices write money: `$1,234.50`. */
export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A moment as notices write it for people: "Nov 27, 2026, 11:11 PM UTC". */
export function peopleTime(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return `${d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** A name in quotes, once: a name that carries quotes already (a saved search's `"falcon"`) is left as it is. */
export const quoted = (name: string) => (/["“”]/.test(name) ? name : `"${name}"`);

/** A mail's text as a notice: without its link paragraphs (the notice opens the item itself). */
export function noticeText(mail: string): string {
  return mail
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^https?:\/\/\S+$/.test(paragraph.trim()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
