import { z } from 'zod';
import { numeric } from '../../platform/http/validate.js';
import { AUCTION_FORM_MESSAGES } from './auction.messages.js';
import type {
  AllSettingsDto,
  AuctionSettingsDto,
  BidderSettingsDto,
  PricingSettingsDto,
  SettingsGroup,
} from './auction-settings.dto.js';

/** A list given as an array or as comma-separated text; each entry at most `maxLength` characters, 1,000 entries at most. */
const commaList = (maxLength: number) =>
  z
    .union([z.array(z.string()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(maxLength, `Each entry must be at most ${maxLength} characters`)).max(1000, 'At most 1000 entries'));

/** The form's and the settings' message for an increment of $0 or less (the web form and the console say the same). */
export const BID_INCREMENT_ABOVE_ZERO = AUCTION_FORM_MESSAGES.bidIncrementAboveZero;

/** Admin auction settings (spec 001 §5 Admin, §9 anti-sniping defaults). Times in seconds. */
export const auctionSettingsSchema = z.object({
  autoExtendTrigger: numeric(z.number().int().min(0, 'Auto-extend trigger must be at least 0').max(86400)),
  autoExtendTime: numeric(z.number().int().min(0, 'Auto-extend time must be at least 0').max(86400)),
  maxExtensions: numeric(z.number().int().min(0, 'Max extensions must be at least 0').max(100)),
  allowProxy: z.boolean(),
  defaultBidIncrement: numeric(z.number().gt(0, BID_INCREMENT_ABOVE_ZERO).max(1_000_000).multipleOf(0.01)),
  minimumAuctionDuration: numeric(z.number().int().min(0, 'Minimum duration must be at least 0').max(90 * 86400)),
});
export const bidderSettingsSchema = z.object({
  requireBidderVerification: z.boolean(),
  minAccountAgeHours: numeric(z.number().int().min(0, 'Minimum account age must be at least 0 hours')),
  allowedCountries: commaList(100),
  blockedBidders: commaList(320),
  requireApproval: z.boolean(),
  patternAnalysisEnabled: z.boolean(),
  geoVerificationEnabled: z.boolean(),
  maxSuspiciousScore: numeric(z.number().int().min(0, 'Max suspicious score must be between 0 and 100').max(100, 'Max suspicious score must be between 0 and 100')),
  maxUnpaidItems: numeric(z.number().int().min(0, 'Unpaid items must be between 0 and 100').max(100, 'Unpaid items must be between 0 and 100')),
});
export const pricingSettingsSchema = z.object({
  allowReservePrices: z.boolean(),
  allowBuyItNow: z.boolean(),
  maxReservePercentage: numeric(z.number().min(0, 'Max reserve percentage must be between 0 and 100').max(100, 'Max reserve percentage must be between 0 and 100')),
  minBuyItNowMultiplier: numeric(z.number().min(1, 'Min Buy It Now multiplier must be at least 1.0').max(100)),
  defaultReserveEnabled: z.boolean(),
  defaultBuyItNowEnabled: z.boolean(),
  autoRemoveBinAfterBids: z.boolean(),
  reservePriceVisibility: z.enum(['hidden', 'met-status', 'full']),
  commissionTiers: z
    .array(
      z.object({
        from: numeric(z.number().min(0, 'A tier must start at 0 or more').max(1_000_000).multipleOf(0.01)),
        ratePercent: numeric(z.number().min(0, 'Commission rate must be between 0 and 100').max(100, 'Commission rate must be between 0 and 100').multipleOf(0.01)),
      }),
    )
    .min(1, 'At least one commission tier is required')
    .max(10, 'At most 10 commission tiers')
    .refine((tiers) => tiers[0]?.from === 0, 'The first commission tier must start at 0')
    .refine((tiers) => tiers.every((t, i) => i === 0 || t.from > tiers[i - 1]!.from), 'Commission tiers must start at increasing amounts'),
});

export type AuctionSettings = AuctionSettingsDto;
export type BidderSettings = BidderSettingsDto;
export type PricingSettings = PricingSettingsDto;
export type AllSettings = AllSettingsDto;
export type { SettingsGroup };

// The schemas parse to exactly the declared answers: a field added to one and not the other fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchDtos: Same<z.infer<typeof auctionSettingsSchema>, AuctionSettingsDto> &
  Same<z.infer<typeof bidderSettingsSchema>, BidderSettingsDto> &
  Same<z.infer<typeof pricingSettingsSchema>, PricingSettingsDto> = true;
void schemasMatchDtos;
export const SETTINGS_GROUPS = ['auction', 'bidder', 'pricing'] as const;
export const settingsSchemas = { auction: auctionSettingsSchema, bidder: bidderSettingsSchema, pricing: pricingSettingsSchema };

/** Spec 001 §9 defaults. */
export const DEFAULT_SETTINGS: AllSettings = {
  auction: {
    autoExtendTrigger: 120,
    autoExtendTime: 120,
    maxExtensions: 3,
    allowProxy: true,
    defaultBidIncrement: 10,
    minimumAuctionDuration: 3600,
  },
  bidder: {
    requireBidderVerification: false,
    minAccountAgeHours: 0,
    allowedCountries: [],
    blockedBidders: [],
    requireApproval: false,
    patternAnalysisEnabled: true,
    geoVerificationEnabled: true,
    maxSuspiciousScore: 80,
    maxUnpaidItems: 0,
  },
  pricing: {
    allowReservePrices: true,
    allowBuyItNow: true,
    maxReservePercentage: 80,
    minBuyItNowMultiplier: 1.2,
    defaultReserveEnabled: false,
    defaultBuyItNowEnabled: true,
    autoRemoveBinAfterBids: false,
    reservePriceVisibility: 'hidden',
    // Issue 22: 7 % of the first $1,000, 5 % up to $5,000, 3 % above.
    commissionTiers: [
      { from: 0, ratePercent: 7 },
      { from: 1000, ratePercent: 5 },
      { from: 5000, ratePercent: 3 },
    ],
  },
};
