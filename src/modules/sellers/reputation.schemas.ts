import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { BADGE_CATEGORIES, BADGE_RARITIES, BADGE_TYPES, REQUIREMENT_KEYS } from './reputation.rules.js';
import { BADGE_FORM_MESSAGES, REVIEW_MESSAGES } from './reputation.messages.js';
import { pageQuery, uniqueList } from './seller.schemas.js';

export { REVIEW_MESSAGES };

const stars = (message: string) =>
  z.number({ message }).int(message).min(1, message).max(5, message);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A buyer's review of a seller; isVerifiedPurchase is decided by the server. */
export const reviewCreateSchema = z.object({
  /** The delivered or completed order the review is about; refused with a sentence when missing. */
  orderId: z.uuid({ message: 'Not a valid order id' }).nullish().transform((v) => v ?? null),
  rating: stars(REVIEW_MESSAGES.rating),
  qualityRating: stars(REVIEW_MESSAGES.subRating).nullish().transform((v) => v ?? null),
  serviceRating: stars(REVIEW_MESSAGES.subRating).nullish().transform((v) => v ?? null),
  shippingRating: stars(REVIEW_MESSAGES.subRating).nullish().transform((v) => v ?? null),
  title: nameText(optionalText(200)),
  reviewText: optionalText(5000),
  pros: uniqueList(10, 200),
  cons: uniqueList(10, 200),
  /** Spec 001: true unless the review says otherwise. */
  wouldRecommend: z.boolean({ message: 'wouldRecommend must be true or false' }).nullish().transform((v) => v ?? true),
});
export type ReviewCreateInput = z.infer<typeof reviewCreateSchema>;

export const sellerResponseSchema = z.object({
  sellerResponse: z
    .string({ message: REVIEW_MESSAGES.sellerResponse })
    .trim()
    .min(1, REVIEW_MESSAGES.sellerResponse)
    .max(5000, 'Must be at most 5000 characters'),
});

export const reviewParams = z.object({
  id: z.uuid({ message: 'Not a valid seller id' }),
  reviewId: z.uuid({ message: 'Not a valid review id' }),
});
export const reviewIdParams = z.object({ reviewId: z.uuid({ message: 'Not a valid review id' }) });

/** GET /api/sellers/{id}/reviews: a page, optionally the review of one order (the order page asks whether it has one). */
export const reviewListQuery = pageQuery.extend({ orderId: z.uuid({ message: 'Not a valid order id' }).optional() });

export const reviewReportSchema = z.object({
  reason: z
    .string({ message: 'Tell us what is wrong with this review' })
    .trim()
    .min(1, 'Tell us what is wrong with this review')
    .max(1000, 'Must be at most 1000 characters'),
});

/** The console's decision on a reported review: hide it, show it again, or dismiss the reports. */
export const reviewModerationSchema = z.object({
  isPublic: z.boolean({ message: 'isPublic must be true or false' }).optional(),
  dismissReports: z.boolean({ message: 'dismissReports must be true or false' }).optional(),
});

/** The badge form's sentences (reputation.messages.ts, shared with the console) and the choices' own. */
export const BADGE_MESSAGES = {
  ...BADGE_FORM_MESSAGES,
  category: `Category must be one of ${BADGE_CATEGORIES.join(', ')}`,
  type: `Type must be one of ${BADGE_TYPES.join(', ')}`,
  rarity: `Rarity must be one of ${BADGE_RARITIES.join(', ')}`,
} as const;

const nonNegative = (message: string) => z.number({ message }).min(0, message);

