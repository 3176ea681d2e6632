import { z } from 'zod';
import { blankable, blankToUndefined, dateTime, moneyCents, nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { MAX_YEAR, MIN_YEAR, REVERSE_MESSAGES } from './reverse.messages.js';
import { PART_CATEGORIES, REVERSE_STATUSES, SHIPPING_PREFERENCES, URGENCIES } from './reverse.rules.js';

export { REVERSE_MESSAGES };



const requiredText = (message: string, max: number) =>
  z.preprocess((v: string) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message).max(max, `At most ${max} characters`));
const optionalText = (max: number) =>
  z.preprocess(
    (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)),
    z.string().max(max, `At most ${max} characters`).optional(),
  );

const intIn = (min: number, max: number, message: string, fallback: number) =>
  blankable(numeric(z.number({ error: message }).int(message).min(min, message).max(max, message)).default(fallback));
const year = blankable(numeric(z.number({ error: REVERSE_MESSAGES.year }).int(REVERSE_MESSAGES.year).min(MIN_YEAR, REVERSE_MESSAGES.year).max(MAX_YEAR, REVERSE_MESSAGES.year)).optional());

const UPLOAD_URL = /^\/api\/uploads\/files\/[0-9a-f]{32}\.(?:jpg|png)$/;
const isPhotoUrl = (url: string) => UPLOAD_URL.test(url) || (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol));
/** Photos as URLs or {url, altText}; stored as {url, altText}. */
const photos = z
  .array(
    z.union([
      z.string().trim().max(1000, REVERSE_MESSAGES.photoUrl).refine(isPhotoUrl, REVERSE_MESSAGES.photoUrl).transform((url) => ({ url, altText: null as string | null })),
      z.object({
        url: z.string({ error: REVERSE_MESSAGES.photoUrl }).trim().max(1000, REVERSE_MESSAGES.photoUrl).refine(isPhotoUrl, REVERSE_MESSAGES.photoUrl),
        altText: blankable(z.string().trim().max(300).optional()).transform((v) => v ?? null),
      }),
    ], { error: REVERSE_MESSAGES.photoUrl }),
  )
  .max(10, REVERSE_MESSAGES.tooManyPhotos)
  .default([]);

/** The reverse auction form (spec 001 §3/§5). buyerId, status, totals and relistCount in the body are ignored. */
export const reverseCreateSchema = z
  .object({
    title: nameText(requiredText(REVERSE_MESSAGES.title, 200)),
    description: requiredText(REVERSE_MESSAGES.description, 10_000),
    partCategory: requiredText(REVERSE_MESSAGES.partCategory, 100).transform((value, ctx) => {
      const match = PART_CATEGORIES.find((c) => c.toLowerCase() === value.toLowerCase());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: REVERSE_MESSAGES.partCategoryChoice });
        return z.NEVER;
      }
      return match;
    }),
    make: optionalText(100),
    model: optionalText(100),
    yearStart: year,
    yearEnd: year,
    condition: optionalText(100),
    location: optionalText(200),
    maxBudget: moneyCents(REVERSE_MESSAGES.maxBudget),
    /** Absent: the spec's default of 10.00. */
    minBidDecrement: moneyCents(REVERSE_MESSAGES.minBidDecrement).optional().transform((v) => v ?? 1000),
    startTime: dateTime(REVERSE_MESSAGES.startTime),
    endTime: dateTime(REVERSE_MESSAGES.endTime),
    shippingPreference: blankable(z.enum(SHIPPING_PREFERENCES, { error: REVERSE_MESSAGES.shipping }).default('both')),
    urgency: blankable(z.enum(URGENCIES, { error: REVERSE_MESSAGES.urgency }).default('normal')),
    images: photos,
    autoRelist: blankable(z.boolean().default(false)),
    maxRelists: intIn(1, 10, REVERSE_MESSAGES.maxRelists, 3),
    relistBudgetIncrease: blankable(
      numeric(
        z
          .number({ error: REVERSE_MESSAGES.budgetIncrease })
          .min(0, REVERSE_MESSAGES.budgetIncrease)
          .max(50, REVERSE_MESSAGES.budgetIncrease)
          .multipleOf(0.1, 'Budget increase takes one decimal'),
      ).default(0),
    ),
    relistDelay: intIn(1, 168, REVERSE_MESSAGES.relistDelay, 24),
    /** When the request ends without an award, make the buyer a part alert like it (make, model, years, category, budget). */
    alertIfUnfilled: blankable(z.boolean({ error: 'Must be true or false' }).default(false)),
  })
  .superRefine((v, ctx) => {
    if (v.yearStart !== undefined && v.yearEnd !== undefined && v.yearEnd < v.yearStart) {
      ctx.addIssue({ code: 'custom', path: ['yearEnd'], message: REVERSE_MESSAGES.yearOrder });
    }
  });
