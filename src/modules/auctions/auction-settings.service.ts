import { inject, injectable, optional } from 'inversify';
import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../../platform/audit.js';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import type { PublicAuctionSettingsDto } from './auction.dto.js';
import { DEFAULT_SETTINGS, settingsSchemas, type AllSettings, type SettingsGroup } from './auction-settings.schemas.js';
import { CommissionTierStore } from './commission-tiers.port.js';
import { AuctionSetting } from './auction-setting.entity.js';
import { lockSettingsGroup } from './auction-setting.repository.js';
import { Database } from '../../platform/db/database.js';

/** How long the bid path may use settings it read earlier (see AuctionSettingsService.recent). */
export const SETTINGS_CACHE_MS = 1000;

/** `value` and everything it holds, frozen. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The admin's auction, bidder and pricing settings: one JSON row per group, defaults where unset. */
@injectable()
export class AuctionSettingsService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AuditLog) private readonly audit: AuditLog,
    @inject(CommissionTierStore) @optional() private readonly commissionTiers?: CommissionTierStore,
  ) {}

  /** Every group, stored values over the defaults. */
  async all(em: EntityManager = this.db.em): Promise<AllSettings> {
    const rows = await em.find(AuctionSetting, {}, { refresh: true });
    const result = structuredClone(DEFAULT_SETTINGS);
    for (const row of rows) {
      if (!(row.groupName in result)) continue;
      const merged = { ...result[row.groupName], ...row.value };
      const parsed = settingsSchemas[row.groupName].safeParse(merged);
      if (parsed.success) Object.assign(result[row.groupName], parsed.data);
    }
    // The commission tiers are the payments module's: read through the same connection (transaction).
    if (this.commissionTiers) result.pricing.commissionTiers = await this.commissionTiers.read(em);
    return result;
  }

  private cache?: { at: number; value: Promise<Readonly<AllSettings>> };

  /**
   * The settings as read at most SETTINGS_CACHE_MS ago, for the bid path (one query less per bid), frozen
   * (shared by every caller, never copied). A save in this process drops the copy at once; other processes
   * see a change within SETTINGS_CACHE_MS.
   */
  async recent(): Promise<Readonly<AllSettings>> {
    const at = performance.now();
    if (!this.cache || at - this.cache.at > SETTINGS_CACHE_MS) {
      const value = this.all().then(deepFreeze);
      this.cache = { at, value };
      value.catch(() => {
        if (this.cache?.value === value) this.cache = undefined;
      });
    }
    return this.cache.value;
  }

  /** Stores one group (already validated), in `tx` when given (then call forget() after its commit). */
  async save<G extends SettingsGroup>(group: G, value: AllSettings[G], adminId: string, tx?: EntityManager): Promise<AllSettings[G]> {
    this.cache = undefined;
    const em = tx ?? this.db.em;
    // The commission tiers are the payments module's: saved through its port, on the same connection.
    const { commissionTiers, ...pricing } = value as AllSettings['pricing'];
    const stored = group === 'pricing' && this.commissionTiers ? pricing : value;
    await em.upsert(AuctionSetting, { groupName: group, value: { ...stored }, updatedBy: adminId, updatedAt: this.clock.now() });
    if (group === 'pricing' && this.commissionTiers) await this.commissionTiers.save(em, commissionTiers, adminId);
    this.cache = undefined;
    return value;
  }

  /** Holds `group` for a read-modify-write until `tx` ends (see lockSettingsGroup). */
  lock(tx: EntityManager, group: SettingsGroup): Promise<void> {
    return lockSettingsGroup(tx, group);
  }

  /** Drops this process's copy of the settings (after a transaction that saved a group commits). */
  forget(): void {
    this.cache = undefined;
  }

  /**
   * Changes one group: `changes` may carry the whole group or only the fields that change; the result is
   * validated whole (400 with the fields' messages) and stored.
   */
  async update(group: SettingsGroup, changes: unknown, adminId: string): Promise<AllSettings[SettingsGroup]> {
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
      throw Errors.invalid('validation_failed', 'Settings must be a JSON object');
    }
    const saved = await this.db.em.transactional(async (tx) => {
      const current = (await this.all(tx))[group];
      const value = parseOrThrow(settingsSchemas[group] as z.ZodType<AllSettings[SettingsGroup]>, { ...current, ...changes });
      await this.save(group, value as never, adminId, tx);
      await this.audit.record(tx, { actorId: adminId, action: 'settings.updated', entityType: 'settings', entityId: group, before: current, after: value });
      return value;
    });
    this.forget();
    return saved;
  }

  /** What the scheduling form needs. */
  async publicSettings(): Promise<PublicAuctionSettingsDto> {
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
