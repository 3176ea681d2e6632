import { z } from 'zod';
import { accepting, nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { CONDITIONS, type PartImage } from './part.entity.js';
import { PART_NUMBER_KINDS } from './part-number.entity.js';
import { normalizePartNumber } from './search.words.js';
import { formatCents, MAX_CENTS, parseMoney } from '../../platform/money.js';
import { resolveSellerAlias } from '../../platform/demo/demo.js';
import { amountMessages, MAX_PART_NUMBERS, MAX_PHOTOS, MAX_YEAR, MIN_YEAR, PART_MESSAGES } from './part.messages.js';

export { MAX_PHOTOS, MAX_YEAR, MIN_YEAR };
export const MAX_FITMENTS = 20;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type PartSort = (typeof SORTS)[number];

/** The listing form's sentences (part.messages.ts, shared with the web's sell form) and the server's own. */
export const MESSAGES = {
  ...PART_MESSAGES,
  condition: `Condition must be one of ${CONDITIONS.join(', ')}`,
  rejectionReason: 'Please give a reason for the rejection',
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

/** Optional text: blank or null becomes null. */
const optionalText = (max: number) =>
  z.preprocess(
    (v: string | null | undefined) => blankToUndefined(v) ?? null,
    z.string().trim().max(max, `Must be at most ${max} characters`).nullable(),
  );

/** An amount in dollars from a number or a string: > 0, at most 2 decimals; the output is "1234.50". */
const money = (label: string) => {
  const messages = amountMessages(label);
  return accepting<number | string>()(z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    if (typeof value !== 'number' && typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: messages.number });
      return z.NEVER;
    }
    const parsed = parseMoney(value);
    if (!parsed.ok) {
      const message = parsed.reason === 'decimals' ? messages.decimals : parsed.reason === 'range' ? messages.tooHigh : messages.number;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parsed.cents <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    if (parsed.cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: messages.tooHigh });
      return z.NEVER;
    }
    return formatCents(parsed.cents);
  }));
};

/** An optional model year 1900-2030 from a number or numeric string; blank becomes null. */
const optionalYear = z.preprocess(
  (v: number | string | null | undefined) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' && /^\s*\d+\s*$/.test(b) ? Number(b) : (b ?? null);
  },
  z
    .number({ message: MESSAGES.year })
    .int(MESSAGES.year)
    .min(MIN_YEAR, MESSAGES.year)
    .max(MAX_YEAR, MESSAGES.year)
    .nullable(),
);

const condition = z
  .string({ message: PART_MESSAGES.condition })
  .trim()
  .min(1, PART_MESSAGES.condition)
  .pipe(z.enum(CONDITIONS, { message: MESSAGES.condition }));

/** A slug of a category or make; checked against the tables by the service. */
const slug = (message: string) => requiredText(message, 100).toLowerCase();

const UPLOAD_URL = /^\/api\/uploads\/files\/[0-9a-f]{32}\.(?:jpg|png)$/;
const isPhotoUrl = (url: string) => UPLOAD_URL.test(url) || (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol));

const image = z.object({
  url: z.string({ message: MESSAGES.photoUrl }).trim().max(1000, MESSAGES.photoUrl).refine(isPhotoUrl, MESSAGES.photoUrl),
  altText: z.string({ message: MESSAGES.altText }).trim().min(1, MESSAGES.altText).max(300, 'Alt text must be at most 300 characters'),
  isPrimary: z.boolean().optional(),
});

/** One to five photos, each with alt text; exactly one ends up primary (the first marked, else the first). */
const images = z
  .array(image, { message: MESSAGES.photosRequired })
  .min(1, MESSAGES.photosRequired)
  .max(MAX_PHOTOS, MESSAGES.tooManyPhotos)
  .transform((list): PartImage[] => {
    const primary = Math.max(0, list.findIndex((i) => i.isPrimary));
    return list.map((i, index) => ({ url: i.url, altText: i.altText, isPrimary: index === primary }));
  });

const fitment = z
  .object({
    make: requiredText(PART_MESSAGES.make, 100),
    model: requiredText(PART_MESSAGES.model, 100),
    yearStart: optionalYear,
    yearEnd: optionalYear,
    /** The engine the entry is for ("LS3"): the part then fits only vehicles with that engine code. Shown inline. */
    engine: nameText(optionalText(200)),
    transmission: optionalText(200),
    notes: optionalText(1000),
  })
  .refine((f) => f.yearStart === null || f.yearEnd === null || f.yearStart <= f.yearEnd, {
    message: MESSAGES.yearOrder,
    path: ['yearEnd'],
  });
