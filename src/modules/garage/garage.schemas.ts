import { z } from 'zod';
import { accepting, blankable, blankToUndefined, nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { MAX_CENTS, parseMoney } from '../../platform/money.js';
import type { AlertFrequency, FitAnswer, ProjectType, WatchType } from './garage.dto.js';
import { GARAGE_MESSAGES, MAX_YEAR, MIN_YEAR, THRESHOLD_MAX, THRESHOLD_MIN } from './garage.messages.js';

export const PROJECT_TYPES = ['restoration', 'maintenance', 'modification', 'rebuild'] as const satisfies readonly ProjectType[];
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const satisfies readonly AlertFrequency[];
export const WATCH_TYPES = ['part', 'auction', 'reverse_auction'] as const satisfies readonly WatchType[];
export const CONDITIONS = ['new-in-box', 'new-out-of-box', 'used-excellent', 'used-good', 'used-poor', 'rebuilt', 'for-parts'] as const;
export { GARAGE_MESSAGES, MAX_YEAR, MIN_YEAR };

const text = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `Must be at most ${max} characters`);
  return required ? base.min(1, required) : base;
};
/** An optional text: blank or null is stored as null. */
const optionalText = (max: number) =>
  z.preprocess((v: string | null | undefined) => (typeof v === 'string' && v.trim() === '' ? null : v), text(max).nullable().optional());
/** An engine code: a name shown inline (no direction controls), with a letter or digit (fitment ignores spaces and dashes). */
const engineCode = z.preprocess(
  (v: string | null | undefined) => (typeof v === 'string' && v.trim() === '' ? null : v),
  nameText(text(50))
    .refine((v) => /[\p{L}\p{N}]/u.test(v), GARAGE_MESSAGES.engineCode)
    .nullable()
    .optional(),
);
const year = numeric(z.number({ message: GARAGE_MESSAGES.year }).int(GARAGE_MESSAGES.year).min(MIN_YEAR, GARAGE_MESSAGES.year).max(MAX_YEAR, GARAGE_MESSAGES.year));
const optionalYear = blankable(year.optional()).transform((v) => v ?? null);
const slugOf = <T>(v: T) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const yearsInOrder = <T extends { yearStart?: number | null; yearEnd?: number | null }>(v: T) =>
  v.yearStart == null || v.yearEnd == null || v.yearEnd >= v.yearStart;

/** `{userId}` of the list routes: a user id or `me`. */
export const userParams = z.object({
  userId: z.union([z.literal('me'), z.uuid({ message: 'Not a valid user id' })]),
});

const vehicleFields = {
  vehicleName: optionalText(200),
  make: z.preprocess((v: string) => slugOf(v), z.string({ message: GARAGE_MESSAGES.make }).min(1, GARAGE_MESSAGES.make).max(100)),
  model: z.string({ message: GARAGE_MESSAGES.model }).trim().min(1, GARAGE_MESSAGES.model).max(100, 'Must be at most 100 characters'),
  yearStart: optionalYear,
  yearEnd: optionalYear,
  engineType: optionalText(200),
  engineCode,
  /** Chassis number or VIN, shown inline as a name is. */
  chassisNumber: z.preprocess(
    (v: string | null | undefined) => (typeof v === 'string' && v.trim() === '' ? null : v),
    nameText(text(50)).nullable().optional(),
  ),
  modifications: optionalText(1000),
  transmission: optionalText(200),
  projectType: z.enum(PROJECT_TYPES, { message: GARAGE_MESSAGES.projectType }),
  priority: numeric(z.number({ message: GARAGE_MESSAGES.priority }).int(GARAGE_MESSAGES.priority).min(1, GARAGE_MESSAGES.priority).max(10, GARAGE_MESSAGES.priority)),
  notes: optionalText(2000),
  isActive: z.boolean({ message: 'Must be true or false' }),
};

