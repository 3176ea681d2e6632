import { z } from 'zod';

/** At most this many events in one report (a search page shows at most 100 results). */
export const MAX_ACTIVITY_EVENTS = 120;

/** POST /api/analytics/events: what a browser saw and did with listings. */
export const listingActivitySchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(['view', 'impression', 'click'], { message: 'Type must be view, impression or click' }),
        itemType: z.enum(['part', 'auction'], { message: 'Item type must be part or auction' }),
        itemId: z.uuid({ message: 'Not a valid id' }),
      }),
    )
    .min(1, 'At least one event is required')
    .max(MAX_ACTIVITY_EVENTS, `At most ${MAX_ACTIVITY_EVENTS} events at once`),
});
export type ListingActivityInput = z.infer<typeof listingActivitySchema>;
