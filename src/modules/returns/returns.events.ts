import { z } from 'zod';

/** Events the returns module publishes (payload: ReturnEventPayload), for the notification centre and reputation. */
export const RETURNS_EVENTS = {
  /** A buyer requested a return of a delivered order. */
  requested: 'returns.return.requested',
  /** The seller (or an admin) approved it, with return instructions. */
  approved: 'returns.return.approved',
  /** The seller declined it, with a reason. */
  declined: 'returns.return.declined',
  /** The buyer shipped the part back (carrier, tracking). */
  shippedBack: 'returns.return.shipped_back',
  /** The seller received the part back. */
  received: 'returns.return.received',
  /** Money was refunded through payments, fully or partly. */
  refunded: 'returns.return.refunded',
  /** The return ended without a refund (escalation rejected, or a decline not escalated in time). */
  closed: 'returns.return.closed',
  /** The buyer escalated, or the seller's 3 business days passed without an answer. */
  escalated: 'returns.return.escalated',
} as const;

export const returnEventPayload = z.object({
  returnId: z.uuid(),
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  state: z.string(),
  refundCents: z.number().int().nullable().optional(),
});
export type ReturnEventPayload = z.infer<typeof returnEventPayload>;
