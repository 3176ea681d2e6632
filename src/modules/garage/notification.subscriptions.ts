import type { Container } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import { parseMoney } from '../../platform/money.js';
import type { TaskFactories } from '../../platform/module.js';
import { AUCTION_EVENTS } from '../auctions/index.js';
import { CATALOG_EVENTS, CatalogApi } from '../catalog/index.js';
import { OFFERS_EVENTS } from '../offers/index.js';
import { OrdersApi, PAYMENTS_EVENTS } from '../payments/index.js';
import { RETURNS_EVENTS } from '../returns/index.js';
import { REVERSE_EVENTS } from '../reverse/index.js';
import { SELLER_EVENTS } from '../sellers/index.js';
import type { NotificationItemType } from './notification.dto.js';
import { NotificationService, type NotificationOnceInput } from './notification.service.js';

/** The task that turns another module's event into notifications (one job per event, see EventBus). */
export const NOTIFY_EVENT_TASK = 'garage/notify-event';

/** The payments module's order events (its PAYMENTS_EVENTS). */
export const PAYMENT_ORDER_EVENTS = PAYMENTS_EVENTS;

/** `auctions.notices.sent`: the auction notices auctions just mailed (results, outbid, reminders, admin closes); `reverse.notices.sent` likewise. */
const AUCTION_NOTICES_SENT = AUCTION_EVENTS.noticesSent;

/** Every event the notification centre turns into notifications. */
export const NOTIFIED_EVENTS = [
  CATALOG_EVENTS.partApproved,
  CATALOG_EVENTS.partRejected,
  CATALOG_EVENTS.partBackOnSale,
  SELLER_EVENTS.sellerApproved,
  SELLER_EVENTS.sellerRejected,
  AUCTION_NOTICES_SENT,
  REVERSE_EVENTS.noticesSent,
  ...Object.values(PAYMENT_ORDER_EVENTS),
  ...Object.values(RETURNS_EVENTS),
  OFFERS_EVENTS.offerMade,
  OFFERS_EVENTS.offerCountered,
  OFFERS_EVENTS.offerAccepted,
  OFFERS_EVENTS.offerDeclined,
  OFFERS_EVENTS.offerExpired,
  OFFERS_EVENTS.reserveOpened,
  OFFERS_EVENTS.secondChanceSent,
  // OFFERS_EVENTS.reserveAgreed is left out: it follows the offerAccepted of the same agreement, which notifies.
] as const;

/** The garage module's `subscriptions`: each notified event goes to NOTIFY_EVENT_TASK. */
export const notificationSubscriptions: Record<string, string[]> = Object.fromEntries(NOTIFIED_EVENTS.map((name) => [name, [NOTIFY_EVENT_TASK]]));

// The facts each event carries that a notice needs (a subset of the publisher's payload: never stricter).
const partApproved = z.object({ partId: z.uuid(), sellerId: z.uuid(), approvedBy: z.uuid().nullable() });
const partBackOnSale = z.object({ partId: z.uuid(), sellerId: z.uuid(), orderId: z.uuid() });
const partRejected = z.object({ partId: z.uuid(), sellerId: z.uuid(), rejectionReason: z.string() });
const sellerApproved = z.object({ userId: z.uuid(), slug: z.string() });
const sellerRejected = z.object({ userId: z.uuid(), rejectionReason: z.string() });
const auctionNotices = z.object({
  notices: z.array(z.object({ auctionId: z.uuid(), userId: z.uuid(), type: z.string(), title: z.string(), message: z.string() })),
});
const reverseNotices = z.object({
  notices: z.array(z.object({ reverseAuctionId: z.uuid(), userId: z.uuid(), type: z.string(), title: z.string(), message: z.string() })),
});
const orderEvent = z.object({
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  // null for a reverse-auction award, which names no listed part (payments' OrderEventPayload).
  partId: z.uuid().nullable(),
  source: z.string(),
  totalCents: z.number().int(),
  reason: z.enum(['unpaid', 'buyer', 'seller', 'admin']).nullish(),
});
const returnEvent = z.object({
  returnId: z.uuid(),
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  state: z.string(),
  refundCents: z.number().int().nullable().optional(),
});
const offerEvent = z.object({
  offerId: z.uuid(),
  kind: z.string(),
  partId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  amount: z.string().nullable(),
  by: z.string(),
  orderId: z.uuid().nullish(),
  reason: z.string().nullish(),
});
const envelope = z.object({ event: z.string(), payload: z.unknown() });

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The notification type of an auction notice's mail type (`outbid-{seq}`, `result-winner`, `ends-1h` ...). */
export function auctionNoticeType(type: string): string {
  if (type.startsWith('outbid')) return 'outbid';
  if (type === 'result-winner') return 'auction_won';
  if (type === 'result-seller') return 'auction_result';
  if (type === 'result-lost') return 'auction_lost';
  if (type.startsWith('starts-') || type.startsWith('ends-')) return 'auction_reminder';
  if (type.startsWith('admin-')) return 'auction_closed';
  return 'auction';
}

