/**
 * The auction settings as the console reads and saves them (GET /api/admin/settings, PUT /api/admin/settings/{group}),
 * declared once here; auction-settings.schemas.ts validates to exactly these shapes. Declarations only.
 */

/** Who sees an auction's reserve: nobody, whether it is met, or the amount. */
export type ReserveVisibility = 'hidden' | 'met-status' | 'full';

/** Anti-sniping, proxy bidding and scheduling limits. Times in seconds. */
export interface AuctionSettingsDto {
  autoExtendTrigger: number;
  autoExtendTime: number;
  maxExtensions: number;
  allowProxy: boolean;
  defaultBidIncrement: number;
  minimumAuctionDuration: number;
}

/** Who may bid. */
export interface BidderSettingsDto {
  requireBidderVerification: boolean;
  minAccountAgeHours: number;
  allowedCountries: string[];
  blockedBidders: string[];
  requireApproval: boolean;
  patternAnalysisEnabled: boolean;
  geoVerificationEnabled: boolean;
  maxSuspiciousScore: number;
  /** Block bidders with this many unpaid auction wins (cancelled for non-payment); 0: never. */
  maxUnpaidItems: number;
}

/** Reserve and Buy It Now rules. */
export interface PricingSettingsDto {
  allowReservePrices: boolean;
  allowBuyItNow: boolean;
  maxReservePercentage: number;
  minBuyItNowMultiplier: number;
  defaultReserveEnabled: boolean;
  defaultBuyItNowEnabled: boolean;
  autoRemoveBinAfterBids: boolean;
  reservePriceVisibility: ReserveVisibility;
  /** The marketplace commission (payments): each tier's rate applies to the slice of the sale price above `from` dollars, up to the next tier. */
  commissionTiers: CommissionTierSettingDto[];
}

/** One commission tier: `ratePercent` % of the part of the price above `from` (whole dollars and cents). */
export interface CommissionTierSettingDto {
  from: number;
  ratePercent: number;
}

/** Every group (GET /api/admin/settings); PUT /api/admin/settings/{group} answers the saved group. */
export interface AllSettingsDto {
  auction: AuctionSettingsDto;
  bidder: BidderSettingsDto;
  pricing: PricingSettingsDto;
}

export type SettingsGroup = keyof AllSettingsDto;
