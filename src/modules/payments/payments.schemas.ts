import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { ADDRESS_MESSAGES, ESCROW_CHOICE_MESSAGE, REFUND_MESSAGES, SHIP_MESSAGES } from './payments.messages.js';

const text = (max: number, message: string) => z.string({ message }).trim().min(1, message).max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const createOrderBody = z.object({ partId: z.uuid({ message: 'Not a valid part id' }) });

export const shippingAddressSchema = z.object({
  name: nameText(text(200, ADDRESS_MESSAGES.name)),
  line1: text(200, ADDRESS_MESSAGES.line1),
  line2: optionalText(200),
  city: text(100, ADDRESS_MESSAGES.city),
  region: optionalText(100),
  postalCode: text(20, ADDRESS_MESSAGES.postalCode),
  country: z
    .string({ message: ADDRESS_MESSAGES.country })
    .trim()
    .regex(/^[A-Za-z]{2}$/, ADDRESS_MESSAGES.countryCode)
    .transform((v) => v.toUpperCase()),
  phone: optionalText(40),
});

/** POST /api/orders/{id}/checkout (the country as ISO 3166-1 alpha-2, e.g. "US"). */
export const checkoutBody = z.object({
  shippingAddress: shippingAddressSchema,
  /** Required (true) when the order is a Final Sale. */
  acknowledgeFinalSale: z.boolean().optional(),
  /** Required when the total is $5,000 or more: 'escrow' (recommended) or 'waiver'. */
  escrowChoice: z.enum(['escrow', 'waiver'], { message: ESCROW_CHOICE_MESSAGE }).optional(),
  /** With the waiver: the buyer signs it (stored with the time, IP address and user agent). */
  waiverAccepted: z.boolean().optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const shipBody = z.object({
  carrier: text(100, SHIP_MESSAGES.carrier),
  trackingNumber: text(100, SHIP_MESSAGES.trackingNumber),
});

export const cancelBody = z.object({ reason: optionalText(300) });

export const listOrdersQuery = z.object({
  as: z.enum(['buyer', 'seller']).default('buyer'),
  state: z.enum(['pending_payment', 'paid', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded', 'partially_refunded', 'disputed']).optional(),
  page: numeric(z.number().int().min(1).max(10_000)).default(1),
  limit: numeric(z.number().int().min(1).max(100)).default(20),
});

export const testConfirmBody = z.object({ orderId: z.uuid({ message: 'Not a valid order id' }) });

export const refundBody = z.object({
  amount: z.union([z.string(), z.number()], { message: 'Amount is required' }),
  reason: text(300, REFUND_MESSAGES.reason),
});

/** The Idempotency-Key header of a refund: printable, up to 200 characters (the console sends a UUID per refund dialog). */
export const idempotencyKey = z.string().trim().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');

export const adminOrderFilter = z.object({
  q: z.string().trim().max(200).optional(),
  state: z.enum(['pending_payment', 'paid', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded', 'partially_refunded', 'disputed']).optional(),
  sellerId: z.uuid().optional(),
  buyerId: z.uuid().optional(),
  source: z.string().max(30).optional(),
  total_gte: z.union([z.string(), z.number()]).optional(),
  total_lte: z.union([z.string(), z.number()]).optional(),
  createdAt_gte: z.string().max(40).optional(),
  createdAt_lte: z.string().max(40).optional(),
  /** Orders with an escrow transfer reversal not made yet (pending or failed): the seller owes it. */
  reversalOwed: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilter>;

export const financeQuery = z.object({
  months: numeric(z.number().int().min(1).max(60)).default(12),
  format: z.enum(['json', 'csv']).default('json'),
});

export const earningsQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });
