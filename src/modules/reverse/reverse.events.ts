import { z } from 'zod';

/** Events the reverse module publishes. */
export const REVERSE_EVENTS = {
  /** The buyer awarded a request to a quote (payload: reverseAuctionId, bidId, buyerId, sellerId, amount as a decimal string). */
  quoteAccepted: 'reverse.quote.accepted',
  /** A request ended (payload: reverseAuctionId, totalBids). */
  requestEnded: 'reverse.request.ended',
  /**
   * Request notices were just mailed (matching sellers, reminders, new quotes, outquoted, results, cancellations),
   * each once per request, user and kind (payload: notices [{reverseAuctionId, userId, type, title, message}]).
   */
  noticesSent: 'reverse.notices.sent',
} as const;

export const quoteAcceptedPayload = z.object({
  reverseAuctionId: z.uuid(),
  bidId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  amount: z.string(),
  title: z.string(),
});
export type QuoteAcceptedPayload = z.infer<typeof quoteAcceptedPayload>;
export const requestEndedPayload = z.object({ reverseAuctionId: z.uuid(), totalBids: z.number().int() });
export type RequestEndedPayload = z.infer<typeof requestEndedPayload>;
