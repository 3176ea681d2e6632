import type { Container } from 'inversify';
import { newReferenceKeys, referenceTransaction } from '../../platform/reference-data.js';
import { insertMissingCategories, insertMissingMakes } from './catalog-seed.sql.js';
import { SEED_CATEGORIES, SEED_MAKES } from './catalog.seed-data.js';

/**
 * The categories and makes a fresh install needs, applied at every start: each slug is inserted once, when it was
 * never applied and is missing, so admins' renames and removals stay (`pitlane seed` still updates names on demand).
 */
export async function catalogReferenceData(container: Container): Promise<string[]> {
  return referenceTransaction(container, async (tx) => {
    const categorySlugs = await newReferenceKeys(tx, 'catalog.category', SEED_CATEGORIES.map((c) => c.slug));
    const categories = await insertMissingCategories(tx, SEED_CATEGORIES.filter((c) => categorySlugs.has(c.slug)));
    const makeSlugs = await newReferenceKeys(tx, 'catalog.make', SEED_MAKES.map((m) => m.slug));
    const makes = await insertMissingMakes(tx, SEED_MAKES.filter((m) => makeSlugs.has(m.slug)));
    return categories || makes ? [`categories: ${categories} added`, `makes: ${makes} added`] : [];
  });
}
