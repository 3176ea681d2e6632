import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { SettingsGroup } from './auction-settings.dto.js';

/**
 * Serialises the read-modify-write of one settings group until the transaction ends (an advisory lock: a group
 * that was never saved has no row to lock), so two changes of one list, such as two blocked bidders, both land.
 */
export async function lockSettingsGroup(tx: SqlExecutor, group: SettingsGroup): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`auction_settings:${group}`]);
}
