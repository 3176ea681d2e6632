/**
 * The request bodies of the offers API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { declineSchema, offerPricesSchema, offerSchema, secondChanceSchema } from './offer.schemas.js';

/** POST /api/parts/{id}/offers and POST /api/offers/{id}/counter: the amount (a number or a decimal string) and an optional message. */
export type OfferInput = BodyInput<typeof offerSchema>;
/** POST /api/offers/{id}/decline: an optional reason. */
export type DeclineInput = BodyInput<typeof declineSchema>;
/** PUT /api/parts/{id}/offer-prices: blank or null clears a price. */
export type OfferPricesInput = BodyInput<typeof offerPricesSchema>;
/** POST /api/auctions/{id}/second-chance: the bidder and how many days the offer stands. */
export type SecondChanceInput = BodyInput<typeof secondChanceSchema>;
