import { z } from 'zod';

/** The order sources of a fixed-price sale (Buy Now, an accepted offer): the only ones whose cancellation relists. */
export const FIXED_PRICE_ORDER_SOURCES = ['buy_now', 'offer'] as const;

/** The facts of `payments.order.cancelled` the catalog needs, inside the event envelope. */
export const orderCancelledEvent = z.object({
  event: z.string(),
  payload: z.object({
    orderId: z.uuid(),
    partId: z.uuid().nullable(),
    source: z.string(),
    /** Set by payments: true when the order had been paid (and was cancelled before shipping, refunded in full). */
    paid: z.boolean().optional(),
  }),
});
export type OrderCancelledFacts = z.infer<typeof orderCancelledEvent>['payload'];

/**
 * Whether a cancelled order may put its part back on sale, from the event alone: it names a listed part, it had
 * been paid (an unpaid order only reserved the part, which frees itself), and it was a fixed-price sale (an
 * auction's part, including its reserve and Second Chance offers, follows the auction's relist rules). Payments
 * cancels a paid order only before it ships, so a shipped, delivered or returned item never gets here. The
 * part's own state (still sold by this very order, not deleted) is checked when it is relisted.
 */
export function mayRelistAfterCancel(e: OrderCancelledFacts): e is OrderCancelledFacts & { partId: string } {
  return e.partId !== null && e.paid === true && (FIXED_PRICE_ORDER_SOURCES as readonly string[]).includes(e.source);
}
