/**
 * The request bodies of the reverse auctions API as a client sends them, named for the front ends (`import type`):
 * each is the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { awardSchema, quoteSchema, reverseCreateSchema } from './reverse.schemas.js';

/** POST /api/reverse-auctions: the wanted request (amounts as numbers or decimal strings, times as ISO strings). */
export type ReverseCreateInput = BodyInput<typeof reverseCreateSchema>;
/** POST /api/reverse-auctions/{id}/bids: a seller's quote. */
export type QuoteInput = BodyInput<typeof quoteSchema>;
/** POST /api/reverse-auctions/{id}/award. */
export type AwardInput = BodyInput<typeof awardSchema>;
