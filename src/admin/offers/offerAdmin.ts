import type { OfferDto, OfferStepDto } from '../../modules/offers/offer.dto';

/** The console's offer helpers, pure so they are unit-tested: status and kind names, money, the history's lines. */

export const offerStatusChoices: { id: OfferDto['status']; name: string }[] = [
  { id: 'open', name: 'Open' },
  { id: 'accepted', name: 'Accepted' },
  { id: 'declined', name: 'Declined' },
  { id: 'expired', name: 'Expired' },
  { id: 'cancelled', name: 'Cancelled (order cancelled)' },
];

export const offerKindChoices: { id: OfferDto['kind']; name: string }[] = [
  { id: 'offer', name: 'Make an Offer' },
  { id: 'reserve_offer', name: 'Reserve not met' },
  { id: 'second_chance', name: 'Second Chance' },
];

export const offerStatusText = (status: string): string => offerStatusChoices.find((c) => c.id === status)?.name.replace(' (order cancelled)', '') ?? status;
export const offerKindText = (kind: string): string => offerKindChoices.find((c) => c.id === kind)?.name ?? kind;

const CANCEL_REASON: Record<NonNullable<OfferDto['cancelReason']>, string> = {
  unpaid: 'not paid in time',
  buyer: 'by the buyer',
  seller: 'by the seller',
  admin: 'by an admin',
};

/** The status with the order's cancel reason ("Cancelled: not paid in time"). */
export const offerStatusLine = (o: Pick<OfferDto, 'status' | 'cancelReason'>): string =>
  o.status === 'cancelled' && o.cancelReason ? `Cancelled: ${CANCEL_REASON[o.cancelReason]}` : offerStatusText(o.status);

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50" from the API's decimal string; "—" when there is none. */
export const offerMoney = (amount: string | null | undefined): string => {
  if (amount === null || amount === undefined || !/^-?\d+(\.\d{1,2})?$/.test(amount)) return '—';
  return `$${grouped.format(Number(amount))}`;
};

const ACTION: Record<OfferStepDto['action'], string> = {
  open: 'Window opened',
  offer: 'Offered',
  counter: 'Countered',
  accept: 'Accepted',
  decline: 'Declined',
  expire: 'Expired',
  cancel: 'Order cancelled',
};

/** One step of the history in words: "Countered by the seller · $950.00". */
export function stepText(step: Pick<OfferStepDto, 'action' | 'actor' | 'amount'>, names: { buyerName: string; sellerName: string }): string {
  const who = step.actor === 'buyer' ? `the buyer (${names.buyerName})` : step.actor === 'seller' ? `the seller (${names.sellerName})` : 'Pitlane';
  const amount = step.amount ? ` · ${offerMoney(step.amount)}` : '';
  return `${ACTION[step.action] ?? step.action} by ${who}${amount}`;
}
