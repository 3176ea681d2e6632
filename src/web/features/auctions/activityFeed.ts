import type { ActivityEventDto, ActivityStatsDto } from '../../../modules/auctions/auction.dto';

/** Spec 000 §9: the feed keeps the latest 50 events (and reconnects 3 s after a disconnect: useLiveSocket). */
export const FEED_LIMIT = 50;

export const CONNECTION_ERROR = 'Connection error occurred';
export const CONNECT_FAILED = 'Failed to connect to activity feed';

/** A message from /api/ws, as far as the feed cares. */
export type FeedMessage =
  | { type: 'subscription_confirmed'; auctionId: string }
  | { type: 'activity_history'; events: ActivityEventDto[] }
  | { type: 'activity_event'; event: ActivityEventDto }
  | { type: 'activity_stats'; stats: ActivityStatsDto }
  | { type: 'error'; message: string };

/** Reads one WebSocket frame; null for anything that is not a feed message. */
export function parseFeedMessage(raw: unknown): FeedMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'subscription_confirmed':
      return { type: 'subscription_confirmed', auctionId: String(m.auctionId ?? '') };
    case 'activity_history':
      return Array.isArray(m.events) ? { type: 'activity_history', events: m.events.filter(isEvent) } : null;
    case 'activity_event':
      return isEvent(m.event) ? { type: 'activity_event', event: m.event } : null;
    case 'activity_stats':
      return m.stats && typeof m.stats === 'object' ? { type: 'activity_stats', stats: m.stats as ActivityStatsDto } : null;
    case 'error':
      return { type: 'error', message: typeof m.message === 'string' && m.message ? m.message : CONNECTION_ERROR };
    default:
      return null;
  }
}

function isEvent(value: unknown): value is ActivityEventDto {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.type === 'string' && typeof e.timestamp === 'string';
}

function newestFirst(a: ActivityEventDto, b: ActivityEventDto): number {
  return new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime();
}

/** The history replaces the list: newest first, at most 50. */
export function withHistory(events: ActivityEventDto[]): ActivityEventDto[] {
  const seen = new Set<string>();
  return [...events]
    .sort(newestFirst)
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
    .slice(0, FEED_LIMIT);
}

/** A new event goes on top (an event already shown is not repeated); the oldest drop off past 50. */
export function withEvent(events: ActivityEventDto[], event: ActivityEventDto): ActivityEventDto[] {
  if (events.some((e) => e.id === event.id)) return events;
  return [event, ...events].slice(0, FEED_LIMIT);
}

/** One line describing an event, for the feed and screen readers. */
export function describeEvent(event: ActivityEventDto, formatMoney: (value: string | number) => string): string {
  const who = event.data.username || 'A bidder';
  const amount = event.data.amount ?? event.data.currentBid;
  switch (event.type) {
    case 'bid':
      return amount != null ? `${who} bid ${formatMoney(amount)}` : `${who} placed a bid`;
    case 'outbid':
      return event.data.previousHighBid != null
        ? `${who} was outbid (previous high ${formatMoney(event.data.previousHighBid)})`
        : `${who} was outbid`;
    case 'extension': {
      const seconds = event.data.extensionTime;
      return seconds ? `Auction extended by ${formatExtension(seconds)}` : 'Auction extended';
    }
    case 'watcher':
      return event.data.totalWatchers != null ? `${event.data.totalWatchers} watching now` : 'Someone started watching';
    case 'end':
      return amount != null ? `Auction ended at ${formatMoney(amount)}` : 'Auction ended';
    default:
      return 'Auction activity';
  }
}

function formatExtension(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} seconds`;
}
