import type { Container } from 'inversify';
import { newReferenceKeys, referenceTransaction } from '../../platform/reference-data.js';
import { insertDefaultBadges } from './badge.repository.js';
import { SEED_BADGES } from './sellers.seed.js';

/**
 * The default badges, applied at every start: each (by name) is inserted once, when it was never applied and is
 * missing, so a badge an admin edited, renamed or deleted stays as they left it.
 */
export async function sellersReferenceData(container: Container): Promise<string[]> {
  return referenceTransaction(container, async (tx) => {
    const names = await newReferenceKeys(tx, 'sellers.badge', SEED_BADGES.map((b) => b.name));
    const added = await insertDefaultBadges(tx, SEED_BADGES.filter((b) => names.has(b.name)));
    return added ? [`badges: ${added} added`] : [];
  });
}
