import { z } from 'zod';
import { AMOUNT_MESSAGES } from '../../platform/amount.messages.js';
import { blankable, moneyCents } from '../../platform/http/input-fields.js';
import { RETURN_FORM_MESSAGES } from './return.messages.js';
import { MAX_RETURN_PHOTOS, RETURN_LIST_FILTERS, RETURN_MESSAGES, RETURN_REASONS } from './return.rules.js';

/** The forms' sentences (return.messages.ts, shared with the front ends), the reason's with the list of reasons. */
export const RETURN_FIELD_MESSAGES = {
  ...RETURN_FORM_MESSAGES,
  reason: `${RETURN_FORM_MESSAGES.reason}: ${RETURN_REASONS.join(', ')}`,
} as const;

/** A photo uploaded through POST /api/returns/photos or /api/uploads (web copy, JPEG or PNG). */
const UPLOAD_URL = /^\/api\/uploads\/files\/[0-9a-f]{32}\.(?:jpg|png)$/;
const photoUrl = z.string({ error: RETURN_FIELD_MESSAGES.photo }).trim().regex(UPLOAD_URL, RETURN_FIELD_MESSAGES.photo);
const photo = z.union([photoUrl.transform((url) => ({ url })), z.object({ url: photoUrl }).transform(({ url }) => ({ url }))], {
  error: RETURN_FIELD_MESSAGES.photo,
});

const text = (message: string, max = 2000) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** POST /api/orders/{id}/returns */
export const returnCreateSchema = z.object({
  reason: z.enum(RETURN_REASONS, { error: RETURN_FIELD_MESSAGES.reason }),
  details: text(RETURN_FIELD_MESSAGES.details),
  photos: z.array(photo, { error: RETURN_FIELD_MESSAGES.photo }).max(MAX_RETURN_PHOTOS, RETURN_MESSAGES.tooManyPhotos).default([]),
});
export type ReturnCreateInput = z.infer<typeof returnCreateSchema>;

export const approveSchema = z.object({ instructions: text(RETURN_FIELD_MESSAGES.instructions) });
export const declineSchema = z.object({ reason: text(RETURN_FIELD_MESSAGES.declineReason) });
export const shipSchema = z.object({
  carrier: text(RETURN_FIELD_MESSAGES.carrier, 100),
  trackingNumber: text(RETURN_FIELD_MESSAGES.trackingNumber, 100),
});
export type ShipInput = z.infer<typeof shipSchema>;
/** Refund: the amount (dollars, two decimals at most); the rest of the order's total when left out. */
export const refundSchema = z.object({
  amount: blankable(moneyCents(AMOUNT_MESSAGES.required).optional()),
  note: optionalText(),
});
export type RefundInput = z.infer<typeof refundSchema>;
export const escalateSchema = z.object({ reason: optionalText() });
export const decideSchema = z
  .object({
    decision: z.enum(['refund', 'approve', 'reject'], { error: RETURN_FIELD_MESSAGES.decision }),
    amount: blankable(moneyCents(AMOUNT_MESSAGES.required).optional()),
    note: text(RETURN_FIELD_MESSAGES.note),
  });
export type DecideInput = z.infer<typeof decideSchema>;

export const returnListQuery = z.object({
  as: z.enum(['buyer', 'seller'], { error: 'as must be buyer or seller' }).default('buyer'),
  orderId: z.uuid({ message: 'Not a valid order id' }).optional(),
  state: z.enum(RETURN_LIST_FILTERS, { error: 'Unknown state' }).optional(),
  limit: z.preprocess((v) => (v === undefined ? undefined : Number(v)), z.number({ error: 'limit must be 1-100' }).int().min(1, 'limit must be 1-100').max(100, 'limit must be 1-100').default(20)),
  offset: z.preprocess((v) => (v === undefined ? undefined : Number(v)), z.number({ error: 'offset must be 0 or more' }).int().min(0, 'offset must be 0 or more').default(0)),
});
export type ReturnListQuery = z.infer<typeof returnListQuery>;

export const orderIdParams = z.object({ id: z.uuid({ message: 'Not a valid order id' }) });
export const returnIdParams = z.object({ id: z.uuid({ message: 'Not a valid return id' }) });
export const returnJobPayload = z.object({ returnId: z.uuid() });
