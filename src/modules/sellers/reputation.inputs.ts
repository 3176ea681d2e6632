/**
 * The request bodies of the reviews API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { reviewCreateSchema, sellerResponseSchema } from './reputation.schemas.js';

/** POST /api/sellers/{id}/reviews: the buyer's review of a delivered order's seller. */
export type ReviewCreateInput = BodyInput<typeof reviewCreateSchema>;
/** The seller's public response to a review. */
export type SellerResponseInput = BodyInput<typeof sellerResponseSchema>;
