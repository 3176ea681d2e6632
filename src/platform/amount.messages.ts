/**
 * The sentences of an amount field as the API's `moneyCents` (platform/http/input-fields.ts) answers with them,
 * which the front ends' checks show too (an offer, a counter, a refund). Pure: imports nothing (the front ends
 * import it as code).
 */
export const AMOUNT_MESSAGES = {
  required: 'Amount is required',
  notAmount: 'Must be an amount',
  decimals: 'Use at most two decimals',
  tooLarge: 'Amount is too large',
  aboveZero: 'Must be more than 0',
  zeroOrMore: 'Must be 0 or more',
} as const;
