/**
 * Reports what the visitor saw and did with listings (POST /api/analytics/events): page views, search
 * impressions and clicks. Events wait a moment and go together in one request (sendBeacon when the page is
 * leaving), so reporting never delays the page; a failure is ignored: these are statistics.
 */
export type ListingActivityType = 'view' | 'impression' | 'click';
export type ListingItemType = 'part' | 'auction';
export interface ListingActivityEvent {
  type: ListingActivityType;
  itemType: ListingItemType;
  itemId: string;
}

const ENDPOINT = '/api/analytics/events';
/** The server's limit per request. */
export const MAX_EVENTS_PER_REPORT = 120;
const SEND_AFTER_MS = 1500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits events into reports the server accepts, leaving out anything that is not a listing id. */
export function reportsOf(events: readonly ListingActivityEvent[]): ListingActivityEvent[][] {
  const valid = events.filter((e) => UUID.test(e.itemId));
  const reports: ListingActivityEvent[][] = [];
  for (let i = 0; i < valid.length; i += MAX_EVENTS_PER_REPORT) reports.push(valid.slice(i, i + MAX_EVENTS_PER_REPORT));
  return reports;
}

/** The listing a link of the web app opens (`/parts/{id}` or `/auctions/{id}`), or null. */
export function listingOfHref(href: string | null): { itemType: ListingItemType; itemId: string } | null {
  const match = /^\/(parts|auctions)\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(href ?? '');
  if (!match || !UUID.test(match[2]!)) return null;
  return { itemType: match[1] === 'parts' ? 'part' : 'auction', itemId: match[2]!.toLowerCase() };
}

let queue: ListingActivityEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
/** Impressions already reported in this page load (a listing shown again on re-render counts once). */
const shown = new Set<string>();

function send(beacon: boolean): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const events = queue;
  queue = [];
  for (const report of reportsOf(events)) {
    const body = JSON.stringify({ events: report });
    if (beacon && typeof navigator !== 'undefined' && navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) continue;
    void fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, credentials: 'same-origin', keepalive: true }).catch(() => {});
  }
}

function enqueue(events: ListingActivityEvent[]): void {
  if (!events.length) return;
  queue.push(...events);
  if (queue.length >= MAX_EVENTS_PER_REPORT) send(false);
  else timer ??= setTimeout(() => send(false), SEND_AFTER_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => send(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send(true);
  });
}

/** A listing page was viewed (the server counts it once per visitor per day). */
export function reportView(itemType: ListingItemType, itemId: string): void {
  enqueue([{ type: 'view', itemType, itemId }]);
}

/** Search results showed these listings. */
export function reportImpressions(items: readonly { itemType: ListingItemType; itemId: string }[]): void {
  const fresh = items.filter((i) => !shown.has(`${i.itemType}:${i.itemId}`));
  for (const i of fresh) shown.add(`${i.itemType}:${i.itemId}`);
  enqueue(fresh.map((i) => ({ type: 'impression' as const, ...i })));
}

/** A search result was opened. */
export function reportClick(itemType: ListingItemType, itemId: string): void {
  enqueue([{ type: 'click', itemType, itemId }]);
}
