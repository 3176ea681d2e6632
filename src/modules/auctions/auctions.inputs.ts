/**
 * The request bodies of the auctions API as a client sends them, named for the front ends (`import type`): each is
 * the input type of the zod schema that parses it, so the schema is the one definition of the shape.
 */
import type { z } from 'zod';
import type { auctionCreateSchema, bidSchema } from './auction.schemas.js';

/** POST /api/auctions: the forward auction form (amounts as numbers or decimal strings, times as ISO strings). */
export type AuctionCreateInput = z.input<typeof auctionCreateSchema>;
/** POST /api/auctions/{id}/bids: the bid and, for a proxy bid, the maximum. */
export type BidInput = z.input<typeof bidSchema>;
