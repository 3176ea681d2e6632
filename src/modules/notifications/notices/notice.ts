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

/** A mail's text as a notice: without its link paragraphs (the notice opens the item itself). */
export function noticeText(mail: string): string {
  return mail
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^https?:\/\/\S+$/.test(paragraph.trim()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