export type FitmentInput = z.infer<typeof fitment>;

const hasText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/** Vehicle entries without a make or a model are dropped, as the listing form does. */
const vehicleCompatibility = z.preprocess(
  (v: z.input<typeof fitment>[] | null | undefined) =>
    v === null || v === undefined
      ? []
      : Array.isArray(v)
        ? v.filter((e) => typeof e === 'object' && e !== null && hasText((e as Record<string, unknown>).make) && hasText((e as Record<string, unknown>).model))
        : v,
  z.array(fitment, { message: 'Vehicle compatibility must be a list' }).max(MAX_FITMENTS, `At most ${MAX_FITMENTS} vehicles`),
);

/** A part number as typed ("3932441", "GM-3932441"): search compares it without dashes, spaces and case. */
export const partNumberText = z
  .string({ message: PART_MESSAGES.numberText })
  .trim()
  .max(100, 'Must be at most 100 characters')
  .refine((v) => normalizePartNumber(v).length > 0, PART_MESSAGES.numberText);

const partNumberEntry = z.object({
  number: partNumberText,
  kind: z.enum(PART_NUMBER_KINDS, { message: `Kind must be one of ${PART_NUMBER_KINDS.join(', ')}` }),
});

/** A listing's other numbers: entries with a blank number are dropped (as the form does); each number once. */
const partNumbers = z.preprocess(
  (v: z.input<typeof partNumberEntry>[] | null | undefined) =>
    v === null || v === undefined
      ? []
      : Array.isArray(v)
        ? v.filter((e) => !(typeof e === 'object' && e !== null && typeof (e as Record<string, unknown>).number === 'string' && !hasText((e as Record<string, unknown>).number)))
        : v,
  z
    .array(partNumberEntry, { message: 'Part numbers must be a list' })
    .max(MAX_PART_NUMBERS, PART_MESSAGES.tooManyNumbers)
    .refine((list) => new Set(list.map((e) => normalizePartNumber(e.number))).size === list.length, PART_MESSAGES.repeatedNumber),
);
export type PartNumberInput = z.infer<typeof partNumberEntry>;

const partFields = {
  title: nameText(requiredText(PART_MESSAGES.title, 200)),
  description: requiredText(PART_MESSAGES.description, 10_000),
  price: money('Price'),
  originalPrice: z.preprocess((v: number | string | null | undefined) => blankToUndefined(v) ?? null, z.union([z.null(), money('Original price')])),
  category: slug(PART_MESSAGES.category),
  make: slug(PART_MESSAGES.make),
  model: optionalText(100),
  yearStart: optionalYear,
  yearEnd: optionalYear,
  partNumber: optionalText(100),
  condition,
  location: requiredText(PART_MESSAGES.location, 200),
  images,
  vehicleCompatibility,
  partNumbers,
};

const yearsInOrder = (v: { yearStart?: number | null; yearEnd?: number | null }) =>
  v.yearStart == null || v.yearEnd == null || v.yearStart <= v.yearEnd;

/** A new listing (spec 001 §5 "Part listing"); seller, approval and flag fields in the body are ignored. */
export const partCreateSchema = z
  .object(partFields)
  .refine(yearsInOrder, { message: MESSAGES.yearOrder, path: ['yearEnd'] });
export type PartCreateInput = z.infer<typeof partCreateSchema>;

/** A change to a listing: any subset of the listing fields, each validated as on creation. */
export const partUpdateSchema = z
  .object(partFields)
  .partial()
  .refine(yearsInOrder, { message: MESSAGES.yearOrder, path: ['yearEnd'] });
export type PartUpdateInput = z.infer<typeof partUpdateSchema>;

const optionalQueryText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `Must be at most ${max} characters`).optional());

/** "all" (the selects' default) means no filter. */
const optionalSlug = z.preprocess(
  (v) => (v === 'all' ? undefined : blankToUndefined(v)),
  z.string().trim().toLowerCase().max(100).optional(),
);

const queryYear = (label: string) =>
  z.preprocess(
    (v) => (v === 'all' ? undefined : blankToUndefined(v)),
    numeric(
      z
        .number({ message: `${label} must be a year` })
        .int(`${label} must be a year`)
        .min(MIN_YEAR, MESSAGES.year)
        .max(MAX_YEAR, MESSAGES.year)
        .optional(),
    ),
  );

