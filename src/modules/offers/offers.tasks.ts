import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { OfferMailService } from './offer-mail.service.js';
import { OfferWindowService } from './offer-window.service.js';
import { offerPayload } from './offer.schemas.js';
import { OfferService } from './offer.service.js';
import { OFFERS_EVENTS, OFFERS_SUBSCRIBED_EVENTS, orderCancelledEvent, reserveNotMetEvent, type OfferEventPayload } from './offers.events.js';

/** Expires one open offer at its expiry (payload {offerId}; keyed by expireJobKey). */
export const EXPIRE_TASK = 'offers/expire';
/** Creates the order of an offer accepted while no payments module was bound (payload {offerId}). */
export const CREATE_ORDER_TASK = 'offers/create-order';
export const MAIL_TASK = 'offers/mail';
export const EXPIRE_DUE_TASK = 'offers/expire-due';
export const RESERVE_WINDOW_TASK = 'offers/reserve-window';
export const ORDER_CANCELLED_TASK = 'offers/order-cancelled';
export const OFFER_ORDER_CANCELLED_TASK = 'offers/offer-order-cancelled';

/** The one pending EXPIRE_TASK of an offer. */
export const expireJobKey = (offerId: string) => `offer-expire:${offerId}`;
/** The one pending CREATE_ORDER_TASK of an accepted offer. */
export const createOrderJobKey = (offerId: string) => `offer-order:${offerId}`;
/** The crontab's catch-up, one at a time. */
export const EXPIRE_DUE_JOB_KEY = 'offers-expire-due';

const offerEvent = z.object({ event: z.string(), payload: z.object({ offerId: z.uuid(), partId: z.uuid(), buyerId: z.uuid(), sellerId: z.uuid() }).passthrough() });

/** graphile-worker tasks of the offers module; each re-checks the offer's state, so running twice is harmless. */
export const offersTasks: TaskFactories = {
  /** Expires one offer whose answer is overdue (keyed per offer, at its expiry). */
  [EXPIRE_TASK]: (c: Container) => async (payload) => {
    await c.get(OfferService).expire(offerPayload.parse(payload).offerId);
  },
  /** Catch-up: expires every overdue offer (after downtime). */
  [EXPIRE_DUE_TASK]: (c: Container) => async () => {
    await c.get(OfferService).expireDue();
  },
  /** Creates the order of an offer accepted while no payments module was bound (retried until one is). */
  [CREATE_ORDER_TASK]: (c: Container) => async (payload) => {
    await c.get(OfferService).createPendingOrder(offerPayload.parse(payload).offerId);
  },
  /** Mails both sides of a negotiation about one step (the module's own events). */
  [MAIL_TASK]: (c: Container) => async (payload) => {
    const { event, payload: p } = offerEvent.parse(payload);
    await c.get(OfferMailService).notify(event, p as unknown as OfferEventPayload);
  },
  /** Opens the 24-hour window after an auction ended below its reserve (event auctions.auction.reserve_not_met). */
  [RESERVE_WINDOW_TASK]: (c: Container) => async (payload) => {
    await c.get(OfferWindowService).openReserveWindow(reserveNotMetEvent.parse(payload).payload);
  },
  /** Records an auction win cancelled for non-payment (event payments.order.cancelled). */
  [ORDER_CANCELLED_TASK]: (c: Container) => async (payload) => {
    await c.get(OfferWindowService).recordCancelledOrder(orderCancelledEvent.parse(payload).payload);
  },
  /** Moves the accepted offer whose order was cancelled to `cancelled` (event payments.order.cancelled). */
  [OFFER_ORDER_CANCELLED_TASK]: (c: Container) => async (payload) => {
    await c.get(OfferService).cancelForOrder(orderCancelledEvent.parse(payload).payload);
  },
};

/** The events the module listens to, its own included (the mails). */
export const offersSubscriptions: Record<string, string[]> = {
  [OFFERS_SUBSCRIBED_EVENTS.reserveNotMet]: [RESERVE_WINDOW_TASK],
  [OFFERS_SUBSCRIBED_EVENTS.orderCancelled]: [ORDER_CANCELLED_TASK, OFFER_ORDER_CANCELLED_TASK],
  ...Object.fromEntries(
    [
      OFFERS_EVENTS.offerMade,
      OFFERS_EVENTS.offerCountered,
      OFFERS_EVENTS.offerAccepted,
      OFFERS_EVENTS.offerDeclined,
      OFFERS_EVENTS.offerExpired,
      OFFERS_EVENTS.reserveOpened,
      OFFERS_EVENTS.secondChanceSent,
    ].map((name) => [name, [MAIL_TASK]]),
  ),
};

export const offersCrontab = [`*/5 * * * * ${EXPIRE_DUE_TASK} ?max=1&jobKey=${EXPIRE_DUE_JOB_KEY}`];
export const offersStartupTasks = [EXPIRE_DUE_TASK];
