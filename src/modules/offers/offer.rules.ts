import { Errors } from '../../platform/errors.js';
import { formatCents } from '../../platform/money.js';
import type { OfferCancelReason, OfferKind, OfferSide, OfferStatus } from './offer.dto.js';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** An offer or counter-offer expires after 48 hours without an answer. */
export const OFFER_TTL_MS = 48 * HOUR;
/** At most this many open offers per buyer and part. */
export const MAX_OPEN_OFFERS = 3;
/** At most this many rounds (the offer and each counter) per negotiation. */
export const MAX_ROUNDS = 5;
/** A Second Chance offer is valid for one of these numbers of days. */
export const SECOND_CHANCE_DAYS = [1, 3, 5, 7] as const;

export const OFFER_MESSAGES = {
  ownPart: 'You cannot make an offer on your own part',
  tooMany: `You can have at most ${MAX_OPEN_OFFERS} open offers on this part`,
  aboveAsking: 'Your offer cannot be more than the asking price',
  notOpen: 'This offer is no longer open',
  expired: 'This offer has expired',
  notYourTurn: 'This offer is waiting for the other side',
  rounds: `This negotiation has reached its limit of ${MAX_ROUNDS} rounds`,
  nothingToAccept: 'There is no amount to accept yet',
  secondChanceCounter: 'A Second Chance offer can only be accepted or declined',
  autoDeclined: 'Thank you for your offer. The seller is not able to accept it.',
  soldToOther: 'The part was sold to another buyer',
  notCandidate: 'This bidder did not bid on the auction',
  alreadySent: 'A Second Chance offer was already sent to this bidder',
  noUnpaidWin: 'Second Chance offers are only possible after the winner did not pay',
  partUnavailable: 'This part can no longer be offered',
  reserved: 'This part is reserved in another checkout. You can make an offer if that order is not paid.',
  ownCheckout: 'You already have an order for this part waiting for payment: pay for it or cancel it first.',
  pricesOrder: 'The auto-decline price must be below the auto-accept price',
} as const;

/** The history's note when the order of an accepted offer is cancelled, by payments' cancel reason. */
export const ORDER_CANCELLED_NOTES: Record<OfferCancelReason, string> = {
  unpaid: 'The order was cancelled: the buyer did not pay in time',
  buyer: 'The order was cancelled by the buyer',
  seller: 'The order was cancelled by the seller',
  admin: 'The order was cancelled by Pitlane',
};

/** Payments' cancel reason as an offer's, or null for one it does not know. */
export const cancelReasonOf = (reason: string | null | undefined): OfferCancelReason | null =>
  reason && Object.hasOwn(ORDER_CANCELLED_NOTES, reason) ? (reason as OfferCancelReason) : null;

/** The facts of a negotiation the rules look at. */
export interface OfferState {
  kind: OfferKind;
  status: OfferStatus;
  turn: OfferSide | 'either';
  rounds: number;
  amountCents: number | null;
  floorCents: number | null;
  expiresAt: Date;
}

export type OfferAction = 'accept' | 'decline' | 'counter';

/** Whether `side` may take `action` on the offer now (no throwing: for the DTO's buttons). */
export function mayAct(o: OfferState, side: OfferSide | null, action: OfferAction, now: Date): boolean {
  try {
    checkAction(o, side, action, now);
    return true;
  } catch {
    return false;
  }
}

/** Throws the refusal when `side` may not take `action` on the offer now. */
export function checkAction(o: OfferState, side: OfferSide | null, action: OfferAction, now: Date): void {
  if (!side) throw Errors.forbidden();
  if (o.status !== 'open') throw Errors.conflict('offer_closed', OFFER_MESSAGES.notOpen);
  if (now.getTime() >= o.expiresAt.getTime()) throw Errors.conflict('offer_expired', OFFER_MESSAGES.expired);
  if (o.turn !== 'either' && o.turn !== side) throw Errors.forbidden(OFFER_MESSAGES.notYourTurn);
  if (action === 'accept' && (o.turn === 'either' || o.amountCents === null)) {
    throw Errors.conflict('nothing_to_accept', OFFER_MESSAGES.nothingToAccept);
  }
  if (action === 'decline' && o.turn === 'either' && side === 'buyer') {
    // Nothing to decline yet; the buyer simply lets the window pass or raises.
    throw Errors.conflict('nothing_to_accept', OFFER_MESSAGES.nothingToAccept);
  }
  if (action === 'counter') {
    if (o.kind === 'second_chance') throw Errors.conflict('second_chance_counter', OFFER_MESSAGES.secondChanceCounter);
    if (o.rounds >= MAX_ROUNDS) throw Errors.conflict('offer_rounds', OFFER_MESSAGES.rounds);
  }
}

/** Throws when a counter of `amountCents` is not allowed (a reserve-not-met proposal is at least the high bid). */
export function checkCounterAmount(o: OfferState, amountCents: number): void {
  if (o.floorCents !== null && amountCents < o.floorCents) {
    const message = `The amount must be at least the high bid of $${formatCents(o.floorCents)}`;
    throw Errors.invalid('amount_below_high_bid', message, { amount: message });
  }
}

/** When an answer to a step taken at `now` is due: 48 hours for offers; reserve windows and Second Chance keep their end. */
export function nextExpiry(o: Pick<OfferState, 'kind' | 'expiresAt'>, now: Date): Date {
  return o.kind === 'offer' ? new Date(now.getTime() + OFFER_TTL_MS) : o.expiresAt;
}

/** The other side of a negotiation. */
export const otherSide = (side: OfferSide): OfferSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The seller's automatic answer to a new offer: accept at or above auto-accept, decline below auto-decline. */
export function autoAnswer(amountCents: number, prices: { autoAcceptCents: number | null; autoDeclineCents: number | null }): 'accept' | 'decline' | null {
  if (prices.autoAcceptCents !== null && amountCents >= prices.autoAcceptCents) return 'accept';
  if (prices.autoDeclineCents !== null && amountCents < prices.autoDeclineCents) return 'decline';
  return null;
}
