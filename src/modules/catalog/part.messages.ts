/**
 * The limits and sentences of the listing form (spec 001 §5 "Part listing", §9 limits): the server's zod schemas
 * answer with them and the web app's sell form shows them before sending. Pure: imports nothing (the front ends
 * import it as code).
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2030;
export const MAX_PHOTOS = 5;
/** At most this many numbers besides the part number (issue 35: oem, casting, supersedes, aftermarket). */
export const MAX_PART_NUMBERS = 20;

/** The sentences of an amount field named `label` ("Price", "Original price"). */
export const amountMessages = (label: string) =>
  ({
    required: `${label} is required`,
    number: `${label} must be a number`,
    decimals: `${label} can have at most 2 decimal places`,
    positive: `${label} must be greater than 0`,
    tooHigh: `${label} must be at most 99,999,999.99`,
  }) as const;

/** The listing form's sentences, by field (and a vehicle entry's make and model). */
export const PART_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  category: 'Category is required',
  make: 'Make is required',
  model: 'Model is required',
  condition: 'Condition is required',
  location: 'Location is required',
  price: amountMessages('Price'),
  photosRequired: 'Please add at least one photo for your listing.',
  altText: 'Alt text is required for accessibility',
  tooManyPhotos: `You can add at most ${MAX_PHOTOS} photos`,
  photoUrl: 'Each photo must be an uploaded photo or an http(s) address',
  year: `Year must be between ${MIN_YEAR} and ${MAX_YEAR}`,
  yearOrder: 'The first year must not be after the last year',
  numberText: 'A part number needs at least one letter or digit',
  tooManyNumbers: `You can add at most ${MAX_PART_NUMBERS} part numbers`,
  repeatedNumber: 'Each part number only once (dashes, spaces and case do not count)',
} as const;
