/**
 * The request bodies of the auctions API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { auctionCreateSchema, bidSchema } from './auction.schemas.js';

/** POST /api/auctions: the forward auction form (amounts as numbers or decimal strings, times as ISO strings). */
export type AuctionCreateInput = BodyInput<typeof auctionCreateSchema>;
/** POST /api/auctions/{id}/bids: the bid and, for a proxy bid, the maximum. */
export type BidInput = BodyInput<typeof bidSchema>;
