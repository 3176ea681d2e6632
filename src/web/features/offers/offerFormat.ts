import type { OfferCancelReason, OfferDto, OfferKind, OfferStatus } from '../../../modules/offers/offer.dto';
import { AMOUNT_MESSAGES } from '../../../platform/amount.messages';
import { formatUsdCents } from '../../lib/format';

export const STATUS_LABEL: Record<OfferStatus, string> = { open: 'Open', accepted: 'Accepted', declined: 'Declined', expired: 'Expired', cancelled: 'Cancelled' };

const CANCEL_TEXT: Record<OfferCancelReason, { buyer: string; seller: string }> = {
  unpaid: { buyer: 'The order was cancelled because it was not paid in time.', seller: 'The order was cancelled because the buyer did not pay in time.' },
  buyer: { buyer: 'You cancelled the order.', seller: 'The buyer cancelled the order.' },
  seller: { buyer: 'The seller cancelled the order.', seller: 'You cancelled the order.' },
  admin: { buyer: 'Pitlane cancelled the order.', seller: 'Pitlane cancelled the order.' },
};

/** Why an accepted offer's order was cancelled, in words for the viewer; null unless the offer is cancelled. */
export function cancelText(o: Pick<OfferDto, 'status' | 'cancelReason' | 'yourSide'>): string | null {
  if (o.status !== 'cancelled') return null;
  if (!o.cancelReason) return 'The order was cancelled.';
  return CANCEL_TEXT[o.cancelReason][o.yourSide ?? 'seller'];
}
export const KIND_LABEL: Record<OfferKind, string> = { offer: 'Offer', reserve_offer: 'Reserve not met', second_chance: 'Second Chance offer' };
/** Validity choices of a Second Chance offer, in days. */
export const SECOND_CHANCE_DAYS = [1, 3, 5, 7] as const;

type OfferView = Pick<OfferDto, 'status' | 'turn' | 'yourSide' | 'kind'>;

/** Whose move it is, in words for the viewer; null once the offer is closed. */
export function waitingText(o: OfferView): string | null {
  if (o.status !== 'open') return null;
  if (o.turn === 'either') return o.yourSide === 'seller' ? 'Make the high bidder an offer' : 'The seller may make you an offer, or you may raise';
  if (o.yourSide === o.turn) return 'Waiting for your answer';
  return o.turn === 'seller' ? 'Waiting for the seller' : 'Waiting for the buyer';
}

/** The counter button's text: a reserve-not-met proposal by the seller, a raise by the high bidder, else a counter. */
export function counterLabel(o: OfferView): string {
  if (o.kind === 'reserve_offer') return o.yourSide === 'seller' ? 'Offer to high bidder' : 'Raise';
  return 'Counter';
}

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** The amount field's error (dollars, two decimals at most, above 0, at least `floor`), or null when it is fine. */
export function amountError(text: string, floor?: string | null): string | null {
  const value = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!value) return AMOUNT_MESSAGES.required;
  if (!AMOUNT.test(value)) return 'Enter an amount in dollars, e.g. 1250 or 1250.50';
  if (Number(value) <= 0) return AMOUNT_MESSAGES.aboveZero;
  if (floor && Number(value) < Number(floor)) return `The amount must be at least the high bid of ${formatUsdCents(floor)}`;
  return null;
}

/** The amount as the API takes it ("1250.50"), from what the person typed. */
export const amountValue = (text: string): string => text.trim().replace(/^\$/, '').replaceAll(',', '');

/** The time left until `expiresAt`, in words ("1 day 4 hours left", "35 minutes left"), or "Expired". */
export function timeLeft(expiresAt: string, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${plural(days, 'day')}${hours ? ` ${plural(hours, 'hour')}` : ''} left`;
  if (hours > 0) return `${plural(hours, 'hour')} left`;
  return `${plural(Math.max(1, minutes), 'minute')} left`;
}
