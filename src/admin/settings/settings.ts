/** The console's auction, bidder and pricing settings (GET /api/admin/settings, PUT /api/admin/settings/{group}). */
import type {
  AllSettingsDto,
  AuctionSettingsDto,
  BidderSettingsDto,
  PricingSettingsDto,
  ReserveVisibility,
  SettingsGroup,
} from '../../modules/auctions/auction-settings.dto';

export const SETTINGS_API = '/api/admin/settings';

/** The server's declarations (auction-settings.dto.ts), under the names the settings pages use. */
export type AuctionSettings = AuctionSettingsDto;
export type BidderSettings = BidderSettingsDto;
export type PricingSettings = PricingSettingsDto;
export type AllSettings = AllSettingsDto;
export type { ReserveVisibility, SettingsGroup };

/** Spec 001 §8 notifications after a save. */
export const SAVED_MESSAGES: Record<SettingsGroup, string> = {
  auction: 'Settings Saved',
  bidder: 'Bidder Settings Saved',
  pricing: 'Pricing Settings Saved',
};

export const RESERVE_VISIBILITY_CHOICES: Array<{ id: ReserveVisibility; name: string }> = [
  { id: 'hidden', name: 'Hidden (bidders see nothing about the reserve)' },
  { id: 'met-status', name: 'Met status only ("Reserve Met")' },
  { id: 'full', name: 'Full (the reserve amount is shown)' },
];

/** Spec 001 §8: numeric inputs parse to integers, falling back to 0. */
export function toIntOrZero(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A decimal input (bid increment, multipliers), falling back to 0. */
export function toDecimalOrZero(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : 0;
}

/** Money to cents precision (0.01 steps). */
export const toMoney = (value: unknown) => Math.round(toDecimalOrZero(value) * 100) / 100;

/** The minimum duration is entered in hours and stored in seconds. */
export const hoursToSeconds = (hours: unknown) => Math.round(toDecimalOrZero(hours) * 3600);
export const secondsToHours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** "US, ca , ,DE" -> ["US", "ca", "DE"]: trimmed, empties dropped. */
export function parseCommaList(text: unknown): string[] {
  if (Array.isArray(text)) return text.map((s) => String(s).trim()).filter(Boolean);
  return String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const joinCommaList = (list: string[] | null | undefined) => (list ?? []).join(', ');

/** The Auction Settings form: the duration in hours. */
export interface AuctionSettingsForm extends Omit<AuctionSettings, 'minimumAuctionDuration'> {
  minimumAuctionDurationHours: number;
}

export function toAuctionForm(settings: AuctionSettings): AuctionSettingsForm {
  const { minimumAuctionDuration, ...rest } = settings;
  return { ...rest, minimumAuctionDurationHours: secondsToHours(minimumAuctionDuration) };
}

export function fromAuctionForm(form: Record<string, unknown>): AuctionSettings {
  return {
    autoExtendTrigger: toIntOrZero(form.autoExtendTrigger),
    autoExtendTime: toIntOrZero(form.autoExtendTime),
    maxExtensions: toIntOrZero(form.maxExtensions),
    allowProxy: Boolean(form.allowProxy),
    defaultBidIncrement: toMoney(form.defaultBidIncrement),
    minimumAuctionDuration: hoursToSeconds(form.minimumAuctionDurationHours),
  };
}

/** The Bidder Mgmt form: the lists as comma-separated text. */
export interface BidderSettingsForm extends Omit<BidderSettings, 'allowedCountries' | 'blockedBidders'> {
  allowedCountries: string;
  blockedBidders: string;
}

export function toBidderForm(settings: BidderSettings): BidderSettingsForm {
  return {
    ...settings,
    allowedCountries: joinCommaList(settings.allowedCountries),
    blockedBidders: joinCommaList(settings.blockedBidders),
  };
}

export function fromBidderForm(form: Record<string, unknown>): BidderSettings {
  return {
    requireBidderVerification: Boolean(form.requireBidderVerification),
    minAccountAgeHours: toIntOrZero(form.minAccountAgeHours),
    allowedCountries: parseCommaList(form.allowedCountries),
    blockedBidders: parseCommaList(form.blockedBidders),
    requireApproval: Boolean(form.requireApproval),
    patternAnalysisEnabled: Boolean(form.patternAnalysisEnabled),
    geoVerificationEnabled: Boolean(form.geoVerificationEnabled),
    maxSuspiciousScore: toIntOrZero(form.maxSuspiciousScore),
    maxUnpaidItems: toIntOrZero(form.maxUnpaidItems),
  };
}

const VISIBILITIES: ReserveVisibility[] = ['hidden', 'met-status', 'full'];

/**
 * The pricing body. A disabled input (reserve controls while reserves are off, BIN controls while
 * Buy It Now is off) submits nothing, so its stored value is kept rather than reset.
 */
export function fromPricingForm(
  form: Record<string, unknown>,
  previous: Omit<PricingSettings, 'commissionTiers'>,
): Omit<PricingSettings, 'commissionTiers'> & Partial<Pick<PricingSettings, 'commissionTiers'>> {
  const value = (key: Exclude<keyof PricingSettings, 'commissionTiers'>) => (form[key] === undefined || form[key] === null ? previous[key] : form[key]);
  const visibility = String(value('reservePriceVisibility'));
  return {
    allowReservePrices: Boolean(value('allowReservePrices')),
    allowBuyItNow: Boolean(value('allowBuyItNow')),
    maxReservePercentage: toDecimalOrZero(value('maxReservePercentage')),
    minBuyItNowMultiplier: toDecimalOrZero(value('minBuyItNowMultiplier')),
    defaultReserveEnabled: Boolean(value('defaultReserveEnabled')),
    defaultBuyItNowEnabled: Boolean(value('defaultBuyItNowEnabled')),
    autoRemoveBinAfterBids: Boolean(value('autoRemoveBinAfterBids')),
    reservePriceVisibility: (VISIBILITIES as string[]).includes(visibility) ? (visibility as ReserveVisibility) : 'hidden',
    // The commission tiers (payments) when the form has them; left out, the stored tiers stay.
    ...(Array.isArray(form.commissionTiers)
      ? {
          commissionTiers: (form.commissionTiers as Record<string, unknown>[]).map((t) => ({
            from: toDecimalOrZero(t?.from),
            ratePercent: toDecimalOrZero(t?.ratePercent),
          })),
        }
      : {}),
  };
}
