/**
 * The request bodies of the orders API as a client sends them, named for the front ends (`import type`): each is
 * the input type of the zod schema that parses it, so the schema is the one definition of the shape.
 */
import type { z } from 'zod';
import type { cancelBody, checkoutBody, createOrderBody, refundBody, shipBody } from './payments.schemas.js';

/** POST /api/orders (Buy Now). */
export type BuyNowInput = z.input<typeof createOrderBody>;
/** POST /api/orders/{id}/checkout: the shipping address, the Final Sale acknowledgement, the escrow choice or the signed waiver. */
export type CheckoutInput = z.input<typeof checkoutBody>;
/** The shipping address of a checkout. */
export type ShippingAddressInput = CheckoutInput['shippingAddress'];
/** POST /api/orders/{id}/ship. */
export type ShipInput = z.input<typeof shipBody>;
/** POST /api/orders/{id}/cancel (the reason is optional). */
export type CancelInput = z.input<typeof cancelBody>;
/** POST /api/admin/orders/{id}/refund: the amount as a decimal ("25.00") or a number, and the reason. */
export type RefundInput = z.input<typeof refundBody>;
