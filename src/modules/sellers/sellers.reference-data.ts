import type { Container } from 'inversify';
import { newReferenceKeys, referenceTransaction } from '../../platform/reference-data.js';
import { SEED_BADGES } from './sellers.seed.js';

/**
 * The default badges, applied at every start: each (by name) is inserted once, when it was never applied and is
 * missing, so a badge an admin edited, renamed or deleted stays as they left it.
 */
export async function sellersReferenceData(container: Container): Promise<string[]> {
  return referenceTransaction(container, async (tx) => {
    const names = await newReferenceKeys(tx, 'sellers.badge', SEED_BADGES.map((b) => b.name));
    const rows = await tx.execute<unknown[]>(
      `insert into badges (name, description, icon, category, type, rarity, points_awarded, requirement, sort_order)
       select name, description, icon, category, type, rarity, "pointsAwarded", requirement, "sortOrder"
         from jsonb_to_recordset(?::jsonb) as s(name text, description text, icon text, category text, type text,
              rarity text, "pointsAwarded" int, requirement jsonb, "sortOrder" int)
       on conflict do nothing returning id`,
      [JSON.stringify(SEED_BADGES.filter((b) => names.has(b.name)))],
    );
    return rows.length ? [`badges: ${rows.length} added`] : [];
  });
}
