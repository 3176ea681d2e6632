import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { parseMoney } from '../../../platform/money.js';
import { OFFERS_EVENTS } from '../../offers/index.js';
import { dollars, type Notice, type NoticeSource } from './notice.js';

const offerEvent = z.object({
  offerId: z.uuid(),
  kind: z.string(),
  partId: z.uuid(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  amount: z.string().nullable(),
  by: z.string(),
  orderId: z.uuid().nullish(),
  reason: z.string().nullish(),
});

/**
 * The notices of an offer's step (OFFERS_EVENTS): the other side of the one that acted (both when the system
 * did), with a link to the offer's page, or to the checkout for a buyer whose offer became an order.
 */
export function offerNotices(event: string, o: z.infer<typeof offerEvent>, partTitle: string): Notice[] {
  const cents = o.amount === null ? null : parseMoney(o.amount);
  const amount = cents?.ok ? dollars(cents.cents) : null;
  const at = amount ? ` at ${amount}` : '';
  const notice = (userId: string, notificationType: string, title: string, message: string, link = `/offers/${o.offerId}`): Notice => ({
    userId, notificationType, title, message, relatedItemType: 'offer', relatedItemId: o.offerId, link,
  });
  const other = (by: string) => (by === 'buyer' ? [o.sellerId] : by === 'seller' ? [o.buyerId] : [o.buyerId, o.sellerId]);
  switch (event) {
    case OFFERS_EVENTS.offerMade:
      return [notice(o.sellerId, 'offer_received', 'New offer', `You received an offer of ${amount ?? 'an amount'} for "${partTitle}". Please answer before it expires.`)];
    case OFFERS_EVENTS.offerCountered:
      return other(o.by).map((userId) =>
        notice(userId, 'offer_countered', 'Counter-offer', `${userId === o.buyerId ? 'The seller' : 'The buyer'} countered${amount ? ` with ${amount}` : ''} for "${partTitle}".`),
      );
    case OFFERS_EVENTS.offerAccepted:
      return other(o.by).map((userId) =>
        userId === o.buyerId
          ? notice(userId, 'offer_accepted', 'Offer accepted: complete checkout', `Your offer for "${partTitle}" was accepted${at}. Please pay to complete the purchase.`, o.orderId ? `/checkout/${o.orderId}` : undefined)
          : notice(userId, 'offer_accepted', 'Offer accepted', `The offer for "${partTitle}" was accepted${at}. The buyer is asked to pay.`),
      );
    case OFFERS_EVENTS.offerDeclined: {
      // An automatic decline (the seller's decline price) concerns the buyer only.
      const to = o.by === 'system' ? [o.buyerId] : other(o.by);
      return to.map((userId) =>
        notice(userId, 'offer_declined', 'Offer declined', `${userId === o.buyerId ? 'Your offer' : 'The offer'} for "${partTitle}"${at} was declined${o.reason ? `: ${o.reason}` : '.'}`),
      );
    }
    case OFFERS_EVENTS.offerExpired:
      return [o.buyerId, o.sellerId].map((userId) => notice(userId, 'offer_expired', 'Offer expired', `The offer for "${partTitle}"${at} expired without an answer.`));
    case OFFERS_EVENTS.reserveOpened:
      return [
        notice(o.sellerId, 'reserve_not_met', 'Reserve not met: make a deal', `The auction of "${partTitle}" ended below your reserve${amount ? ` at ${amount}` : ''}. You and the high bidder have 24 hours to agree on a price.`),
        notice(o.buyerId, 'reserve_not_met', 'Reserve not met: make a deal', `The auction of "${partTitle}" ended below the reserve. You and the seller have 24 hours to agree on a price.`),
      ];
    case OFFERS_EVENTS.secondChanceSent:
      return [notice(o.buyerId, 'second_chance_offer', 'Second Chance offer', `The seller offers you "${partTitle}"${at}. Accept it before it expires.`)];
    default:
      return [];
  }
}

/** The offers' steps; not `offers.reserve.agreed`: the `offers.offer.accepted` of the same agreement notifies. */
export const offersNotices: NoticeSource = {
  events: [
    OFFERS_EVENTS.offerMade,
    OFFERS_EVENTS.offerCountered,
    OFFERS_EVENTS.offerAccepted,
    OFFERS_EVENTS.offerDeclined,
    OFFERS_EVENTS.offerExpired,
    OFFERS_EVENTS.reserveOpened,
    OFFERS_EVENTS.secondChanceSent,
  ],
  async notices(event, raw, { partTitle }) {
    const o = parseOrThrow(offerEvent, raw);
    return offerNotices(event, o, (await partTitle(o.partId)) ?? 'the part');
  },
};
