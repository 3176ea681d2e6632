import type { SqlRunner } from '../../platform/db/sql-runner.js';

/**
 * For each normalised number, how many listed (active) parts carry it, as their part number or one of their other
 * numbers: what the console shows beside each number of an interchange group. One statement for all of them.
 */
export async function partsPerNumber(db: SqlRunner, norms: readonly string[]): Promise<Map<string, number>> {
  if (!norms.length) return new Map();
  const rows = await db.run<{ norm: string; parts: number }>(
    `select x.norm, (select count(*) from (
         select p.id from parts p where p.part_number_norm = x.norm and p.is_active
         union
         select n.part_id from part_numbers n join parts p on p.id = n.part_id and p.is_active where n.number_norm = x.norm
       ) found)::int as parts
     from unnest(array(select jsonb_array_elements_text(?::jsonb))::text[]) x(norm)`,
    [JSON.stringify([...new Set(norms)])],
  );
  return new Map(rows.map((r) => [r.norm, Number(r.parts)]));
}
