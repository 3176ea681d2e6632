import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The statements that load the categories and makes: each list in one statement, matched by slug. `pitlane seed`
 * upserts (writing a row only when it is missing or differs); the reference data of every start only inserts
 * what is missing.
 */

/** Inserts or updates the categories (name, slug, icon) by slug; a row per category written, `inserted` when new. */
export function upsertCategories(tx: SqlExecutor, rows: readonly { name: string; slug: string; icon: string }[]): Promise<{ inserted: boolean }[]> {
  return tx.execute<{ inserted: boolean }[]>(
    `insert into categories (name, slug, icon)
         select name, slug, icon from jsonb_to_recordset(?::jsonb) as s(name text, slug text, icon text)
         on conflict (slug) do update set name = excluded.name, icon = excluded.icon
         where (categories.name, categories.icon) is distinct from (excluded.name, excluded.icon)
         returning (xmax = 0) as inserted`,
    [JSON.stringify(rows)],
  );
}

/** Inserts or updates the makes (name, slug) by slug; a row per make written, `inserted` when new. */
export function upsertMakes(tx: SqlExecutor, rows: readonly { name: string; slug: string }[]): Promise<{ inserted: boolean }[]> {
  return tx.execute<{ inserted: boolean }[]>(
    `insert into makes (name, slug)
         select name, slug from jsonb_to_recordset(?::jsonb) as s(name text, slug text)
         on conflict (slug) do update set name = excluded.name
         where makes.name is distinct from excluded.name
         returning (xmax = 0) as inserted`,
    [JSON.stringify(rows)],
  );
}

/** Inserts the categories that are missing (by name or slug); how many it added. */
export async function insertMissingCategories(tx: SqlExecutor, rows: readonly { name: string; slug: string; icon: string }[]): Promise<number> {
  const added = await tx.execute<unknown[]>(
    `insert into categories (name, slug, icon)
       select name, slug, icon from jsonb_to_recordset(?::jsonb) as s(name text, slug text, icon text)
       on conflict do nothing returning id`,
    [JSON.stringify(rows)],
  );
  return added.length;
}

/** Inserts the makes that are missing (by name or slug); how many it added. */
export async function insertMissingMakes(tx: SqlExecutor, rows: readonly { name: string; slug: string }[]): Promise<number> {
  const added = await tx.execute<unknown[]>(
    `insert into makes (name, slug)
       select name, slug from jsonb_to_recordset(?::jsonb) as s(name text, slug text)
       on conflict do nothing returning id`,
    [JSON.stringify(rows)],
  );
  return added.length;
}