export type ReverseCreateInput = z.infer<typeof reverseCreateSchema>;

/** A seller's quote. */
export const quoteSchema = z.object({
  bidAmount: moneyCents(REVERSE_MESSAGES.bidAmount),
  partCondition: optionalText(100),
  partLocation: optionalText(200),
  /** The seller's shipping cost estimate. */
  estimatedShipping: blankable(moneyCents('Must be an amount', true).optional()),
  availabilityDate: blankable(
    z
      .string({ error: REVERSE_MESSAGES.availabilityDate })
      .regex(/^\d{4}-\d{2}-\d{2}/, REVERSE_MESSAGES.availabilityDate)
      .refine((s) => !Number.isNaN(new Date(s.slice(0, 10)).getTime()), REVERSE_MESSAGES.availabilityDate)
      .transform((s) => s.slice(0, 10))
      .optional(),
  ),
  notes: optionalText(2000),
  images: photos,
});
export type QuoteInput = z.infer<typeof quoteSchema>;

export const awardSchema = z.object({ bidId: z.uuid({ error: REVERSE_MESSAGES.bidId }) });

const adminStatus = z.enum(REVERSE_STATUSES, { message: `Status must be one of ${REVERSE_STATUSES.join(', ')}` });
/** The console's filters: title/description text, status (one or several), category, buyer. */
export const adminReverseFilter = z.object({
  q: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(adminStatus).max(REVERSE_STATUSES.length).optional()),
  partCategory: z.string().trim().max(100).optional(),
  buyerId: z.uuid({ message: 'Not a valid buyer id' }).optional(),
});
export type AdminReverseFilter = z.infer<typeof adminReverseFilter>;

export const CANCEL_REASON_MESSAGE = 'A reason is required: it is mailed to the buyer';
/** The console's cancel: the reason is mailed to the buyer. */
export const adminCancelSchema = z.object({
  reason: z.string({ message: CANCEL_REASON_MESSAGE }).trim().min(1, CANCEL_REASON_MESSAGE).max(1000, 'The reason must be at most 1000 characters'),
});

export const REVERSE_SORTS = ['endTime', 'maxBudget', 'totalBids', 'priority', 'createdAt'] as const;
export const reverseListQuery = z.object({
  status: z.enum(REVERSE_STATUSES).optional(),
  category: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  buyerId: z.uuid({ error: 'Not a valid id' }).optional(),
  urgency: z.enum(URGENCIES).optional(),
  /** Only requests ending within this many hours from now (the Ending Soon tab: 24). */
  endingWithinHours: numeric(z.number().int().min(1).max(24 * 365)).optional(),
  sort: z.enum(REVERSE_SORTS).default('endTime'),
  limit: numeric(z.number().int().min(1).max(100)).default(20),
  offset: numeric(z.number().int().min(0)).default(0),
});
export type ReverseListQuery = z.infer<typeof reverseListQuery>;

export const quoteListQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).default(50),
  offset: numeric(z.number().int().min(0)).default(0),
});

/** Idempotency-Key header: printable, up to 200 characters. */
export const idempotencyKey = z.string().trim().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');

/** Payload of the per-request jobs. */
export const reversePayload = z.object({ reverseAuctionId: z.uuid() });
