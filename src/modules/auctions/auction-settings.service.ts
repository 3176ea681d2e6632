import { inject, injectable } from 'inversify';
import { z } from 'zod';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { TOKENS } from '../../platform/tokens.js';

const commaList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

/** Admin auction settings (spec 001 §5 Admin, §9 anti-sniping defaults). Times in seconds. */
export const auctionSettingsSchema = z.object({
  autoExtendTrigger: z.coerce.number().int().min(0, 'Auto-extend trigger must be at least 0').max(86400),
  autoExtendTime: z.coerce.number().int().min(0, 'Auto-extend time must be at least 0').max(86400),
  maxExtensions: z.coerce.number().int().min(0, 'Max extensions must be at least 0').max(100),
  allowProxy: z.boolean(),
  defaultBidIncrement: z.coerce.number().min(0, 'Bid increment must be at least 0').max(1_000_000).multipleOf(0.01),
  minimumAuctionDuration: z.coerce.number().int().min(0, 'Minimum duration must be at least 0').max(90 * 86400),
});
export const bidderSettingsSchema = z.object({
  requireBidderVerification: z.boolean(),
  minAccountAgeHours: z.coerce.number().int().min(0, 'Minimum account age must be at least 0 hours'),
  allowedCountries: commaList,
  blockedBidders: commaList,
  requireApproval: z.boolean(),
  patternAnalysisEnabled: z.boolean(),
  geoVerificationEnabled: z.boolean(),
  maxSuspiciousScore: z.coerce.number().int().min(0, 'Max suspicious score must be between 0 and 100').max(100, 'Max suspicious score must be between 0 and 100'),
});
export const pricingSettingsSchema = z.object({
  allowReservePrices: z.boolean(),
  allowBuyItNow: z.boolean(),
  maxReservePercentage: z.coerce.number().min(0, 'Max reserve percentage must be between 0 and 100').max(100, 'Max reserve percentage must be between 0 and 100'),
  minBuyItNowMultiplier: z.coerce.number().min(1, 'Min Buy It Now multiplier must be at least 1.0').max(100),
  defaultReserveEnabled: z.boolean(),
  defaultBuyItNowEnabled: z.boolean(),
  autoRemoveBinAfterBids: z.boolean(),
  reservePriceVisibility: z.enum(['hidden', 'met-status', 'full']),
});

export type AuctionSettings = z.infer<typeof auctionSettingsSchema>;
export type BidderSettings = z.infer<typeof bidderSettingsSchema>;
export type PricingSettings = z.infer<typeof pricingSettingsSchema>;
export interface AllSettings {
  auction: AuctionSettings;
  bidder: BidderSettings;
  pricing: PricingSettings;
}
export type SettingsGroup = keyof AllSettings;
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
  },
};

/** How long the bid path may use settings it read earlier (see AuctionSettingsService.recent). */
export const SETTINGS_CACHE_MS = 1000;

/** The admin's auction, bidder and pricing settings: one JSON row per group, defaults where unset. */
@injectable()
export class AuctionSettingsService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Every group, stored values over the defaults. */
  async all(em: EntityManager = this.orm.em.fork() as EntityManager): Promise<AllSettings> {
    const rows = await em.execute<{ group_name: SettingsGroup; value: Record<string, unknown> }[]>(
      'select group_name, value from auction_settings',
    );
    const result = structuredClone(DEFAULT_SETTINGS);
    for (const row of rows) {
      if (!(row.group_name in result)) continue;
      const merged = { ...result[row.group_name], ...row.value };
      const parsed = settingsSchemas[row.group_name].safeParse(merged);
      if (parsed.success) Object.assign(result[row.group_name], parsed.data);
    }
    return result;
  }

  private cache?: { at: number; value: Promise<AllSettings> };

  /**
   * The settings as read at most SETTINGS_CACHE_MS ago, for the bid path (one query less per bid). A save in
   * this process drops the copy at once; other processes see a change within SETTINGS_CACHE_MS.
   */
  async recent(): Promise<AllSettings> {
    const at = performance.now();
    if (!this.cache || at - this.cache.at > SETTINGS_CACHE_MS) {
      const value = this.all();
      this.cache = { at, value };
      value.catch(() => {
        if (this.cache?.value === value) this.cache = undefined;
      });
    }
    return structuredClone(await this.cache.value);
  }

  /** Stores one group (already validated). */
  async save<G extends SettingsGroup>(group: G, value: AllSettings[G], adminId: string): Promise<AllSettings[G]> {
    this.cache = undefined;
    const em = this.orm.em.fork() as EntityManager;
    await em.execute(
      `insert into auction_settings (group_name, value, updated_by, updated_at) values (?, ?::jsonb, ?, ?)
       on conflict (group_name) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      [group, JSON.stringify(value), adminId, this.clock.now().toISOString()],
    );
    this.cache = undefined;
    return value;
  }

  /** What the scheduling form needs. */
  async publicSettings() {
    const { auction, pricing } = await this.all();
    return {
      defaults: {
        bidIncrement: auction.defaultBidIncrement.toFixed(2),
        autoExtendTrigger: auction.autoExtendTrigger,
        autoExtendTime: auction.autoExtendTime,
        maxExtensions: auction.maxExtensions,
        maxRelists: 3,
        relistPriceReduction: 0,
        relistDelay: 24,
        reserveEnabled: pricing.defaultReserveEnabled,
        buyItNowEnabled: pricing.defaultBuyItNowEnabled,
      },
      minimumAuctionDuration: auction.minimumAuctionDuration,
      allowProxy: auction.allowProxy,
      allowReservePrices: pricing.allowReservePrices,
      allowBuyItNow: pricing.allowBuyItNow,
      maxReservePercentage: pricing.maxReservePercentage,
      minBuyItNowMultiplier: pricing.minBuyItNowMultiplier,
      reservePriceVisibility: pricing.reservePriceVisibility,
    };
  }
}
