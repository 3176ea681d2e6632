import { z } from 'zod';
import { AMOUNT_MESSAGES } from '../../platform/amount.messages.js';
import { blankable, blankToUndefined, moneyCents } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { SECOND_CHANCE_DAYS } from './offer.rules.js';

const optionalText = (max: number, label: string) => blankable(z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

/** POST /api/parts/{id}/offers and POST /api/offers/{id}/counter. */
export const offerSchema = z.object({
  amount: moneyCents(AMOUNT_MESSAGES.required),
  message: optionalText(1000, 'Message'),
});
export type OfferInput = z.infer<typeof offerSchema>;

/** POST /api/offers/{id}/decline. */
export const declineSchema = z.object({ reason: optionalText(500, 'Reason') });

/** GET /api/offers. */
export const offerListQuery = z.object({
  as: z.enum(['buyer', 'seller']).default('buyer'),
  status: z.enum(['open', 'accepted', 'declined', 'expired', 'cancelled']).optional(),
  partId: z.uuid({ error: 'Not a valid id' }).optional(),
  limit: numeric(z.number().int().min(1).max(100)).default(20),
  offset: numeric(z.number().int().min(0)).default(0),
});
export type OfferListQuery = z.infer<typeof offerListQuery>;

const optionalMoney = blankable(moneyCents(AMOUNT_MESSAGES.required).optional());
/** PUT /api/parts/{id}/offer-prices: blank or null clears a price. */
export const offerPricesSchema = z.object({
  autoAcceptPrice: optionalMoney,
  autoDeclinePrice: optionalMoney,
});
export type OfferPricesInput = z.infer<typeof offerPricesSchema>;

/** POST /api/auctions/{id}/second-chance. */
export const secondChanceSchema = z.object({
  bidderId: z.uuid({ error: 'Choose a bidder' }),
  days: numeric(
    z
      .number()
      .int()
      .refine((d) => (SECOND_CHANCE_DAYS as readonly number[]).includes(d), 'Valid for 1, 3, 5 or 7 days'),
  ),
});
export type SecondChanceInput = z.infer<typeof secondChanceSchema>;

const offerStatus = z.enum(['open', 'accepted', 'declined', 'expired', 'cancelled'], { error: 'Not an offer status' });
const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: 'Not a valid id' }).optional());
const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Not a date')
    .optional(),
);

/** The console's `offers` list filters (ra-data-simple-rest `filter`); `state` is another name of `status`. */
export const adminOfferFilter = z.object({
  status: z.preprocess(blankToUndefined, offerStatus.optional()),
  state: z.preprocess(blankToUndefined, offerStatus.optional()),
  kind: z.preprocess(blankToUndefined, z.enum(['offer', 'reserve_offer', 'second_chance'], { error: 'Not an offer kind' }).optional()),
  buyerId: optionalId,
  sellerId: optionalId,
  partId: optionalId,
  createdAt_gte: optionalDate,
  createdAt_lte: optionalDate,
});
export type AdminOfferFilter = z.infer<typeof adminOfferFilter>;

/** Job payloads. */
export const offerPayload = z.object({ offerId: z.uuid() });
