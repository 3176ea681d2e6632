import { z } from 'zod';
import type { OfferKind, OfferSide } from './offer.dto.js';

/** Events the offers module publishes (the notification centre may subscribe). */
export const OFFERS_EVENTS = {
  /** A buyer made an offer on a part (payload: OfferEventPayload). */
  offerMade: 'offers.offer.made',
  /** One side countered (payload: OfferEventPayload, `by` the side that countered). */
  offerCountered: 'offers.offer.countered',
  /** One side accepted: the order is created at `amount` (payload: OfferEventPayload with orderId). */
  offerAccepted: 'offers.offer.accepted',
  /** One side declined, automatically too (payload: OfferEventPayload with reason). */
  offerDeclined: 'offers.offer.declined',
  /** The order of an accepted offer was cancelled; the offer is `cancelled` (payload: OfferEventPayload with orderId and reason). */
  offerCancelled: 'offers.offer.cancelled',
  /** Nobody answered in time (payload: OfferEventPayload). */
  offerExpired: 'offers.offer.expired',
  /** An auction ended below its reserve: the seller and the high bidder may agree for 24 hours (payload: OfferEventPayload). */
  reserveOpened: 'offers.reserve.opened',
  /** The seller and the high bidder agreed in the reserve-not-met window (payload: auctionId, offerId). */
  reserveAgreed: 'offers.reserve.agreed',
  /** A seller sent a Second Chance offer to a bidder (payload: OfferEventPayload). */
  secondChanceSent: 'offers.second_chance.sent',
} as const;

export interface OfferEventPayload {
  offerId: string;
  kind: OfferKind;
  partId: string;
  buyerId: string;
  sellerId: string;
  auctionId: string | null;
  /** The amount on the table, as a decimal string (null while a reserve window has no proposal). */
  amount: string | null;
  by: OfferSide | 'system';
  orderId?: string | null;
  reason?: string | null;
}

/** Events of other modules this module listens to (by name, so no import of their modules is needed). */
export const OFFERS_SUBSCRIBED_EVENTS = {
  /** auctions: bids ended below the reserve. */
  reserveNotMet: 'auctions.auction.reserve_not_met',
  /**
   * payments: an order was cancelled (reason unpaid + source auction_won: a strike and a Second Chance; source
   * offer, reserve_offer or second_chance: the accepted offer becomes `cancelled`).
   */
  orderCancelled: 'payments.order.cancelled',
} as const;

export const reserveNotMetEvent = z.object({
  event: z.string(),
  payload: z.object({
    auctionId: z.uuid(),
    partId: z.uuid(),
    sellerId: z.uuid(),
    highBidderId: z.uuid(),
    highBid: z.string(),
    windowEndsAt: z.string(),
  }),
});

export const orderCancelledEvent = z.object({
  event: z.string(),
  payload: z.object({
    orderId: z.uuid(),
    buyerId: z.uuid(),
    sellerId: z.uuid(),
    partId: z.uuid().nullable(),
    source: z.string(),
    sourceId: z.string().nullable(),
    reason: z.string().nullable().optional(),
  }),
});
