/**
 * The limits and sentences of the forward auction form (spec 001 §5): the server's zod schemas answer with them
 * and the web app's checks show them before sending. Pure: imports nothing (the front ends import it as code).
 */

/** The bounds of the form's whole numbers (the anti-sniping fields in seconds, the relist delay in hours). */
export const AUCTION_FORM_LIMITS = {
  autoExtendTrigger: { min: 0, max: 86_400 },
  autoExtendTime: { min: 0, max: 86_400 },
  maxExtensions: { min: 0, max: 100 },
  maxRelists: { min: 1, max: 10 },
  /** Percent, in steps of 0.1. */
  relistPriceReduction: { min: 0, max: 50 },
  relistDelay: { min: 1, max: 168 },
} as const;

const L = AUCTION_FORM_LIMITS;

/** The form's sentences, by field. */
export const AUCTION_FORM_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  partId: 'Part selection is required',
  startingBid: 'Starting bid is required',
  bidIncrement: 'Bid increment is required',
  /** Also the admin settings' default increment. */
  bidIncrementAboveZero: 'Bid increment must be an amount above $0',
  startTime: 'Start time is required',
  endTime: 'End time is required',
  autoExtendTrigger: `Auto-extend trigger must be ${L.autoExtendTrigger.min} to ${L.autoExtendTrigger.max} seconds`,
  autoExtendTime: `Auto-extend time must be ${L.autoExtendTime.min} to ${L.autoExtendTime.max} seconds`,
  maxExtensions: `Max extensions must be ${L.maxExtensions.min} to ${L.maxExtensions.max}`,
  maxRelists: `Max relists must be between ${L.maxRelists.min} and ${L.maxRelists.max}`,
  relistPriceReduction: `Price reduction must be between ${L.relistPriceReduction.min} and ${L.relistPriceReduction.max} percent`,
  relistPriceReductionStep: 'Price reduction takes one decimal',
  relistDelay: `Relist delay must be between ${L.relistDelay.min} and ${L.relistDelay.max} hours`,
  bidAmount: 'Bid amount is required',
} as const;