/** POST /api/garage: make and model required; projectType restoration, priority 1 and isActive true by default. */
export const vehicleCreateSchema = z
  .object({
    ...vehicleFields,
    projectType: vehicleFields.projectType.default('restoration'),
    priority: vehicleFields.priority.default(1),
    isActive: vehicleFields.isActive.default(true),
  })
  .refine(yearsInOrder, { message: GARAGE_MESSAGES.yearOrder, path: ['yearEnd'] });
export type VehicleCreate = z.infer<typeof vehicleCreateSchema>;

/** PATCH /api/garage/vehicle/{id}: any subset of the fields (years re-checked against the stored ones). */
export const vehicleUpdateSchema = z
  .object({
    vehicleName: vehicleFields.vehicleName,
    make: vehicleFields.make.optional(),
    model: vehicleFields.model.optional(),
    yearStart: blankable(year.optional()),
    yearEnd: blankable(year.optional()),
    engineType: vehicleFields.engineType,
    engineCode: vehicleFields.engineCode,
    chassisNumber: vehicleFields.chassisNumber,
    modifications: vehicleFields.modifications,
    transmission: vehicleFields.transmission,
    projectType: vehicleFields.projectType.optional(),
    priority: vehicleFields.priority.optional(),
    notes: vehicleFields.notes,
    isActive: vehicleFields.isActive.optional(),
  })
  .refine(yearsInOrder, { message: GARAGE_MESSAGES.yearOrder, path: ['yearEnd'] });
export type VehicleUpdate = z.infer<typeof vehicleUpdateSchema>;

/** Money in cents, or null for "no limit". */
const optionalPrice = blankable(
  z
    .union([z.string(), z.number()], { message: GARAGE_MESSAGES.maxPrice })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return null;
      const parsed = parseMoney(v);
      if (!parsed.ok || parsed.cents <= 0 || parsed.cents > MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: GARAGE_MESSAGES.maxPrice });
        return z.NEVER;
      }
      return parsed.cents;
    }),
);

/** Keywords as a list or one text split on spaces and commas: lower-cased, de-duplicated, at most 10 of 50 characters. */
const keywords = z
  .union([z.string(), z.array(z.string())], { message: 'Keywords must be a text or a list of words' })
  .transform((v) => {
    const words = (Array.isArray(v) ? v : [v]).flatMap((w) => w.toLowerCase().split(/[\s,]+/)).map((w) => w.trim()).filter(Boolean);
    return [...new Set(words)];
  })
  .refine((v) => v.length <= 10, 'At most 10 keywords')
  .refine((v) => v.every((w) => w.length <= 50), 'A keyword must be at most 50 characters');

const alertFields = {
  alertName: z.string({ message: GARAGE_MESSAGES.alertName }).trim().min(1, GARAGE_MESSAGES.alertName).max(200, 'Must be at most 200 characters'),
  make: z.preprocess((v: string | null | undefined) => (v === 'all' || v === '' ? null : slugOf(v)), z.string().max(100).nullable().optional()),
  model: optionalText(100),
  yearStart: optionalYear,
  yearEnd: optionalYear,
  category: z.preprocess((v: string | null | undefined) => (v === 'all' || v === '' ? null : slugOf(v)), z.string().max(100).nullable().optional()),
  condition: z.preprocess(
    (v: (typeof CONDITIONS)[number] | (typeof CONDITIONS)[number][] | 'all' | null) => (v === null || v === 'all' ? [] : typeof v === 'string' ? [v] : v),
    z.array(z.enum(CONDITIONS, { message: GARAGE_MESSAGES.condition })).max(CONDITIONS.length),
  ),
  maxPrice: optionalPrice,
  keywords: z.preprocess((v: z.input<typeof keywords> | null) => (v === null ? [] : v), keywords),
  garageVehicleId: blankable(z.uuid({ message: 'Not a valid vehicle id' }).optional()).transform((v) => v ?? null),
  /** Keys the alert to one of the owner's vehicles: parts that fit it match (make, model and years are then not kept). */
  vehicleId: blankable(z.uuid({ message: 'Not a valid vehicle id' }).optional()).transform((v) => v ?? null),
  isActive: z.boolean({ message: 'Must be true or false' }),
  frequency: z.enum(ALERT_FREQUENCIES, { message: GARAGE_MESSAGES.frequency }),
  /** The browser's IANA time zone, kept for the user's daily digest. */
  timeZone: blankable(z.string().max(64).refine(isTimeZone, GARAGE_MESSAGES.timeZone).optional()),
};

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** POST /api/alerts: a name, any filters, instant by default. */
export const alertCreateSchema = z
  .object({
    ...alertFields,
    condition: alertFields.condition.default([]),
    keywords: alertFields.keywords.default([]),
    isActive: alertFields.isActive.default(true),
    frequency: alertFields.frequency.default('instant'),
  })
  .refine(yearsInOrder, { message: GARAGE_MESSAGES.yearOrder, path: ['yearEnd'] });
