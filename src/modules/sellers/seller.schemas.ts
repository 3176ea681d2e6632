import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { BUSINESS_TYPES, SELLER_STATUSES } from './seller.entity.js';
import { SELLER_FORM_MESSAGES, STOREFRONT_MESSAGES, US_STATES } from './seller.messages.js';

export { US_STATES };

/** The application's sentences (seller.messages.ts, shared with the web form) and the server's own. */
export const SELLER_MESSAGES = {
  ...SELLER_FORM_MESSAGES,
  businessType: 'Business type must be individual, business or dealership',
  rejectionReason: 'Please give a reason for the rejection',
  status: 'Status must be approved or rejected',
} as const;

const text = (message: string, min: number, max: number) =>
  z.string({ message }).trim().min(min, message).max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Trimmed, blank entries dropped, no duplicates (case-insensitive, first spelling kept). */
export const uniqueList = (maxItems: number, maxLength: number) =>
  z
    .array(z.string().max(maxLength, `Each entry must be at most ${maxLength} characters`), {
      message: 'Must be a list',
    })
    .max(maxItems, `At most ${maxItems} entries`)
    .nullish()
    .transform((list) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of list ?? []) {
        const item = raw.trim();
        if (!item || seen.has(item.toLowerCase())) continue;
        seen.add(item.toLowerCase());
        out.push(item);
      }
      return out;
    });

/** Seller application (spec 001 §3 payload, §5 rules). A userId or status in the body is ignored. */
export const sellerApplicationSchema = z.object({
  businessName: nameText(text(SELLER_MESSAGES.businessName, 2, 200)),
  businessType: z
    .enum(BUSINESS_TYPES, { message: SELLER_MESSAGES.businessType })
    .nullish()
    .transform((v) => v ?? 'individual'),
  taxId: optionalText(50),
  businessLicense: optionalText(100),
  businessAddress: text(SELLER_MESSAGES.businessAddress, 5, 300),
  businessCity: text(SELLER_MESSAGES.businessCity, 2, 100),
  businessState: z
    .string({ message: SELLER_MESSAGES.businessState })
    .trim()
    .min(2, SELLER_MESSAGES.businessState)
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(US_STATES, { message: SELLER_MESSAGES.businessStateCode })),
  businessZip: text(SELLER_MESSAGES.businessZip, 5, 20),
  businessCountry: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || 'USA'),
  contactPhone: z
    .string({ message: SELLER_MESSAGES.contactPhone })
    .trim()
    .max(40, 'Must be at most 40 characters')
    .refine((v) => v.replace(/\D/g, '').length >= 10, SELLER_MESSAGES.contactPhone),
  website: z
    .string()
    .trim()
    .max(500, 'Must be at most 500 characters')
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return url.toString();
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: SELLER_MESSAGES.website });
      return z.NEVER;
    }),
  description: optionalText(5000),
  yearsInBusiness: z.preprocess(
    (v: number | string | null | undefined) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ message: SELLER_MESSAGES.yearsInBusiness })
      .int(SELLER_MESSAGES.yearsInBusiness)
      .min(0, SELLER_MESSAGES.yearsInBusiness)
      .max(200, SELLER_MESSAGES.yearsInBusiness)
      .nullable(),
  ),
  specialties: uniqueList(20, 50),
});
export type SellerApplicationInput = z.infer<typeof sellerApplicationSchema>;

/** An admin's decision: approve (approvedBy/approvedAt in the body are ignored) or reject with a reason. */
export const sellerDecisionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved') }),
    z.object({
      status: z.literal('rejected'),
      rejectionReason: z
        .string({ message: SELLER_MESSAGES.rejectionReason })
        .trim()
        .min(1, SELLER_MESSAGES.rejectionReason)
        .max(2000, 'The reason must be at most 2000 characters'),
    }),
  ],
  { message: SELLER_MESSAGES.status },
);
export type SellerDecision = z.infer<typeof sellerDecisionSchema>;

export const listingApprovalSchema = z.object({
  requiresListingApproval: z.boolean({ message: 'requiresListingApproval must be true or false' }),
});

const pageFields = {
  limit: numeric(z.number().int().min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100')).default(50),
  offset: numeric(z.number().int().min(0, 'Offset must be 0 or more')).default(0),
};
export const pageQuery = z.object(pageFields);
export type PageQuery = z.infer<typeof pageQuery>;

export const sellerListQuery = z.object({
  ...pageFields,
  status: z.enum(SELLER_STATUSES, { message: 'Status must be pending, approved or rejected' }).optional(),
});

export const sellerIdParams = z.object({ id: z.uuid({ message: 'Not a valid seller id' }) });
export const sellerIdParamsAlt = z.object({ sellerId: z.uuid({ message: 'Not a valid seller id' }) });
export const userIdParams = z.object({ userId: z.uuid({ message: 'Not a valid user id' }) });

const imageUrl = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (/^\/api\/uploads\/files\/[0-9a-f]{32}(-thumb)?\.(jpg|png)$/.test(v) || /^https:\/\/[^\s"'<>]+$/i.test(v)) return v;
    ctx.addIssue({ code: 'custom', message: 'Please upload the image or give an https address' });
    return z.NEVER;
  });

/** Storefront changes by its owner. */
export const storefrontUpdateSchema = z.object({
  displayName: nameText(
    z
      .string({ message: STOREFRONT_MESSAGES.displayName })
      .trim()
      .min(2, STOREFRONT_MESSAGES.displayName)
      .max(200, 'Must be at most 200 characters'),
  ).optional(),
  logo: imageUrl.optional(),
  bannerImage: imageUrl.optional(),
  description: optionalText(5000).optional(),
  policies: optionalText(10000).optional(),
});
export type StorefrontUpdateInput = z.infer<typeof storefrontUpdateSchema>;
export const slugParams = z.object({ slug: z.string().trim().toLowerCase().min(1).max(100) });
