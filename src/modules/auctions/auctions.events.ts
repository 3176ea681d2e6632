import { z } from 'zod';

/** Events the auctions module publishes. */
export const AUCTION_EVENTS = {
  /** An auction ended with a winner (payload: auctionId, partId, sellerId, winnerId, amount as a decimal string). */
  auctionWon: 'auctions.auction.won',
  /** An auction ended, sold or not (payload: auctionId, sold). */
  auctionEnded: 'auctions.auction.ended',
} as const;

/** Events of other modules the auctions module listens to. */
export const AUCTIONS_SUBSCRIBED_EVENTS = {
  /** Published by the catalog when a part sold (by an auction or elsewhere). */
  partSold: 'catalog.part.sold',
} as const;

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
export type AuctionWonPayload = z.infer<typeof auctionWonPayload>;
export type AuctionEndedPayload = z.infer<typeof auctionEndedPayload>;
