import type { Container } from 'inversify';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import type { TaskFactories } from '../../platform/module.js';
import { AUCTION_EVENTS } from '../auctions/index.js';
import { CATALOG_EVENTS, CatalogApi } from '../catalog/index.js';
import { AlertMailService } from './alert-mail.service.js';
import { ALERT_MAIL_TASK, AlertMatchingService } from './alert-matching.service.js';

/** Matches a new item for sale (an approved part, a started auction) against the alerts. */
export const MATCH_ALERTS_TASK = 'garage/match-alerts';
/** The daily digest of daily alerts (crontab; safe to run twice). */
export const ALERT_DIGEST_TASK = 'garage/alert-digest';

// The facts of each event the garage needs, inside the event envelope (a subset of the publisher's payload).
const partApprovedEvent = z.object({ event: z.literal(CATALOG_EVENTS.partApproved), payload: z.object({ partId: z.uuid() }) });
const auctionStartedEvent = z.object({
  event: z.literal(AUCTION_EVENTS.auctionStarted),
  payload: z.object({ auctionId: z.uuid(), partId: z.uuid(), sellerId: z.uuid(), title: z.string(), startingBid: z.string() }),
});
const matchEvent = z.discriminatedUnion('event', [partApprovedEvent, auctionStartedEvent]);
const userPayload = z.object({ userId: z.uuid() });

/** Matches the item an event names; idempotent (each match is stored once per alert and item). */
async function matchAlerts(container: Container, payload: unknown): Promise<void> {
  const event = parseOrThrow(matchEvent, payload);
  const [part] = await container.get(CatalogApi).findParts([event.payload.partId]);
  if (!part) return;
  const item =
    event.event === CATALOG_EVENTS.partApproved
      ? AlertMatchingService.partItem(part)
      : AlertMatchingService.auctionItem(event.payload.auctionId, event.payload.title, event.payload.startingBid, event.payload.sellerId, part);
  if (item) await container.get(AlertMatchingService).match(item);
}

/** graphile-worker tasks of the garage core. */
export const garageCoreTasks: TaskFactories = {
  /** Matches an approved part or a started auction against the active alerts. */
  [MATCH_ALERTS_TASK]: (container) => async (payload) => matchAlerts(container, payload),
  /** Mails a user's instant alerts' new matches in one mail (keyed per user, a short delay groups them). */
  [ALERT_MAIL_TASK]: (container) => async (payload) => {
    await container.get(AlertMailService).mailInstant(parseOrThrow(userPayload, payload).userId);
  },
  /** Sends the daily digests that are due in their users' time zones. */
  [ALERT_DIGEST_TASK]: (container) => async () => {
    await container.get(AlertMailService).sendDigests();
  },
};

/** The garage core's event subscriptions. */
export const garageCoreSubscriptions: Record<string, string[]> = {
  [CATALOG_EVENTS.partApproved]: [MATCH_ALERTS_TASK],
  [AUCTION_EVENTS.auctionStarted]: [MATCH_ALERTS_TASK],
};

/** The garage core's crontab: digests are looked for every 15 minutes (users' hours fall on any quarter's zone). */
export const garageCoreCrontab = [`*/15 * * * * ${ALERT_DIGEST_TASK} ?max=1&jobKey=garage-alert-digest`];
