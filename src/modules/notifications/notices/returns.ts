import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { RETURNS_EVENTS } from '../../returns/index.js';
import { dollars, quoted, type Notice, type NoticeSource } from './notice.js';

const returnEvent = z.object({
  returnId: z.uuid(),
  orderId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  state: z.string(),
  refundCents: z.number().int().nullable().optional(),
});

/**
 * The notices of a return's step (RETURNS_EVENTS): the side that must act next, or that the step affects, each
 * with a link to the return's page. The payload does not say who acted, so a step an admin may take too (approve,
 * refund, close) goes to the side it concerns whoever took it.
 */
export function returnNotices(event: string, r: z.infer<typeof returnEvent>, partTitle: string | null): Notice[] {
  const what = partTitle ? quoted(partTitle) : 'your order';
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

/** Every step of a return (RETURNS_EVENTS), named by the order's part. */
export const returnsNotices: NoticeSource = {
  events: Object.values(RETURNS_EVENTS),
  async notices(event, raw, { orderPartTitle }) {
    const r = parseOrThrow(returnEvent, raw);
    return returnNotices(event, r, await orderPartTitle(r.orderId));
  },
};
