import { z } from 'zod';
import { partNumberText } from './part.schemas.js';
import { normalizePartNumber } from './search.words.js';

export const MAX_GROUP_NUMBERS = 50;
export const INTERCHANGE_MESSAGES = {
  name: 'A name is required',
  tooFew: 'A group needs at least two part numbers',
  tooMany: `A group holds at most ${MAX_GROUP_NUMBERS} part numbers`,
  repeated: 'Each part number only once (dashes, spaces and case do not count)',
} as const;

/** An interchange group as the console sends it (POST, and PUT/PATCH whole). */
export const interchangeGroupBody = z.object({
  name: z.string({ message: INTERCHANGE_MESSAGES.name }).trim().min(1, INTERCHANGE_MESSAGES.name).max(200, 'Must be at most 200 characters'),
  numbers: z
    .array(partNumberText, { message: INTERCHANGE_MESSAGES.tooFew })
    .min(2, INTERCHANGE_MESSAGES.tooFew)
    .max(MAX_GROUP_NUMBERS, INTERCHANGE_MESSAGES.tooMany)
    .refine((list) => new Set(list.map(normalizePartNumber)).size === list.length, INTERCHANGE_MESSAGES.repeated),
});
export type InterchangeGroupInput = z.infer<typeof interchangeGroupBody>;

/** The list's filters: `q`, a name's text or one of the numbers (normalised). */
export const interchangeGroupFilter = z.object({ q: z.string().trim().max(100).optional() });