export type AlertCreate = z.infer<typeof alertCreateSchema>;

/** PATCH /api/alerts/alert/{id}: pause, rename, change frequency or filters. */
export const alertUpdateSchema = z
  .object({
    alertName: alertFields.alertName.optional(),
    make: alertFields.make,
    model: alertFields.model,
    yearStart: blankable(year.nullable().optional()),
    yearEnd: blankable(year.nullable().optional()),
    category: alertFields.category,
    condition: alertFields.condition.optional(),
    // Left out: unchanged; null or blank: no limit.
    maxPrice: accepting<z.input<typeof optionalPrice> | undefined>()(z.unknown().transform((v, ctx): number | null | undefined => {
      if (v === undefined) return undefined;
      const parsed = optionalPrice.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: GARAGE_MESSAGES.maxPrice });
      return z.NEVER;
    })).optional(),
    keywords: alertFields.keywords.optional(),
    garageVehicleId: z.preprocess((v: string | null | undefined) => (v === '' ? null : v), z.uuid({ message: 'Not a valid vehicle id' }).nullable().optional()),
    vehicleId: z.preprocess((v: string | null | undefined) => (v === '' ? null : v), z.uuid({ message: 'Not a valid vehicle id' }).nullable().optional()),
    isActive: alertFields.isActive.optional(),
    frequency: alertFields.frequency.optional(),
    timeZone: alertFields.timeZone,
  })
  .refine(yearsInOrder, { message: GARAGE_MESSAGES.yearOrder, path: ['yearEnd'] });
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

/** PUT /api/alerts/settings: the user's time zone and the hour of their daily digest. */
export const alertSettingsSchema = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, GARAGE_MESSAGES.timeZone).optional(),
  digestHour: numeric(z.number({ message: GARAGE_MESSAGES.digestHour }).int(GARAGE_MESSAGES.digestHour).min(0, GARAGE_MESSAGES.digestHour).max(23, GARAGE_MESSAGES.digestHour)).optional(),
});

/** GET /api/alerts/pause?alert=...&token=...: a mail's pause link (the alert and its signature). */
export const pauseQuery = z.object({ alert: z.uuid({ message: 'Not a valid alert id' }), token: z.string().min(1).max(200) });

const threshold = blankable(
  numeric(z.number({ message: GARAGE_MESSAGES.threshold }).min(THRESHOLD_MIN, GARAGE_MESSAGES.threshold).max(THRESHOLD_MAX, GARAGE_MESSAGES.threshold))
    .optional()
    .transform((v) => (v === undefined ? null : Math.round(v * 100) / 100)),
);

