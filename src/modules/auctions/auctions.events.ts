import { z } from 'zod';

/** Events the auctions module publishes. */
export const AUCTION_EVENTS = {
  /** An auction ended with a winner (payload: auctionId, partId, sellerId, winnerId, amount as a decimal string). */
  auctionWon: 'auctions.auction.won',
  /** An auction ended, sold or not (payload: auctionId, sold). */
  auctionEnded: 'auctions.auction.ended',
} as const;

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
