import { z } from 'zod';

/** Events the auctions module publishes. */
export const AUCTION_EVENTS = {
  /** An auction ended with a winner (payload: auctionId, partId, sellerId, winnerId, amount as a decimal string). */
  auctionWon: 'auctions.auction.won',
  /** An auction ended, sold or not (payload: auctionId, sold). */
  auctionEnded: 'auctions.auction.ended',
  /** A scheduled auction opened for bids (payload: auctionId, partId, sellerId, title, startingBid as a decimal string, endTime). */
  auctionStarted: 'auctions.auction.started',
  /**
   * An auction ended with bids below its reserve: the high bidder and the seller have until `windowEndsAt` to
   * agree (payload: auctionId, partId, sellerId, highBidderId, highBid as a decimal string, windowEndsAt).
   */
  reserveNotMet: 'auctions.auction.reserve_not_met',
  /**
   * Auction notices for users (payload: notices [{auctionId, userId, type, title, message}]): those just mailed
   * (results, outbid, reminders, admin closes), each once per auction, user and kind, and the unmailed `result-lost`
   * of the bidders who did not win; the garage's notification centre shows them.
   */
  noticesSent: 'auctions.notices.sent',
} as const;

/** Events of other modules the auctions module listens to. */
export const AUCTIONS_SUBSCRIBED_EVENTS = {
  /** Published by the catalog when a part sold (by an auction or elsewhere). */
  partSold: 'catalog.part.sold',
  /** Published by offers when the seller and the high bidder agreed in the reserve-not-met window (payload: auctionId). */
  reserveAgreed: 'offers.reserve.agreed',
} as const;

/** The facts of `offers.reserve.agreed` this module needs, inside the event envelope. */
export const reserveAgreedEvent = z.object({ event: z.string(), payload: z.object({ auctionId: z.uuid() }) });

/** The facts of `catalog.part.sold` this module needs, inside the event envelope. */
export const partSoldEvent = z.object({ event: z.string(), payload: z.object({ partId: z.uuid() }) });

export const auctionWonPayload = z.object({
  auctionId: z.uuid(),
  partId: z.uuid(),
  sellerId: z.uuid(),
  winnerId: z.uuid(),
  amount: z.string(),
});
export const auctionEndedPayload = z.object({ auctionId: z.uuid(), sold: z.boolean() });
export const reserveNotMetPayload = z.object({
  auctionId: z.uuid(),
  partId: z.uuid(),
  sellerId: z.uuid(),
  highBidderId: z.uuid(),
  highBid: z.string(),
  windowEndsAt: z.string(),
});
export type ReserveNotMetPayload = z.infer<typeof reserveNotMetPayload>;
export type AuctionWonPayload = z.infer<typeof auctionWonPayload>;
export type AuctionEndedPayload = z.infer<typeof auctionEndedPayload>;
