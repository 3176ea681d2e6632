import { Database } from '../../platform/db/database.js';
import type { Container } from 'inversify';
import { upsertCategories, upsertMakes } from './catalog-seed.sql.js';
import { SEED_CATEGORIES, SEED_MAKES } from './catalog.seed-data.js';

/**
 * Loads the categories and makes. Rows are matched by slug; a row is written only when it is missing or
 * its name or icon differ, so a second run changes nothing.
 */
export async function seedCatalog(container: Container): Promise<string[]> {
  const db = container.get(Database);
  return db.withContext(() =>
    db.transaction(async (em) => {
      const categories = await upsertCategories(em, SEED_CATEGORIES);
      const makes = await upsertMakes(em, SEED_MAKES);
      const report = (what: string, total: number, rows: { inserted: boolean }[]) => {
        const added = rows.filter((r) => r.inserted).length;
        return `${what}: ${added} added, ${rows.length - added} updated, ${total - rows.length} unchanged`;
      };
      return [report('categories', SEED_CATEGORIES.length, categories), report('makes', SEED_MAKES.length, makes)];
    }),
  );
}
