import { z } from 'zod';
import { SETTINGS_GROUPS } from './auction-settings.schemas.js';
import { AUCTION_STATUSES } from './auction.schemas.js';

/** The console's zod schemas: auction filters, the reason of an early end or a cancellation, a settings group. */

export const settingsGroupParams = z.object({
  group: z.enum(SETTINGS_GROUPS, { error: 'Settings group must be auction, bidder or pricing' }),
});

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
const statusMessage = `Status must be one of ${AUCTION_STATUSES.join(', ')}`;
const status = z.enum(AUCTION_STATUSES, { message: statusMessage });

/** The console's auction filters: status (one or several), title text, seller, part, flagged bids. */
export const adminAuctionFilter = z.object({
  q: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(status).max(AUCTION_STATUSES.length).optional()),
  sellerId: z.uuid({ message: 'Not a valid seller id' }).optional(),
  partId: z.uuid({ message: 'Not a valid part id' }).optional(),
  /** Only auctions whose bids raised a bidding-pattern flag (or, false, none). */
  flagged: flag,
});
/** The filters, and the ids of a getMany. */
export type AdminAuctionFilter = z.infer<typeof adminAuctionFilter> & { ids?: string[] };

export const CLOSE_REASON_MESSAGE = 'A reason is required: it is mailed to the bidders and the seller';
/** An admin's early end or cancellation: the reason the bidders and the seller are told. */
export const closeBody = z.object({
  reason: z
    .string({ message: CLOSE_REASON_MESSAGE })
    .trim()
    .min(1, CLOSE_REASON_MESSAGE)
    .max(1000, 'The reason must be at most 1000 characters'),
});
