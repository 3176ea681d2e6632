import type { Container } from 'inversify';
import { newReferenceKeys, referenceTransaction } from '../../platform/reference-data.js';
import { SEED_CATEGORIES, SEED_MAKES } from './catalog.seed-data.js';

/**
 * The categories and makes a fresh install needs, applied at every start: each slug is inserted once, when it was
 * never applied and is missing, so admins' renames and removals stay (`pitlane seed` still updates names on demand).
 */
export async function catalogReferenceData(container: Container): Promise<string[]> {
  return referenceTransaction(container, async (tx) => {
    const categorySlugs = await newReferenceKeys(tx, 'catalog.category', SEED_CATEGORIES.map((c) => c.slug));
    const categories = await tx.execute<unknown[]>(
      `insert into categories (name, slug, icon)
       select name, slug, icon from jsonb_to_recordset(?::jsonb) as s(name text, slug text, icon text)
       on conflict do nothing returning id`,
      [JSON.stringify(SEED_CATEGORIES.filter((c) => categorySlugs.has(c.slug)))],
    );
    const makeSlugs = await newReferenceKeys(tx, 'catalog.make', SEED_MAKES.map((m) => m.slug));
    const makes = await tx.execute<unknown[]>(
      `insert into makes (name, slug)
       select name, slug from jsonb_to_recordset(?::jsonb) as s(name text, slug text)
       on conflict do nothing returning id`,
      [JSON.stringify(SEED_MAKES.filter((m) => makeSlugs.has(m.slug)))],
    );
    return categories.length || makes.length ? [`categories: ${categories.length} added`, `makes: ${makes.length} added`] : [];
  });
}
