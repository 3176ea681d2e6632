/**
 * The pure rules of returns: reasons, the FAQ's eligibility rules, who pays return shipping, the business-day
 * deadline and the state machine. No I/O; unit-tested in return.rules.spec.ts.
 */

import { RETURN_FORM_MESSAGES } from './return.messages.js';

/** The reasons a buyer may give, exactly as the product shows them. */
export const RETURN_REASONS = ['not as described', 'damaged in transit', 'wrong item', "doesn't fit", 'changed my mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Reasons that need 1-5 photos of the problem. */
export const PHOTO_REASONS: readonly ReturnReason[] = ['not as described', 'damaged in transit', 'wrong item'];
/** Reasons of preference (nothing wrong with the part): refused for final-sale, electrical, custom and auction items. */
export const PREFERENCE_REASONS: readonly ReturnReason[] = ["doesn't fit", 'changed my mind'];
/** Reasons that say the part was misrepresented or faulty: always returnable, return shipping on the seller. */
export const SELLER_FAULT_REASONS: readonly ReturnReason[] = ['not as described', 'wrong item'];

export const RETURN_STATES = ['requested', 'approved', 'declined', 'shipped_back', 'received', 'refunded', 'closed', 'escalated'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
/** The states in which the return waits for the seller: to answer it, to receive the part back, to refund it. */
export const SELLER_TURN_STATES: readonly ReturnState[] = ['requested', 'shipped_back', 'received'];
/** The list's `state` filter: one state, or `awaiting_seller` (SELLER_TURN_STATES), the seller's default. */
export const RETURN_LIST_FILTERS = [...RETURN_STATES, 'awaiting_seller'] as const;

/** Days after delivery a buyer may request a return (spec 000 §9). */
export const RETURN_WINDOW_DAYS = 7;
/** Business days the seller has to approve or decline (spec 000 §9). */
export const SELLER_RESPONSE_BUSINESS_DAYS = 3;
/** Days a declined return stays open for the buyer to escalate before it closes. */
export const ESCALATION_WINDOW_DAYS = 7;
export { MAX_RETURN_PHOTOS } from './return.messages.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/**
 * `from` plus `days` business days (Monday to Friday, UTC; weekends skipped). A start on a weekend counts from
 * the following Monday at 00:00 UTC, so a request sent on Saturday is due on Wednesday at midnight UTC, not earlier.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = new Date(from.getTime());
  if (isWeekend(at)) {
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    while (isWeekend(at)) at = new Date(at.getTime() + DAY_MS);
  }
  let left = days;
  while (left > 0) {
    at = new Date(at.getTime() + DAY_MS);
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

/** The order sources that are auction sales (wins, Buy It Now on an auction, reserve and Second Chance offers). */
export const AUCTION_SOURCES: readonly string[] = ['auction_won', 'auction_buy_it_now', 'reserve_offer', 'second_chance'];
/** Category slugs whose parts count as electrical (spec 000: "most electrical parts"). */
export const ELECTRICAL_CATEGORIES: readonly string[] = ['electrical'];
/** Words in a part's title that mark it as custom or modified. */
const CUSTOM_WORDS = /\b(custom|modified|one-off|bespoke|fabricated|hand-?made)\b/i;

/** What the eligibility rules read of an order and its part. */
export interface ReturnCase {
  state: string;
  source: string;
  finalSale: boolean;
  deliveredAt: Date | null;
  /** The part's category slug and title; null when the order names no listed part. */
  category: string | null;
  title: string;
}

export const RETURN_MESSAGES = {
  notDelivered: 'A return can be requested once the order has been delivered.',
  windowEnded: (ends: Date) =>
    `The ${RETURN_WINDOW_DAYS}-day return window for this order ended on ${ends.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`,
  notReturnable: 'This order can no longer be returned.',
  preference: (what: string) =>
    `${what} cannot be returned for "doesn't fit" or "changed my mind". If the part was not as described, damaged in transit or the wrong item, choose that reason.`,
  photosRequired: 'Add 1 to 5 photos showing the problem (JPEG or PNG, up to 5 MB each).',
  tooManyPhotos: RETURN_FORM_MESSAGES.tooManyPhotos,
  alreadyRequested: 'A return has already been requested for this order.',
  onlyBuyer: 'Only the buyer can request a return for this order.',
} as const;

/** What makes a part non-returnable for a reason of preference, or null when nothing does. */
export function preferenceBlock(c: Pick<ReturnCase, 'source' | 'finalSale' | 'category' | 'title'>): string | null {
  if (AUCTION_SOURCES.includes(c.source)) return 'An auction win';
  if (c.finalSale) return 'A Final Sale item';
  if (c.category && ELECTRICAL_CATEGORIES.includes(c.category)) return 'An electrical part';
  if (CUSTOM_WORDS.test(c.title)) return 'A custom or modified part';
  return null;
}

export type Eligibility = { ok: true } | { ok: false; code: string; message: string };

/**
 * Whether the seller's "yes" to the buyer's fitment question (answered before the order) counts for this reason:
 * only for "doesn't fit", which it turns from a preference into the seller's fault (issue 35).
 */
export const restsOnFitAnswer = (reason: ReturnReason, fitConfirmed: boolean) => fitConfirmed && reason === "doesn't fit";

/**
 * Whether a return may be requested for `reason` at `now`: delivered, inside the window, and the FAQ's rules. A
 * "doesn't fit" the seller said would fit (`fitConfirmed`) is accepted even for final-sale items and auction wins.
 */
export function returnEligibility(c: ReturnCase, reason: ReturnReason, now: Date, fitConfirmed = false): Eligibility {
  if (!['delivered', 'completed'].includes(c.state)) {
    return c.deliveredAt
      ? { ok: false, code: 'not_returnable', message: RETURN_MESSAGES.notReturnable }
      : { ok: false, code: 'not_delivered', message: RETURN_MESSAGES.notDelivered };
  }
  if (!c.deliveredAt) return { ok: false, code: 'not_delivered', message: RETURN_MESSAGES.notDelivered };
  const ends = returnWindowEnd(c.deliveredAt);
  if (now.getTime() > ends.getTime()) return { ok: false, code: 'return_window_ended', message: RETURN_MESSAGES.windowEnded(ends) };
  if (PREFERENCE_REASONS.includes(reason) && !restsOnFitAnswer(reason, fitConfirmed)) {
    const block = preferenceBlock(c);
    if (block) return { ok: false, code: 'not_returnable_for_reason', message: RETURN_MESSAGES.preference(block) };
  }
  return { ok: true };
}

/** The end of the return window of a delivery. */
export const returnWindowEnd = (deliveredAt: Date) => new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);

export type ShippingPayer = 'buyer' | 'seller' | 'carrier_claim';

/**
 * Who pays return shipping: the seller when the part was misrepresented or faulty, or when it does not fit a vehicle
 * the seller said it fits (`fitConfirmed`); the carrier's claim for transit damage; else the buyer.
 */
export function returnShippingPaidBy(reason: ReturnReason, fitConfirmed = false): ShippingPayer {
  if (SELLER_FAULT_REASONS.includes(reason) || restsOnFitAnswer(reason, fitConfirmed)) return 'seller';
  if (reason === 'damaged in transit') return 'carrier_claim';
  return 'buyer';
}

/** The policy text shown with a return (the FAQ's wording). */
export function returnPolicyNote(reason: ReturnReason, fitConfirmed = false): string {
  if (restsOnFitAnswer(reason, fitConfirmed)) return 'The seller said this part fits your vehicle before you ordered it, so the seller pays return shipping.';
  switch (returnShippingPaidBy(reason)) {
    case 'seller':
      return 'The part was misrepresented or faulty, so the seller pays return shipping.';
    case 'carrier_claim':
      return 'Pitlane does not cover shipping damage or loss. Keep the packaging and photos: the seller, who shipped the part, files a claim with the carrier, and you can file one too with the tracking number. The seller decides the return with you.';
    default:
      return 'The buyer pays return shipping for a return of preference.';
  }
}

export type ReturnAction = 'approve' | 'decline' | 'ship' | 'receive' | 'refund' | 'escalate' | 'decide' | 'deadline' | 'close';

/** The states each action may start from. */
export const ACTION_FROM: Record<ReturnAction, readonly ReturnState[]> = {
  approve: ['requested'],
  decline: ['requested'],
  ship: ['approved'],
  receive: ['shipped_back'],
  refund: ['approved', 'shipped_back', 'received'],
  escalate: ['declined', 'shipped_back', 'received'],
  decide: ['escalated'],
  deadline: ['requested'],
  close: ['declined'],
};

/** Whether `action` may happen in `state`. */
export const canDo = (action: ReturnAction, state: ReturnState) => ACTION_FROM[action].includes(state);

/** The service's refusals and system notes (beside RETURN_MESSAGES, the request's). */
export const RETURN_TEXT = {
  notFound: 'Return',
  orderNotFound: 'Order',
  wrongState: (action: string, state: string) => `This return cannot be ${action} while it is ${state.replace('_', ' ')}.`,
  onlySeller: 'Only the seller can do this.',
  onlyBuyer: 'Only the buyer can do this.',
  refundTooLarge: (max: string) => `The refund cannot be more than $${max}, what is left of the order's total.`,
  nothingToRefund: 'Nothing is left to refund on this order.',
  amountForRefund: 'Give the refund amount',
  escalatedByDeadline: `The seller did not answer within ${SELLER_RESPONSE_BUSINESS_DAYS} business days; Pitlane's team will decide.`,
  closedAfterDecline: `The return was declined and not escalated within ${ESCALATION_WINDOW_DAYS} days.`,
  notRelistable: 'This part cannot be put back on sale: it must be received back and refunded, and still be sold by this order.',
} as const;

/**
 * Whether a return's part may go back on sale, by the return and its order: the part came back (received), the
 * return was refunded, and the order was a fixed-price sale (an auction's part follows the auction's relist rules).
 * The catalog checks the rest: the part is still sold by this very order.
 */
export function mayPutBackOnSale(r: { state: string; receivedAt?: Date | null }, order: { source: string } | null): boolean {
  return r.state === 'refunded' && !!r.receivedAt && order !== null && !AUCTION_SOURCES.includes(order.source);
}

/** Each action in the past tense, for RETURN_TEXT.wrongState. */
export const ACTION_PAST: Record<ReturnAction, string> = {
  approve: 'approved',
  decline: 'declined',
  ship: 'marked shipped',
  receive: 'marked received',
  refund: 'refunded',
  escalate: 'escalated',
  decide: 'decided',
  deadline: 'escalated',
  close: 'closed',
};
