import { z } from 'zod';
import { PATTERN_ACTIONS, PATTERN_STATUSES } from './bidding-pattern.dto.js';

/** The zod schemas of the console's bidding-pattern queue: its filters and an admin's review. */

const ACTION_MESSAGE = `Action must be one of ${PATTERN_ACTIONS.join(', ')}`;

/** The queue's filters: review status, pattern, bidder, auction, action taken. */
export const patternFilter = z.object({
  status: z.enum(PATTERN_STATUSES, { message: `Status must be one of ${PATTERN_STATUSES.join(', ')}` }).optional(),
  patternType: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
  userId: z.uuid({ message: 'Not a valid user id' }).optional(),
  auctionId: z.uuid({ message: 'Not a valid auction id' }).optional(),
  actionTaken: z.enum(PATTERN_ACTIONS, { message: ACTION_MESSAGE }).optional(),
});

/** An admin's review (PUT; react-admin sends the whole record, of which only these fields are read). */
export const patternReviewBody = z.object({
  actionTaken: z.enum(PATTERN_ACTIONS, { message: ACTION_MESSAGE }),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
  suspiciousActivityScore: z
    .number({ message: 'Suspicious score must be between 0 and 100' })
    .int('Suspicious score must be between 0 and 100')
    .min(0, 'Suspicious score must be between 0 and 100')
    .max(100, 'Suspicious score must be between 0 and 100')
    .optional(),
});

/** The queue's filters, and the ids of a getMany. */
export type PatternFilter = z.infer<typeof patternFilter> & { ids?: string[] };
/** An admin's review of one flag; `notes` is kept in the audit log and quoted by the warning mail. */
export type PatternReview = z.infer<typeof patternReviewBody>;
