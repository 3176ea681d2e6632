import { Database } from '../../platform/db/database.js';
import type { Container } from 'inversify';
import { RequestContext } from '@mikro-orm/postgresql';
import { SEED_CATEGORIES, SEED_MAKES } from './catalog.seed-data.js';

/**
 * Loads the categories and makes. Rows are matched by slug; a row is written only when it is missing or
 * its name or icon differ, so a second run changes nothing.
 */
export async function seedCatalog(container: Container): Promise<string[]> {
  const orm = container.get(Database).orm;
  return RequestContext.create(orm.em, () =>
    orm.em.transactional(async (em) => {
      const categories = await em.execute<{ inserted: boolean }[]>(
        `insert into categories (name, slug, icon)
         select name, slug, icon from jsonb_to_recordset(?::jsonb) as s(name text, slug text, icon text)
         on conflict (slug) do update set name = excluded.name, icon = excluded.icon
         where (categories.name, categories.icon) is distinct from (excluded.name, excluded.icon)
         returning (xmax = 0) as inserted`,
        [JSON.stringify(SEED_CATEGORIES)],
      );
      const makes = await em.execute<{ inserted: boolean }[]>(
        `insert into makes (name, slug)
         select name, slug from jsonb_to_recordset(?::jsonb) as s(name text, slug text)
         on conflict (slug) do update set name = excluded.name
         where makes.name is distinct from excluded.name
         returning (xmax = 0) as inserted`,
        [JSON.stringify(SEED_MAKES)],
      );
      const report = (what: string, total: number, rows: { inserted: boolean }[]) => {
        const added = rows.filter((r) => r.inserted).length;
        return `${what}: ${added} added, ${rows.length - added} updated, ${total - rows.length} unchanged`;
      };
      return [report('categories', SEED_CATEGORIES.length, categories), report('makes', SEED_MAKES.length, makes)];
    }),
  );
}
