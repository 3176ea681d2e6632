/**
 * The choices, limits and sentences of the reverse auction form and the quote form (spec 001 §3/§5): the server's
 * zod schemas answer with them and the web app's forms offer and show them. Pure: imports nothing (the front ends
 * import it as code).
 */

/**
 * What a wanted request may ask for: every catalog category (issue 34; the spec offered only its first eight, so a
 * buyer could not ask for an exhaust or a seat belt). The spec's eight names stay as they were (Engine, Body,
 * Interior, Suspension, Electrical, Drivetrain, Brakes, Wheels: each a catalog category's slug, so requests already
 * stored and clients written against the spec keep working); the other twelve are the catalog's display names. In
 * the catalog's order, and each finds its catalog category by name or slug (the sellers told of a request).
 */
export const PART_CATEGORIES = [
  'Engine',
  'Drivetrain',
  'Suspension',
  'Intake & Fuel',
  'Exhaust',
  'Brakes',
  'Body',
  'Interior',
  'Electrical',
  'Wheels',
  'Lighting',
  'Trim & Badges',
  'Tools & Garage Equipment',
  'Hardware & Fasteners',
  'Accessories',
  'Project Cars & Roller Shells',
  'Fire Suppression',
  'Safety Gear',
  'Pit Equipment',
  'Miscellaneous',
] as const;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2030;

/** The forms' sentences, by field. */
export const REVERSE_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  partCategory: 'Part category is required',
  partCategoryChoice: `Part category must be one of ${PART_CATEGORIES.join(', ')}`,
  maxBudget: 'Maximum budget is required',
  minBidDecrement: 'Minimum bid decrement is required',
  startTime: 'Start time is required',
  endTime: 'End time is required',
  year: `Year must be between ${MIN_YEAR} and ${MAX_YEAR}`,
  yearOrder: 'End year must not be before start year',
  maxRelists: 'Max relists must be between 1 and 10',
  budgetIncrease: 'Budget increase must be between 0 and 50 percent',
  relistDelay: 'Relist delay must be between 1 and 168 hours',
  shipping: 'Shipping preference must be pickup, shipping or both',
  urgency: 'Urgency must be low, normal or high',
  bidAmount: 'Quote amount is required',
  photoUrl: 'Each photo needs an uploaded photo or an http(s) address',
  tooManyPhotos: 'At most 10 photos',
  availabilityDate: 'Availability date must be a date',
  bidId: 'Choose a quote to award',
} as const;
