import { z } from 'zod';

/** Events the reverse module publishes. */
export const REVERSE_EVENTS = {
  /** The buyer awarded a request to a quote (payload: reverseAuctionId, bidId, buyerId, sellerId, amount as a decimal string). */
  quoteAccepted: 'reverse.quote.accepted',
  /** A request ended (payload: reverseAuctionId, totalBids). */
  requestEnded: 'reverse.request.ended',
  /**
   * A request closed without an award and will not be relisted (payload: unfilledRequestPayload): the garage makes
   * the buyer an alert like it when `alertIfUnfilled`, or offers one on the request page.
   */
  requestUnfilled: 'reverse.request.unfilled',
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

/** What a part alert like an unfilled request needs: make (as the buyer typed it), model, years, category, budget. */
export const unfilledRequestPayload = z.object({
  reverseAuctionId: z.uuid(),
  buyerId: z.uuid(),
  title: z.string(),
  partCategory: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  yearStart: z.number().int().nullable(),
  yearEnd: z.number().int().nullable(),
  /** Decimal string ("1500.00"). */
  maxBudget: z.string(),
  alertIfUnfilled: z.boolean(),
});
export type UnfilledRequestPayload = z.infer<typeof unfilledRequestPayload>;
