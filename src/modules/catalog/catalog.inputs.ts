/**
 * The request bodies of the catalog API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { partCreateSchema, partUpdateSchema } from './part.schemas.js';
import type { interchangeGroupBody } from './interchange.schemas.js';

/** POST /api/parts: a new listing (the seller is the session's user). */
export type PartCreateInput = BodyInput<typeof partCreateSchema>;
/** PATCH /api/parts/{id}: any subset of the listing's fields. */
export type PartUpdateInput = BodyInput<typeof partUpdateSchema>;
/** One vehicle entry of a listing's compatibility list. */
export type FitmentInput = NonNullable<PartCreateInput['vehicleCompatibility']>[number];
/** POST, PUT and PATCH /api/admin/interchange-groups(/{id}): a group's name and numbers (issue 35). */
export type InterchangeGroupBodyInput = BodyInput<typeof interchangeGroupBody>;
