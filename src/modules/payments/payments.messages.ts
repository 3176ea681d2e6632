/**
 * The sentences of the checkout and shipping forms: the server's zod schemas answer with them and the web app's
 * checks show them before sending, so one rule speaks with one sentence. Pure: imports nothing (the front ends
 * import it as code).
 */

/** The shipping address at checkout, by field. */
export const ADDRESS_MESSAGES = {
  name: 'Full name is required',
  line1: 'Street address is required',
  city: 'City is required',
  postalCode: 'Postal code is required',
  country: 'Country is required',
  countryCode: 'Country must be a two-letter code',
} as const;

/** The escrow choice at checkout (from $5,000). */
export const ESCROW_CHOICE_MESSAGE = 'Choose escrow or sign the waiver';

/** The seller's Mark Shipped, by field. */
export const SHIP_MESSAGES = {
  carrier: 'Carrier is required',
  trackingNumber: 'Tracking number is required',
} as const;

/** The console's refund of an order. */
export const REFUND_MESSAGES = {
  reason: 'Reason is required',
} as const;
