/**
 * The request bodies of the sellers API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { sellerApplicationSchema, storefrontUpdateSchema } from './seller.schemas.js';

/** POST /api/sellers: the seller application (the applicant is the session's user). */
export type SellerApplicationInput = BodyInput<typeof sellerApplicationSchema>;
/** PATCH /api/storefronts/{id}: the storefront's owner edits it; null clears a field. */
export type StorefrontUpdateInput = BodyInput<typeof storefrontUpdateSchema>;
