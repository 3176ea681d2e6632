/**
 * The year bounds, the watch threshold's range and the sentences of the garage forms (vehicles, alerts, market
 * watch): the server's zod schemas answer with them and the web app's forms show them before sending. Pure:
 * imports nothing (the front ends import it as code).
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2030;

/** A watch's price alert threshold, in percent. */
export const THRESHOLD_MIN = 0.1;
export const THRESHOLD_MAX = 100;

/** The garage forms' field messages (the web forms show the same ones). */
export const GARAGE_MESSAGES = {
  make: 'Make is required',
  unknownMake: 'Choose a make from the list',
  model: 'Model is required',
  year: `Year must be between ${MIN_YEAR} and ${MAX_YEAR}`,
  yearOrder: 'End year must be the same as or after the start year',
  projectType: 'Project type must be restoration, maintenance, modification or rebuild',
  priority: 'Priority must be a whole number from 1 to 10',
  alertName: 'Alert name is required',
  frequency: 'Frequency must be instant or daily',
  condition: 'Unknown condition',
  maxPrice: 'Maximum price must be an amount in dollars',
  unknownCategory: 'Choose a category from the list',
  watchType: 'Watch type must be part, auction or reverse_auction',
  watchItem: 'Choose an item to watch',
  threshold: `Price alert threshold must be a percentage between ${THRESHOLD_MIN} and ${THRESHOLD_MAX}`,
  fitAnswer: 'Choose whether it fitted: yes, no or with modification',
  timeZone: 'Not a known time zone',
  digestHour: 'Digest hour must be a whole hour from 0 to 23',
  engineCode: 'Engine code must have a letter or a digit',
} as const;

/** The "Did it fit?" report's sentences (POST /api/orders/{id}/fitment-report). */
export const FITMENT_REPORT_MESSAGES = {
  notDelivered: 'You can say whether it fitted once the order is delivered',
  alreadyReported: 'You already said whether this part fitted',
  noPart: 'This order has no listed part to report on',
  vehicleRequired: 'Choose the vehicle from your garage: this part names no vehicle',
  noteMax: 'Note must be at most 1000 characters',
} as const;
