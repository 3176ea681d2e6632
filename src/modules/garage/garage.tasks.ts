import type { Container } from 'inversify';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import { parseMoney } from '../../platform/money.js';
import type { TaskFactories } from '../../platform/module.js';
import { AUCTION_EVENTS } from '../auctions/index.js';
import { CATALOG_EVENTS, CatalogApi } from '../catalog/index.js';
import { REVERSE_EVENTS, unfilledRequestPayload } from '../reverse/index.js';
import { AlertMailService } from './alert-mail.service.js';
import { AlertMatchingService } from './alert-matching.service.js';
import { MarketWatchService } from './market-watch.service.js';
import { PriceHistoryService } from './price-history.service.js';
import { WantedAlertService } from './wanted-alert.service.js';

/** The garage's graphile-worker tasks. */
export const GARAGE_TASKS = {
  /** Matches a new item for sale (an approved part, a started auction) against the alerts. */
  matchAlerts: 'garage/match-alerts',
  /** Mails a user's new instant-alert matches, grouped (keyed per user: alertMailKey). */
  alertMail: 'garage/alert-mail',
  /** The daily digest of daily alerts (crontab; safe to run twice). */
  alertDigest: 'garage/alert-digest',
  /** Records a price event of another module in price_history and moves the watches. */
  recordPrice: 'garage/record-price',
  /** Records the current bid and lowest quote of watched auctions and requests (crontab, every minute). */
  priceSweep: 'garage/price-sweep',
  /** Makes (or offers) the buyer an alert like a wanted request that ended without an award. */
  wantedAlert: 'garage/wanted-alert',
} as const;

/** The job key of a user's pending alert mail: matches that arrive while it waits join it. */
export const alertMailKey = (userId: string) => `garage-alert-mail:${userId}`;

/** The payments module's paid-order event, by its string so the garage works before and without that module. */
const ORDER_PAID = 'payments.order.paid';

// The facts of each event the garage needs, inside the event envelope (a subset of the publisher's payload).
const partApprovedEvent = z.object({ event: z.literal(CATALOG_EVENTS.partApproved), payload: z.object({ partId: z.uuid() }) });
const partBackOnSaleEvent = z.object({ event: z.literal(CATALOG_EVENTS.partBackOnSale), payload: z.object({ partId: z.uuid() }) });
const auctionStartedEvent = z.object({
  event: z.literal(AUCTION_EVENTS.auctionStarted),
  payload: z.object({ auctionId: z.uuid(), partId: z.uuid(), sellerId: z.uuid(), title: z.string(), startingBid: z.string() }),
});
const matchEvent = z.discriminatedUnion('event', [partApprovedEvent, partBackOnSaleEvent, auctionStartedEvent]);
const userPayload = z.object({ userId: z.uuid() });
const unfilledEvent = z.object({ event: z.literal(REVERSE_EVENTS.requestUnfilled), payload: unfilledRequestPayload });

const partChangedEvent = z.object({
  event: z.enum([CATALOG_EVENTS.partApproved, CATALOG_EVENTS.partUpdated]),
  payload: z.object({ partId: z.uuid() }),
});
const auctionWonEvent = z.object({
  event: z.literal(AUCTION_EVENTS.auctionWon),
  payload: z.object({ auctionId: z.uuid(), partId: z.uuid(), amount: z.string() }),
});
const orderPaidEvent = z.object({
  event: z.literal(ORDER_PAID),
  payload: z.object({ orderId: z.uuid(), partId: z.uuid().nullable(), source: z.string(), sourceId: z.string().nullable().optional(), totalCents: z.number().int() }),
});
const priceEvent = z.discriminatedUnion('event', [partChangedEvent, auctionWonEvent, orderPaidEvent]);

/**
 * A price event: a part listed or edited (recorded when its price changed), an auction's final price (once per
 * auction), a paid order (once per order; auction sales are already their final price). Idempotent.
 */
