/**
 * The request bodies of the returns API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { approveSchema, decideSchema, declineSchema, escalateSchema, refundSchema, returnCreateSchema, shipSchema } from './return.schemas.js';

/** POST /api/orders/{id}/returns: the buyer's request (photos as uploaded URLs or {url}). */
export type ReturnCreateInput = BodyInput<typeof returnCreateSchema>;
/** POST /api/returns/{id}/approve: the seller's return instructions. */
export type ReturnApproveInput = BodyInput<typeof approveSchema>;
/** POST /api/returns/{id}/decline: the seller's reason. */
export type ReturnDeclineInput = BodyInput<typeof declineSchema>;
/** POST /api/returns/{id}/ship: the buyer's carrier and tracking number. */
export type ReturnShipInput = BodyInput<typeof shipSchema>;
/** POST /api/returns/{id}/refund: the amount (the rest of the order's total when left out) and a note. */
export type ReturnRefundInput = BodyInput<typeof refundSchema>;
/** POST /api/returns/{id}/escalate: an optional reason. */
export type ReturnEscalateInput = BodyInput<typeof escalateSchema>;
/** PUT /api/admin/returns/{id}: the console's decision on an escalated return. */
export type ReturnDecisionInput = BodyInput<typeof decideSchema>;