/** A badge requirement: a JSON object of known keys (a string of JSON is parsed first). */
export const requirementSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (!v.trim()) return undefined;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .object(
      {
        minSales: nonNegative('minSales must be a non-negative number').int('minSales must be a whole number').optional(),
        minRevenue: nonNegative('minRevenue must be a non-negative number').optional(),
        minRating: z.number({ message: 'minRating must be from 0 to 5' }).min(0, 'minRating must be from 0 to 5').max(5, 'minRating must be from 0 to 5').optional(),
        minReviews: nonNegative('minReviews must be a non-negative number').int('minReviews must be a whole number').optional(),
        maxResponseTime: nonNegative('maxResponseTime must be a non-negative number (hours)').optional(),
        minOnTimeDelivery: z.number({ message: 'minOnTimeDelivery must be from 0 to 100' }).min(0, 'minOnTimeDelivery must be from 0 to 100').max(100, 'minOnTimeDelivery must be from 0 to 100').optional(),
        maxReturnRate: z.number({ message: 'maxReturnRate must be from 0 to 100' }).min(0, 'maxReturnRate must be from 0 to 100').max(100, 'maxReturnRate must be from 0 to 100').optional(),
        verified: z.boolean({ message: 'verified must be true or false' }).optional(),
        earlyAdopter: z.boolean({ message: 'earlyAdopter must be true or false' }).optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Requirement keys are ${REQUIREMENT_KEYS.join(', ')}`
            : BADGE_MESSAGES.requirement,
      },
    )
    .strict()
    .refine((r) => Object.keys(r).length > 0, BADGE_MESSAGES.requirement),
);

const badgeFields = {
  name: nameText(z.string({ message: BADGE_MESSAGES.name }).trim().min(1, BADGE_MESSAGES.name).max(100, 'Must be at most 100 characters')),
  description: z
    .string({ message: BADGE_MESSAGES.description })
    .trim()
    .min(1, BADGE_MESSAGES.description)
    .max(1000, 'Must be at most 1000 characters'),
  icon: z.string({ message: BADGE_MESSAGES.icon }).trim().min(1, BADGE_MESSAGES.icon).max(20, 'Icon must be one emoji'),
  category: z.enum(BADGE_CATEGORIES, { message: BADGE_MESSAGES.category }),
  type: z.enum(BADGE_TYPES, { message: BADGE_MESSAGES.type }),
  rarity: z.enum(BADGE_RARITIES, { message: BADGE_MESSAGES.rarity }),
  pointsAwarded: numeric(
    z
      .number({ message: BADGE_MESSAGES.pointsAwarded })
      .int(BADGE_MESSAGES.pointsWhole)
      .min(0, BADGE_MESSAGES.pointsAwarded)
      .max(100_000, 'Points must be at most 100000'),
  ),
  requirement: requirementSchema,
  isActive: z.boolean({ message: 'isActive must be true or false' }),
  sortOrder: numeric(
    z
      .number({ message: BADGE_MESSAGES.sortOrder })
      .int(BADGE_MESSAGES.sortOrderWhole)
      .min(0, BADGE_MESSAGES.sortOrder)
      .max(1_000_000, 'Sort order is too large'),
  ),
};

/** A new badge (spec 001 §5 "Badge form"). */
export const badgeCreateSchema = z.object({
  ...badgeFields,
  rarity: badgeFields.rarity.default('common'),
  pointsAwarded: badgeFields.pointsAwarded.default(0),
  isActive: badgeFields.isActive.default(true),
  sortOrder: badgeFields.sortOrder.default(0),
});
export type BadgeCreateInput = z.infer<typeof badgeCreateSchema>;

/** A badge change: any subset of the fields (react-admin sends the whole record; id and counts are ignored). */
export const badgeUpdateSchema = z.object({
  name: badgeFields.name.optional(),
  description: badgeFields.description.optional(),
  icon: badgeFields.icon.optional(),
  category: badgeFields.category.optional(),
  type: badgeFields.type.optional(),
  rarity: badgeFields.rarity.optional(),
  pointsAwarded: badgeFields.pointsAwarded.optional(),
  requirement: requirementSchema.optional(),
  isActive: badgeFields.isActive.optional(),
  sortOrder: badgeFields.sortOrder.optional(),
});
export type BadgeUpdateInput = z.infer<typeof badgeUpdateSchema>;

/** The payload of `auctions.auction.won` (published by the auctions module). */
export const auctionWonPayload = z.object({
  auctionId: z.uuid(),
  partId: z.uuid().nullish(),
  sellerId: z.uuid(),
  winnerId: z.uuid(),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
});

export const evaluateBadgesPayload = z.object({ sellerUserId: z.uuid() });
