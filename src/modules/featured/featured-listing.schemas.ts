import { z } from 'zod';
import { blankToUndefined, dateTime, moneyCents } from '../../platform/http/input-fields.js';
import type { FeaturedListingType, FeaturedPlacementType, FeaturedStatus } from './featured-listing.dto.js';

export const LISTING_TYPES = ['part', 'auction', 'reverse_auction'] as const satisfies readonly FeaturedListingType[];
export const PLACEMENT_TYPES = ['homepage', 'category'] as const satisfies readonly FeaturedPlacementType[];
export const FEATURED_STATUSES = ['upcoming', 'active', 'expired'] as const satisfies readonly FeaturedStatus[];

/** Slots of each page (spec 000 §9): the home page's 3 x 4 grid, a category page's 8. */
export const FEATURED_SLOTS: Record<FeaturedPlacementType, number> = { homepage: 12, category: 8 };

/** A placement runs 30 days from its start unless an end date is given (spec 001 §9). */
export const DEFAULT_RUN_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The featured listing form's messages (spec 001 §5; the console shows the same ones). */
export const FEATURED_MESSAGES = {
  part: 'Part is required',
  auction: 'Auction is required',
  reverseAuction: 'Reverse auction is required',
  listingType: 'Listing type must be part, auction or reverse_auction',
  placementType: 'Placement type must be homepage or category',
  position: 'Position must be between 1 and 12',
  categoryPosition: 'Position must be between 1 and 8',
  category: 'Category is required for a category placement',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  endAfterStart: 'End date must be after start date',
  price: 'Price is required',
  notes: 'Notes must be at most 2000 characters',
  id: 'Not a valid id',
} as const;

const optionalId = z.preprocess(blankToUndefined, z.uuid({ message: FEATURED_MESSAGES.id }).optional());

/** The end date: left out, it is the default run from the start; sent empty, it is missing. */
const endDateField = z
  .unknown()
  .optional()
  .transform((value, ctx): Date | 'default' => {
  if (value === undefined) return 'default';
  if (value === null || value === '') {
    ctx.addIssue({ code: 'custom', message: FEATURED_MESSAGES.endDate });
    return z.NEVER;
  }
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Must be a date and time' });
    return z.NEVER;
  }
  return date;
});

/** What a placement holds once validated (money in cents, dates as instants). */
export interface FeaturedListingValues {
  listingType: FeaturedListingType;
  partId: string | null;
  auctionId: string | null;
  reverseAuctionId: string | null;
  position: number;
  placementType: FeaturedPlacementType;
  categoryId: string | null;
  isActive: boolean;
  startDate: Date;
  endDate: Date;
  priceCents: number;
  notes: string | null;
}

/**
 * A whole placement (POST, and the record PUT or PATCH would leave): the listing type decides which reference is
 * required and the others are cleared; the page decides the position range and whether a category is needed.
 */
export const featuredListingSchema = z
  .object({
    listingType: z.preprocess(blankToUndefined, z.enum(LISTING_TYPES, { message: FEATURED_MESSAGES.listingType }).default('part')),
    partId: optionalId,
    auctionId: optionalId,
    reverseAuctionId: optionalId,
    position: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number({ message: FEATURED_MESSAGES.position }).int(FEATURED_MESSAGES.position),
    ),
    placementType: z.preprocess(blankToUndefined, z.enum(PLACEMENT_TYPES, { message: FEATURED_MESSAGES.placementType }).default('homepage')),
    categoryId: optionalId,
    isActive: z.boolean({ message: 'Must be true or false' }).default(true),
    startDate: dateTime(FEATURED_MESSAGES.startDate),
    endDate: endDateField,
    price: moneyCents(FEATURED_MESSAGES.price, true),
    notes: z.preprocess(blankToUndefined, z.string({ message: 'Must be text' }).trim().max(2000, FEATURED_MESSAGES.notes).optional()),
  })
  .superRefine((v, ctx) => {
    const need = { part: ['partId', FEATURED_MESSAGES.part], auction: ['auctionId', FEATURED_MESSAGES.auction], reverse_auction: ['reverseAuctionId', FEATURED_MESSAGES.reverseAuction] } as const;
    const [field, message] = need[v.listingType];
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    const slots = FEATURED_SLOTS[v.placementType];
    if (v.position < 1 || v.position > slots) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: v.placementType === 'category' ? FEATURED_MESSAGES.categoryPosition : FEATURED_MESSAGES.position });
    }
    if (v.placementType === 'category' && !v.categoryId) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: FEATURED_MESSAGES.category });
    if (v.endDate !== 'default' && v.endDate.getTime() <= v.startDate.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: FEATURED_MESSAGES.endAfterStart });
    }
  })
  .transform(
    (v): FeaturedListingValues => ({
      listingType: v.listingType,
      partId: v.listingType === 'part' ? v.partId! : null,
      auctionId: v.listingType === 'auction' ? v.auctionId! : null,
      reverseAuctionId: v.listingType === 'reverse_auction' ? v.reverseAuctionId! : null,
      position: v.position,
      placementType: v.placementType,
      categoryId: v.placementType === 'category' ? v.categoryId! : null,
      isActive: v.isActive,
      startDate: v.startDate,
      endDate: v.endDate === 'default' ? new Date(v.startDate.getTime() + DEFAULT_RUN_DAYS * DAY_MS) : v.endDate,
      priceCents: v.price,
      notes: v.notes ?? null,
    }),
  );

/** A PUT or PATCH body: any of the fields (merged over the stored record, then checked whole). */
export const featuredListingPatchSchema = z.record(z.string(), z.unknown());

/** GET /api/featured-listings */
export const publicFeaturedQuery = z
  .object({
    placementType: z.preprocess(blankToUndefined, z.enum(PLACEMENT_TYPES, { message: FEATURED_MESSAGES.placementType }).default('homepage')),
    categoryId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.placementType === 'category' && !v.categoryId) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: FEATURED_MESSAGES.category });
  });
export type PublicFeaturedQuery = z.infer<typeof publicFeaturedQuery>;

const statusFilter = z.enum(FEATURED_STATUSES, { message: 'Status must be upcoming, active or expired' });

/** The console's filters: page, category, listing type, derived status (one or several), a referenced listing, and a period the placements overlap. */
export const featuredListingFilter = z.object({
  placementType: z.enum(PLACEMENT_TYPES, { message: FEATURED_MESSAGES.placementType }).optional(),
  categoryId: optionalId,
  listingType: z.enum(LISTING_TYPES, { message: FEATURED_MESSAGES.listingType }).optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(statusFilter).max(3).optional()),
  isActive: z.boolean({ message: 'Must be true or false' }).optional(),
  partId: optionalId,
  auctionId: optionalId,
  reverseAuctionId: optionalId,
  /** Placements whose run overlaps [activeFrom, activeTo). */
  activeFrom: z.preprocess(blankToUndefined, dateTime('Must be a date and time').optional()),
  activeTo: z.preprocess(blankToUndefined, dateTime('Must be a date and time').optional()),
});
export type FeaturedListingFilter = z.infer<typeof featuredListingFilter>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month: YYYY-MM');

/** GET /api/admin/featured-revenue: months inclusive; both default to the last 12 months. */
export const revenueQuery = z
  .object({ from: month.optional(), to: month.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The last month must not be before the first' });
