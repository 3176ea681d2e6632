import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { CommissionTierSettingDto } from './auction-settings.dto.js';

/**
 * Where the commission tiers of the console's Pricing settings live: the payments module owns and binds them
 * (they price its orders). The settings read and save them through the caller's connection, in its transaction.
 */
export abstract class CommissionTierStore {
  /** The tiers in force, lowest first; throws when they cannot be read. */
  abstract read(em: SqlExecutor): Promise<CommissionTierSettingDto[]>;
  /** Replaces the tiers (validated by the Pricing settings' schema). */
  abstract save(em: SqlExecutor, tiers: readonly CommissionTierSettingDto[], adminId: string): Promise<void>;
}