/** POST /api/market-watch: one of partId, auctionId, reverseAuctionId (as watchType says; part by default). */
export const watchCreateSchema = z
  .object({
    watchType: z.enum(WATCH_TYPES, { message: GARAGE_MESSAGES.watchType }).optional(),
    partId: blankable(z.uuid({ message: 'Not a valid part id' }).optional()),
    auctionId: blankable(z.uuid({ message: 'Not a valid auction id' }).optional()),
    reverseAuctionId: blankable(z.uuid({ message: 'Not a valid request id' }).optional()),
    priceAlertThreshold: threshold,
  })
  .transform((v, ctx) => {
    const given = (['partId', 'auctionId', 'reverseAuctionId'] as const).filter((k) => v[k] !== undefined);
    const typeOf = { partId: 'part', auctionId: 'auction', reverseAuctionId: 'reverse_auction' } as const;
    const watchType = v.watchType ?? (given.length === 1 ? typeOf[given[0]!] : 'part');
    const key = watchType === 'part' ? 'partId' : watchType === 'auction' ? 'auctionId' : 'reverseAuctionId';
    const itemId = v[key];
    if (!itemId || given.length !== 1) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MESSAGES.watchItem, path: [key] });
      return z.NEVER;
    }
    return { watchType, itemId, priceAlertThreshold: v.priceAlertThreshold };
  });
export type WatchCreate = z.infer<typeof watchCreateSchema>;

/** PATCH /api/market-watch/item/{id}: the threshold, or pause. */
export const watchUpdateSchema = z.object({
  priceAlertThreshold: z.preprocess(
    (v: number | string | null | undefined) => (v === '' ? null : v),
    numeric(z.number({ message: GARAGE_MESSAGES.threshold }).min(THRESHOLD_MIN, GARAGE_MESSAGES.threshold).max(THRESHOLD_MAX, GARAGE_MESSAGES.threshold)).nullable().optional(),
  ),
  isActive: z.boolean({ message: 'Must be true or false' }).optional(),
});

/** GET /api/market-watch/search: the watch form's item picker. */
export const watchSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100),
  watchType: z.enum(WATCH_TYPES, { message: GARAGE_MESSAGES.watchType }).default('part'),
});

/** GET /api/garage/fitment and /api/garage/fitment-evidence ?partIds=a,b,c: at most 100 part ids. */
export const fitmentQuery = z.object({
  partIds: z
    .string({ message: 'partIds is required' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.uuid({ message: 'Not a valid part id' })).min(1, 'partIds is required').max(100, 'At most 100 part ids')),
});

/** GET /api/market/history: a part number, or a make with model and/or category. */
export const historyQuery = z
  .object({
    partNumber: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    make: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    model: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    category: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    days: numeric(z.number().int().min(1).max(3650)).default(730),
  })
  .refine((v) => v.partNumber || v.make || v.model || v.category, { message: 'Give a part number, or a make, model or category', path: ['partNumber'] });
export type HistoryQuery = z.infer<typeof historyQuery>;

/** A page of a list. */
export const listQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).default(50),
  offset: numeric(z.number().int().min(0).max(100_000)).default(0),
});
export type ListQuery = z.infer<typeof listQuery>;

export const FIT_ANSWERS = ['yes', 'no', 'with_modification'] as const satisfies readonly FitAnswer[];

/** POST /api/orders/{id}/fitment-report: the answer, optionally one of the buyer's vehicles and a note. */
export const fitmentReportSchema = z.object({
  vehicleId: blankable(z.uuid({ message: 'Not a valid vehicle id' }).optional()).transform((v) => v ?? null),
  fits: z.enum(FIT_ANSWERS, { message: GARAGE_MESSAGES.fitAnswer }),
  note: optionalText(1000).transform((v) => v ?? null),
});
export type FitmentReportCreate = z.infer<typeof fitmentReportSchema>;

/** GET /api/admin/fitment-reports filters (ra-data-simple-rest's `filter`). */
export const fitmentReportFilter = z.object({
  fits: z.enum(FIT_ANSWERS).optional(),
  partId: z.uuid().optional(),
  sellerId: z.uuid().optional(),
  declared: z.boolean().optional(),
});
