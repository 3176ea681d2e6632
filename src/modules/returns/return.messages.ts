/**
 * The limits and sentences of the return forms (the buyer's request, the seller's answers, the console's decision):
 * the server's zod schemas answer with them and the front ends' checks show them before sending. Pure: imports
 * nothing (the front ends import it as code).
 */

export const MAX_RETURN_PHOTOS = 5;

/** The forms' sentences, by field (the server adds the list of reasons to `reason`). */
export const RETURN_FORM_MESSAGES = {
  reason: 'Choose a reason',
  details: 'Describe the problem',
  photo: 'Each photo must be a JPEG or PNG uploaded to Pitlane',
  tooManyPhotos: `At most ${MAX_RETURN_PHOTOS} photos`,
  instructions: 'Give the buyer return instructions (address, packing, label)',
  declineReason: 'Give the buyer a reason for declining',
  carrier: 'Carrier is required',
  trackingNumber: 'Tracking number is required',
  decision: 'Choose refund, approve or reject',
  note: 'Explain the decision to the buyer and the seller',
} as const;
