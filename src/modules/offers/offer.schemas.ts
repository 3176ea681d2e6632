import { z } from 'zod';
import { blankToUndefined, moneyCents } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { SECOND_CHANCE_DAYS } from './offer.rules.js';

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

/** POST /api/parts/{id}/offers and POST /api/offers/{id}/counter. */
export const offerSchema = z.object({
  amount: moneyCents('Amount is required'),
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

const optionalMoney = z.preprocess(blankToUndefined, moneyCents('Amount is required').optional());
/** PUT /api/parts/{id}/offer-prices: blank or null clears a price. */
export const offerPricesSchema = z.object({
  autoAcceptPrice: optionalMoney,
  autoDeclinePrice: optionalMoney,
});

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

/** Job payloads. */
export const offerPayload = z.object({ offerId: z.uuid() });
