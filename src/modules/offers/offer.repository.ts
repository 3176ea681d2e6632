import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Serialises every change to the offers of one part (new offers, answers, expiry) until the transaction ends:
 * two accepts at once, or an accept and a new offer, run one after the other, so one part gets one order.
 * (A transaction-scoped advisory lock: the part's row belongs to the catalog.)
 */
export async function lockPart(em: EntityManager, partId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended('offers:part:' || ?::text, 0))`, [partId]);
}
