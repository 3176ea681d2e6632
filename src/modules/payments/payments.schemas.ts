import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';

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
  name: nameText(text(200, 'Name is required')),
  line1: text(200, 'Address is required'),
  line2: optionalText(200),
  city: text(100, 'City is required'),
  region: optionalText(100),
  postalCode: text(20, 'Postal code is required'),
  country: z
    .string({ message: 'Country is required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
    .transform((v) => v.toUpperCase()),
  phone: optionalText(40),
});

export const checkoutBody = z.object({
  shippingAddress: shippingAddressSchema,
  acknowledgeFinalSale: z.boolean().optional(),
  escrowChoice: z.enum(['escrow', 'waiver'], { message: 'Choose escrow or the waiver' }).optional(),
  waiverAccepted: z.boolean().optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const shipBody = z.object({
  carrier: text(100, 'Carrier is required'),
  trackingNumber: text(100, 'Tracking number is required'),
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
  reason: text(300, 'Reason is required'),
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