/** The notification type of a wanted request's notice (`new-request`, `new-quotes-{id}`, `outquoted-{seq}`, `awarded` ...). */
export function reverseNoticeType(type: string): string {
  if (type === 'new-request') return 'reverse_request_match';
  if (type.startsWith('new-quotes')) return 'reverse_new_quote';
  if (type.startsWith('outquoted')) return 'outquoted';
  if (type === 'awarded') return 'quote_accepted';
  if (type === 'not-awarded') return 'quote_not_accepted';
  if (type.startsWith('ends-')) return 'reverse_reminder';
  if (type === 'cancelled') return 'reverse_cancelled';
  if (type === 'closed' || type === 'ended') return 'reverse_ended';
  return 'reverse_auction';
}

/** A mail's text as a notice: without its link paragraphs (the notice opens the item itself). */
export function noticeText(mail: string): string {
  return mail
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^https?:\/\/\S+$/.test(paragraph.trim()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A notice of an event; `key` stores it once across events (default: once per job and position). */
type Notice = NotificationOnceInput;

/** The notices of one event, or none (an event the centre does not notify about, or a part that is gone). */
export async function noticesOf(container: Container, event: string, raw: unknown): Promise<Notice[]> {
  const partTitle = async (partId: string) => (await container.get(CatalogApi).findParts([partId]))[0]?.title ?? null;
  const item = (type: NotificationItemType, id: string, link: string) => ({ relatedItemType: type, relatedItemId: id, link });
  switch (event) {
    case CATALOG_EVENTS.partApproved: {
      const p = parseOrThrow(partApproved, raw);
      // A trusted seller's listing goes live at once (approvedBy null): the seller needs no notice of that.
      if (!p.approvedBy) return [];
      const title = await partTitle(p.partId);
      if (!title) return [];
      return [{ userId: p.sellerId, notificationType: 'part_approved', title: 'Listing approved', message: `"${title}" is now live.`, ...item('part', p.partId, `/parts/${p.partId}`) }];
    }
    case CATALOG_EVENTS.partBackOnSale: {
      const p = parseOrThrow(partBackOnSale, raw);
      const title = (await partTitle(p.partId)) ?? 'Your part';
      return [{
        userId: p.sellerId,
        notificationType: 'part_back_on_sale',
        key: `part_back_on_sale:${p.orderId}`,
        title: 'Your part is back on sale',
        message: `The order for "${title}" was cancelled before it shipped, so the part is listed for sale again.`,
        ...item('part', p.partId, `/parts/${p.partId}`),
      }];
    }
    case CATALOG_EVENTS.partRejected: {
      const p = parseOrThrow(partRejected, raw);
      const title = (await partTitle(p.partId)) ?? 'Your listing';
      return [{
        userId: p.sellerId,
        notificationType: 'part_rejected',
        title: 'Listing not approved',
        message: `"${title}" was not approved: ${p.rejectionReason}`,
        ...item('part', p.partId, `/my-listings/${p.partId}/edit`),
      }];
    }
    case SELLER_EVENTS.sellerApproved: {
      const p = parseOrThrow(sellerApproved, raw);
      return [{
        userId: p.userId,
        notificationType: 'seller_approved',
        title: 'Seller application approved',
        message: 'Welcome aboard: you can now list parts and run auctions.',
        relatedItemType: 'seller',
        link: '/seller-dashboard',
      }];
    }
    case SELLER_EVENTS.sellerRejected: {
      const p = parseOrThrow(sellerRejected, raw);
      return [{
        userId: p.userId,
        notificationType: 'seller_rejected',
        title: 'Seller application not approved',
        message: p.rejectionReason,
        relatedItemType: 'seller',
        link: '/register-seller',
      }];
    }
    case AUCTION_NOTICES_SENT: {
      const p = parseOrThrow(auctionNotices, raw);
      return p.notices.map((n) => ({
        userId: n.userId,
        notificationType: auctionNoticeType(n.type),
        key: `auction:${n.auctionId}:${n.userId}:${n.type}`,
        title: n.title,
        message: noticeText(n.message),
        ...item('auction', n.auctionId, `/auctions/${n.auctionId}`),
      }));
    }
    case REVERSE_EVENTS.noticesSent: {
      const p = parseOrThrow(reverseNotices, raw);
      return p.notices.map((n) => ({
        userId: n.userId,
        notificationType: reverseNoticeType(n.type),
        key: `reverse:${n.reverseAuctionId}:${n.userId}:${n.type}`,
        title: n.title,
        message: noticeText(n.message),
        ...item('reverse_auction', n.reverseAuctionId, `/reverse-auctions/${n.reverseAuctionId}`),
      }));
    }
    default:
      if ((Object.values(PAYMENT_ORDER_EVENTS) as string[]).includes(event)) return orderNotices(event, parseOrThrow(orderEvent, raw), partTitle);
      if ((Object.values(RETURNS_EVENTS) as string[]).includes(event)) {
        const r = parseOrThrow(returnEvent, raw);
        return returnNotices(event, r, await orderPartTitle(container, r.orderId));
      }
      if ((Object.values(OFFERS_EVENTS) as string[]).includes(event)) {
        const o = parseOrThrow(offerEvent, raw);
        return offerNotices(event, o, (await partTitle(o.partId)) ?? 'the part');
      }
      return [];
  }
}

/** The title of an order's part through the payments module's OrdersApi (null without that module, or for an unknown order). */
async function orderPartTitle(container: Container, orderId: string): Promise<string | null> {
  if (!container.isBound(OrdersApi)) return null;
  const order = await container.get(OrdersApi).findOrder(orderId);
  return order?.partTitle || null;
}

/**
 * The notices of a return's step (RETURNS_EVENTS): the side that must act next, or that the step affects, each
 * with a link to the return's page. The payload does not say who acted, so a step an admin may take too (approve,
 * refund, close) goes to the side it concerns whoever took it.
 */
export function returnNotices(event: string, r: z.infer<typeof returnEvent>, partTitle: string | null): Notice[] {
  const what = partTitle ? `"${partTitle}"` : 'your order';
  const notice = (userId: string, notificationType: string, title: string, message: string): Notice => ({
    userId, notificationType, title, message, relatedItemType: 'return', relatedItemId: r.returnId, link: `/account/returns/${r.returnId}`,
  });
  const buyer = (type: string, title: string, message: string) => notice(r.buyerId, type, title, message);
  const seller = (type: string, title: string, message: string) => notice(r.sellerId, type, title, message);
  switch (event) {
    case RETURNS_EVENTS.requested:
      return [seller('return_requested', 'Return requested', `The buyer asked to return ${what}. Please answer it.`)];
    case RETURNS_EVENTS.approved:
      return [buyer('return_approved', 'Return approved', `Your return of ${what} was approved. Please ship it back as instructed.`)];
    case RETURNS_EVENTS.declined:
      return [buyer('return_declined', 'Return declined', `The seller declined your return of ${what}. You can ask Pitlane to decide.`)];
    case RETURNS_EVENTS.shippedBack:
      return [seller('return_shipped_back', 'Return on its way', `The buyer shipped ${what} back to you.`)];
    case RETURNS_EVENTS.received:
      return [buyer('return_received', 'Return received', `The seller received ${what} back. The refund comes next.`)];
    case RETURNS_EVENTS.refunded: {
      const amount = r.refundCents ? `${dollars(r.refundCents)} was refunded` : 'You were refunded';
      return [buyer('return_refunded', 'Return refunded', `${amount} for the return of ${what}.`)];
    }
    case RETURNS_EVENTS.closed:
      return [
        buyer('return_closed', 'Return closed', `The return of ${what} is closed without a refund.`),
        seller('return_closed', 'Return closed', `The return of ${what} is closed without a refund.`),
      ];
    case RETURNS_EVENTS.escalated:
      return [
        seller('return_escalated', 'Return passed to Pitlane', `Pitlane's team will decide the return of ${what}.`),
        buyer('return_escalated', 'Return passed to Pitlane', `Pitlane's team will decide the return of ${what}.`),
      ];
    default:
      return [];
  }
}

/**
 * The notices of an offer's step (OFFERS_EVENTS): the other side of the one that acted (both when the system
 * did), with a link to the offer's page, or to the checkout for a buyer whose offer became an order.
 */
export function offerNotices(event: string, o: z.infer<typeof offerEvent>, partTitle: string): Notice[] {
  const cents = o.amount === null ? null : parseMoney(o.amount);
  const amount = cents?.ok ? dollars(cents.cents) : null;
  const at = amount ? ` at ${amount}` : '';
  const notice = (userId: string, notificationType: string, title: string, message: string, link = `/offers/${o.offerId}`): Notice => ({
    userId, notificationType, title, message, relatedItemType: 'offer', relatedItemId: o.offerId, link,
  });
  const other = (by: string) => (by === 'buyer' ? [o.sellerId] : by === 'seller' ? [o.buyerId] : [o.buyerId, o.sellerId]);
  switch (event) {
    case OFFERS_EVENTS.offerMade:
      return [notice(o.sellerId, 'offer_received', 'New offer', `You received an offer of ${amount ?? 'an amount'} for "${partTitle}". Please answer before it expires.`)];
    case OFFERS_EVENTS.offerCountered:
      return other(o.by).map((userId) =>
        notice(userId, 'offer_countered', 'Counter-offer', `${userId === o.buyerId ? 'The seller' : 'The buyer'} countered${amount ? ` with ${amount}` : ''} for "${partTitle}".`),
      );
    case OFFERS_EVENTS.offerAccepted:
      return other(o.by).map((userId) =>
        userId === o.buyerId
          ? notice(userId, 'offer_accepted', 'Offer accepted: complete checkout', `Your offer for "${partTitle}" was accepted${at}. Please pay to complete the purchase.`, o.orderId ? `/checkout/${o.orderId}` : undefined)
          : notice(userId, 'offer_accepted', 'Offer accepted', `The offer for "${partTitle}" was accepted${at}. The buyer is asked to pay.`),
      );
    case OFFERS_EVENTS.offerDeclined: {
      // An automatic decline (the seller's decline price) concerns the buyer only.
      const to = o.by === 'system' ? [o.buyerId] : other(o.by);
      return to.map((userId) =>
        notice(userId, 'offer_declined', 'Offer declined', `${userId === o.buyerId ? 'Your offer' : 'The offer'} for "${partTitle}"${at} was declined${o.reason ? `: ${o.reason}` : '.'}`),
      );
    }
    case OFFERS_EVENTS.offerExpired:
      return [o.buyerId, o.sellerId].map((userId) => notice(userId, 'offer_expired', 'Offer expired', `The offer for "${partTitle}"${at} expired without an answer.`));
    case OFFERS_EVENTS.reserveOpened:
      return [
        notice(o.sellerId, 'reserve_not_met', 'Reserve not met: make a deal', `The auction of "${partTitle}" ended below your reserve${amount ? ` at ${amount}` : ''}. You and the high bidder have 24 hours to agree on a price.`),
        notice(o.buyerId, 'reserve_not_met', 'Reserve not met: make a deal', `The auction of "${partTitle}" ended below the reserve. You and the seller have 24 hours to agree on a price.`),
      ];
    case OFFERS_EVENTS.secondChanceSent:
      return [notice(o.buyerId, 'second_chance_offer', 'Second Chance offer', `The seller offers you "${partTitle}"${at}. Accept it before it expires.`)];
    default:
      return [];
  }
}

async function orderNotices(event: string, o: z.infer<typeof orderEvent>, partTitle: (id: string) => Promise<string | null>): Promise<Notice[]> {
  const title = (o.partId ? await partTitle(o.partId) : null) ?? 'your order';
  const buyer = (notificationType: string, heading: string, message: string, link = `/account/orders/${o.orderId}`): Notice => ({
    userId: o.buyerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link,
  });
  const seller = (notificationType: string, heading: string, message: string): Notice => ({
    userId: o.sellerId, notificationType, title: heading, message, relatedItemType: 'order', relatedItemId: o.orderId, link: '/my-sales',
  });
  switch (event) {
    case PAYMENT_ORDER_EVENTS.orderCreated:
      // A buy-now buyer is at the checkout already; every other order waits for a payment the buyer must start.
      return o.source === 'buy_now' ? [] : [buyer('order_payment_due', 'Payment due', `Pay ${dollars(o.totalCents)} to complete "${title}".`, `/checkout/${o.orderId}`)];
    case PAYMENT_ORDER_EVENTS.orderPaid:
      return [seller('order_paid', 'New sale: ship it', `"${title}" was paid (${dollars(o.totalCents)}). Please ship it.`)];
    case PAYMENT_ORDER_EVENTS.orderShipped:
      return [buyer('order_shipped', 'Your order has shipped', `"${title}" is on its way.`)];
    case PAYMENT_ORDER_EVENTS.orderDelivered:
      return [seller('order_delivered', 'Order delivered', `"${title}" was delivered to the buyer.`)];
    case PAYMENT_ORDER_EVENTS.orderCompleted:
      return [seller('order_completed', 'Order completed', `The sale of "${title}" is complete.`)];
    case PAYMENT_ORDER_EVENTS.orderCancelled: {
      const why = o.reason === 'unpaid' ? ' (not paid in time)' : '';
      const notices: Notice[] = [];
      if (o.reason !== 'buyer') notices.push(buyer('order_cancelled', 'Order cancelled', `Your order of "${title}" was cancelled${why}.`));
      if (o.reason !== 'seller') notices.push(seller('order_cancelled', 'Order cancelled', `The order of "${title}" was cancelled${why}.`));
      return notices;
    }
    case PAYMENT_ORDER_EVENTS.orderRefunded:
      return [buyer('order_refunded', 'Refund issued', `You were refunded for "${title}".`)];
    case PAYMENT_ORDER_EVENTS.orderDisputed:
      return [seller('order_disputed', 'A buyer opened a dispute', `The buyer of "${title}" opened a dispute.`)];
    default:
      return [];
  }
}

const LISTING_DECISIONS = ['part_approved', 'part_rejected'];

/** The notification centre's tasks. */
export const notificationTasks: TaskFactories = {
  /**
   * Records the notices of one event (payload {event, payload}); idempotent: each is stored once per job and
   * recipient, so a retried job notifies nobody twice. All of them go in one statement (recordManyOnce: an
   * auction's outbid sweep carries hundreds), and reach their users' open tabs after the commit in one gathered
   * send, with no NOTIFY inside the transaction (never on a rollback; a rerun stores and pushes nothing).
   */
  [NOTIFY_EVENT_TASK]: (container: Container) => async (payload, helpers) => {
    const { event, payload: raw } = parseOrThrow(envelope, payload);
    const notices = await noticesOf(container, event, raw);
    if (!notices.length) return;
    const service = container.get(NotificationService);
    const stored = await container.get(Database).transaction(async (em) => {
      const batch: Notice[] = [];
      for (const [i, notice] of notices.entries()) {
        // catalog republishes partApproved when a seller edits a live listing: tell the seller only about a
        // listing that was not approved (by the last notice about it) before. (A partApproved event carries
        // that one notice, so no earlier notice of the same batch can be the latest decision.)
        if (notice.notificationType === 'part_approved' && (await service.latestTypeAbout(em, notice.userId, notice.relatedItemId!, LISTING_DECISIONS)) === 'part_approved') continue;
        // The key keeps the notice's position in the event, skipped ones included, as before the batch.
        batch.push({ ...notice, key: notice.key ?? `job:${helpers.job.id}:${i}` });
      }
      return service.recordManyOnce(em, batch);
    });
    await service.deliver(stored);
  },
};