async function recordPrice(container: Container, payload: unknown): Promise<void> {
  const { event, payload: p } = parseOrThrow(priceEvent, payload);
  const prices = container.get(PriceHistoryService);
  const partOf = async (id: string | null) => (id ? ((await container.get(CatalogApi).findParts([id]))[0] ?? null) : null);
  if (event === ORDER_PAID) {
    const o = p as z.infer<typeof orderPaidEvent>['payload'];
    if (o.source === 'auction_won' || o.source === 'auction_buy_it_now') return;
    const part = await partOf(o.partId);
    const request = o.source === 'reverse_award' ? (o.sourceId ?? null) : null;
    if (!part && !request) return;
    await prices.record({ kind: 'order', partId: part?.id ?? null, reverseAuctionId: request, priceCents: o.totalCents, eventType: 'sold', part, sourceKey: `order:${o.orderId}` });
    return;
  }
  if (event === AUCTION_EVENTS.auctionWon) {
    const w = p as z.infer<typeof auctionWonEvent>['payload'];
    const cents = parseMoney(w.amount);
    if (!cents.ok) return;
    const part = await partOf(w.partId);
    await prices.record({ kind: 'auction', auctionId: w.auctionId, priceCents: cents.cents, eventType: 'auction_final', part, sourceKey: `auction_final:${w.auctionId}` });
    return;
  }
  const part = await partOf(p.partId);
  const cents = part ? parseMoney(part.price) : null;
  if (!part || !cents?.ok || !part.isApproved || !part.isActive) return;
  await prices.record({
    kind: 'part',
    partId: part.id,
    priceCents: cents.cents,
    eventType: event === CATALOG_EVENTS.partApproved ? 'listed' : 'price_changed',
    part,
    onlyIfChanged: true,
  });
}

/** Matches the item an event names; idempotent (each match is stored once per alert and item). */
async function matchAlerts(container: Container, payload: unknown): Promise<void> {
  const event = parseOrThrow(matchEvent, payload);
  const [part] = await container.get(CatalogApi).findParts([event.payload.partId]);
  if (!part) return;
  const item =
    event.event !== AUCTION_EVENTS.auctionStarted
      ? AlertMatchingService.partItem(part)
      : AlertMatchingService.auctionItem(event.payload.auctionId, event.payload.title, event.payload.startingBid, event.payload.sellerId, part);
  if (item) await container.get(AlertMatchingService).match(item);
}

/** graphile-worker tasks of the garage. */
export const garageTasks: TaskFactories = {
  /**
   * Matches an approved part, a part back on sale after a cancelled order, or a started auction against the
   * active alerts (an alert that matched the part before is not told again).
   */
  [GARAGE_TASKS.matchAlerts]: (container) => async (payload) => matchAlerts(container, payload),
  /** Mails a user's instant alerts' new matches in one mail (keyed per user, a short delay groups them). */
  [GARAGE_TASKS.alertMail]: (container) => async (payload) => {
    await container.get(AlertMailService).mailInstant(parseOrThrow(userPayload, payload).userId);
  },
  /** Records a price event (part listed or edited, auction final, paid order) and moves the watches. */
  [GARAGE_TASKS.recordPrice]: (container) => async (payload) => recordPrice(container, payload),
  /** Records watched auctions' current bids and requests' lowest quotes when they changed. */
  [GARAGE_TASKS.priceSweep]: (container) => async () => {
    await container.get(MarketWatchService).sweep();
  },
  /** A wanted request ended without an award: the buyer's alert like it, made or offered (once per request). */
  [GARAGE_TASKS.wantedAlert]: (container) => async (payload) => {
    await container.get(WantedAlertService).onUnfilled(parseOrThrow(unfilledEvent, payload).payload);
  },
  /** Sends the daily digests that are due in their users' time zones. */
  [GARAGE_TASKS.alertDigest]: (container) => async () => {
    await container.get(AlertMailService).sendDigests();
  },
};

/** The garage's event subscriptions. */
export const garageSubscriptions: Record<string, string[]> = {
  [CATALOG_EVENTS.partApproved]: [GARAGE_TASKS.matchAlerts, GARAGE_TASKS.recordPrice],
  [CATALOG_EVENTS.partBackOnSale]: [GARAGE_TASKS.matchAlerts],
  [CATALOG_EVENTS.partUpdated]: [GARAGE_TASKS.recordPrice],
  [AUCTION_EVENTS.auctionStarted]: [GARAGE_TASKS.matchAlerts],
  [AUCTION_EVENTS.auctionWon]: [GARAGE_TASKS.recordPrice],
  [ORDER_PAID]: [GARAGE_TASKS.recordPrice],
  [REVERSE_EVENTS.requestUnfilled]: [GARAGE_TASKS.wantedAlert],
};

/** The garage's crontab: digests are looked for every 15 minutes (users' hours fall on any quarter's zone). */
export const garageCrontab = [
  `*/15 * * * * ${GARAGE_TASKS.alertDigest} ?max=1&jobKey=garage-alert-digest`,
  `* * * * * ${GARAGE_TASKS.priceSweep} ?max=1&jobKey=garage-price-sweep`,
];
