import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { CommissionTierStore } from '../auctions/index.js';
import type { CommissionTier } from './commission.rules.js';

/**
 * The commission tiers, read and saved through the caller's connection: an order is priced inside the
 * transaction that creates it (OrdersApi.createOrder hands over its SqlExecutor), and the console saves the tiers
 * with the rest of its Pricing settings in one transaction. A read that fails is an error, never a default.
 */

const storedTiers = z.array(z.object({ from: z.number().min(0), ratePercent: z.number().min(0).max(100) })).min(1);

/** The commission tiers in force, lowest first. Throws when the settings row is missing or malformed. */
export async function readCommissionTiers(em: SqlExecutor): Promise<CommissionTier[]> {
  const [row] = await em.execute<{ commission_tiers: unknown }[]>('select commission_tiers from payment_settings where id = 1');
  if (!row) throw new Error('payment_settings has no row: the payments migrations have not run');
  const tiers = storedTiers.safeParse(row.commission_tiers);
  if (!tiers.success) throw new Error(`payment_settings.commission_tiers is not a list of tiers: ${tiers.error.message}`);
  return [...tiers.data].sort((a, b) => a.from - b.from);
}

/** Replaces the commission tiers (already validated by the console's Pricing settings). */
export async function saveCommissionTiers(em: SqlExecutor, tiers: readonly CommissionTier[], adminId: string, at: Date): Promise<void> {
  const rows = await em.execute<unknown[]>(
    `update payment_settings set commission_tiers = ?::jsonb, updated_by = ?, updated_at = ? where id = 1 returning id`,
    [JSON.stringify(tiers.map((t) => ({ from: t.from, ratePercent: t.ratePercent }))), adminId, at.toISOString()],
  );
  if (!rows.length) throw new Error('payment_settings has no row: the payments migrations have not run');
}

/** The auctions module's Pricing settings read and save the commission tiers here (its CommissionTierStore port). */
@injectable()
export class PaymentsCommissionTiers extends CommissionTierStore {
  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  read(em: SqlExecutor): Promise<CommissionTier[]> {
    return readCommissionTiers(em);
  }

  save(em: SqlExecutor, tiers: readonly CommissionTier[], adminId: string): Promise<void> {
    return saveCommissionTiers(em, tiers, adminId, this.clock.now());
  }
}
