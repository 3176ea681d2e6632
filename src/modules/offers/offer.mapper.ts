import { formatCents, storedCents } from '../../platform/money.js';
import type { OfferDto, OfferSide, OfferStepDto } from './offer.dto.js';
import type { Offer } from './offer.entity.js';
import type { OfferStep } from './offer-step.entity.js';
import { MAX_ROUNDS, mayAct, type OfferState } from './offer.rules.js';

/** A stored amount in cents (null stays null). */
export const cents = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : storedCents(v));
/** Cents as a decimal string (null stays null). */
export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));

/** The facts of an offer the rules look at, money in cents. */
export const offerState = (o: Offer): OfferState => ({
  kind: o.kind,
  status: o.status,
  turn: o.turn,
  rounds: o.rounds,
  amountCents: cents(o.amount),
  floorCents: cents(o.floorAmount),
  expiresAt: o.expiresAt,
});

/** The viewer's side of an offer, or null. */
export function sideOf(o: Pick<Offer, 'buyerId' | 'sellerId'>, userId: string): OfferSide | null {
  return o.buyerId === userId ? 'buyer' : o.sellerId === userId ? 'seller' : null;
}

export const toOfferStepDto = (s: OfferStep): OfferStepDto => ({
  actor: s.actor,
  action: s.action,
  amount: money(cents(s.amount)),
  message: s.message ?? null,
  createdAt: s.createdAt.toISOString(),
});

/** One negotiation as `viewerId` sees it at `now` (their side and what they may do). */
export function toOfferDto(
  o: Offer,
  viewerId: string,
  now: Date,
  facts: { partTitle?: string; partPrice?: string | null; buyerName?: string; sellerName?: string; steps: OfferStepDto[] },
): OfferDto {
  const side = sideOf(o, viewerId);
  const state = offerState(o);
  return {
    id: o.id,
    kind: o.kind,
    partId: o.partId,
    partTitle: facts.partTitle ?? 'Part',
    partPrice: facts.partPrice ?? null,
    auctionId: o.auctionId ?? null,
    buyerId: o.buyerId,
    buyerName: facts.buyerName ?? 'buyer',
    sellerId: o.sellerId,
    sellerName: facts.sellerName ?? 'seller',
    status: o.status,
    amount: money(state.amountCents),
    floorAmount: money(state.floorCents),
    turn: o.turn,
    rounds: o.rounds,
    maxRounds: MAX_ROUNDS,
    message: o.message ?? null,
    declineReason: o.declineReason ?? null,
    orderId: o.orderId ?? null,
    cancelReason: o.cancelReason ?? null,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    yourSide: side,
    canAccept: mayAct(state, side, 'accept', now),
    canDecline: mayAct(state, side, 'decline', now),
    canCounter: mayAct(state, side, 'counter', now),
    steps: facts.steps,
  };
}
