/**
 * The sentences of the review form and the console's badge form: the server's zod schemas answer with them and
 * the front ends' checks show them before sending. Pure: imports nothing (the front ends import it as code).
 */

/** The buyer's review of a seller, and the seller's response. */
export const REVIEW_MESSAGES = {
  rating: 'Rating must be a whole number from 1 to 5',
  subRating: 'Ratings must be whole numbers from 1 to 5',
  sellerResponse: 'Response is required',
} as const;

/** The console's badge form, by field. */
export const BADGE_FORM_MESSAGES = {
  name: 'Name is required',
  description: 'Description is required',
  icon: 'Icon is required',
  requirement: 'Requirements are required',
  pointsAwarded: 'Points must be non-negative',
  pointsWhole: 'Points must be a whole number',
  sortOrder: 'Sort order must be non-negative',
  sortOrderWhole: 'Sort order must be a whole number',
} as const;