const queryPrice = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const parsed = parseMoney(v);
        if (!parsed.ok || parsed.cents < 0) {
          ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars` });
          return z.NEVER;
        }
        return parsed.cents;
      }),
  );

/** The query of GET /api/parts and /api/parts/facets. */
export const partListQuery = z
  .object({
    q: optionalQueryText(200),
    category: optionalSlug,
    make: optionalSlug,
    yearFrom: queryYear('Year From'),
    yearTo: queryYear('Year To'),
    // The spec's house-account-user is the house account's id (docs/decisions/platform.md, "Demo data").
    sellerId: z.preprocess((v) => resolveSellerAlias(blankToUndefined(v)), z.uuid({ message: 'Not a valid seller id' }).optional()),
    condition: z.preprocess(
      (v) => (v === 'all' ? undefined : blankToUndefined(v)),
      z.enum(CONDITIONS, { message: MESSAGES.condition }).optional(),
    ),
    minPrice: queryPrice('Minimum price'),
    maxPrice: queryPrice('Maximum price'),
    sort: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s-]+/g, '_') || undefined : v),
      z.enum(SORTS, { message: `Sort must be one of ${SORTS.join(', ')}` }).optional(),
    ),
    limit: numeric(
      z
        .number({ message: `Limit must be between 1 and ${MAX_PAGE_SIZE}` })
        .int()
        .min(1, `Limit must be between 1 and ${MAX_PAGE_SIZE}`)
        .max(MAX_PAGE_SIZE, `Limit must be between 1 and ${MAX_PAGE_SIZE}`),
    ).default(DEFAULT_PAGE_SIZE),
    offset: numeric(z.number({ message: 'Offset must be 0 or more' }).int().min(0, 'Offset must be 0 or more').max(100_000)).default(0),
    /** Keyset paging: the page after this cursor (the X-Next-Cursor of the page before); the offset is then ignored. */
    after: z.preprocess(blankToUndefined, z.string().max(500).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid cursor').optional()),
    /** Only parts that fit this vehicle of the signed-in user's garage. */
    fitsVehicle: z.preprocess(blankToUndefined, z.uuid({ message: 'Not a valid vehicle id' }).optional()),
    /** With fitsVehicle: only parts a buyer reported fitting that vehicle (by listing or part number). */
    confirmedOnly: z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean({ message: 'Must be true or false' }).optional()),
  })
  .refine((v) => v.yearFrom === undefined || v.yearTo === undefined || v.yearFrom <= v.yearTo, {
    message: 'Year From must not be after Year To',
    path: ['yearTo'],
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'Minimum price must not be above maximum price',
    path: ['maxPrice'],
  });
export type PartListQuery = z.infer<typeof partListQuery>;

/** The states a seller's own listing can be in (GET /api/parts/mine?status=). */
export const SELLER_LISTING_STATUSES = ['pending', 'live', 'rejected', 'withdrawn', 'sold'] as const;
export type SellerListingStatus = (typeof SELLER_LISTING_STATUSES)[number];

/** The query of GET /api/parts/mine: the signed-in seller's listings in every state, newest first. */
export const sellerPartsQuery = z.object({
  status: z.preprocess(
    (v) => (v === 'all' ? undefined : blankToUndefined(v)),
    z.enum(SELLER_LISTING_STATUSES, { message: `Status must be one of ${SELLER_LISTING_STATUSES.join(', ')}` }).optional(),
  ),
  q: optionalQueryText(200),
  limit: numeric(
    z
      .number({ message: `Limit must be between 1 and ${MAX_PAGE_SIZE}` })
      .int()
      .min(1, `Limit must be between 1 and ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `Limit must be between 1 and ${MAX_PAGE_SIZE}`),
  ).default(20),
  offset: numeric(z.number({ message: 'Offset must be 0 or more' }).int().min(0, 'Offset must be 0 or more').max(100_000)).default(0),
});
export type SellerPartsQuery = z.infer<typeof sellerPartsQuery>;

/** A page of a plain list (pending parts, watchlist). */
export const pageQuery = z.object({
  limit: numeric(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(MAX_PAGE_SIZE),
  offset: numeric(z.number().int().min(0)).default(0),
});

export const approveSchema = z.object({
  /** Ignored: the approver is the signed-in admin. */
  approvedBy: z.unknown().optional(),
});

export const rejectSchema = z.object({
  rejectionReason: z
    .string({ message: MESSAGES.rejectionReason })
    .trim()
    .min(1, MESSAGES.rejectionReason)
    .max(2000, 'The reason must be at most 2000 characters'),
});

export const watchlistAddSchema = z.object({
  partId: z.uuid({ message: 'Not a valid part id' }),
});

export const partIdParams = z.object({ id: z.uuid({ message: 'Not a valid part id' }) });
