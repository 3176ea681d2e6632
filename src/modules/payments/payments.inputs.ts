/**
 * The request bodies of the orders API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { cancelBody, checkoutBody, createOrderBody, refundBody, shipBody } from './payments.schemas.js';

/** POST /api/orders (Buy Now). */
export type BuyNowInput = BodyInput<typeof createOrderBody>;
/** POST /api/orders/{id}/checkout: the shipping address, the Final Sale acknowledgement, the escrow choice or the signed waiver. */
export type CheckoutInput = BodyInput<typeof checkoutBody>;
/** The shipping address of a checkout. */
export type ShippingAddressInput = CheckoutInput['shippingAddress'];
/** POST /api/orders/{id}/ship. */
export type ShipInput = BodyInput<typeof shipBody>;
/** POST /api/orders/{id}/cancel (the reason is optional). */
export type CancelInput = BodyInput<typeof cancelBody>;
/** POST /api/admin/orders/{id}/refund: the amount as a decimal ("25.00") or a number, and the reason. */
export type RefundInput = BodyInput<typeof refundBody>;
