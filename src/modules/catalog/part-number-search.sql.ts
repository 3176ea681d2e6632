import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { uuidArray } from '../../platform/db/uuid.js';

// The part-number side of the catalog's search (issue 35): a part carries its `part_number` (its first number,
// of kind oem) and the rows of `part_numbers`; an interchange group (`interchange_numbers`) makes a search for
// any of its numbers find the parts carrying any other. A search without a part-number-like word keeps the
// statements it had before (only `part_number_norm` is compared, with an empty list), so it pays nothing here.

/** A fragment of SQL over `parts p` and its parameters, in order. */
export interface NumberSql {
  sql: string;
  params: unknown[];
}

/** The searched numbers (normalised), one JSON array parameter. */
const CANDIDATES = `array(select jsonb_array_elements_text(?::jsonb))::text[]`;
/**
 * The searched numbers and every number sharing an interchange group with one of them. Uncorrelated, so
 * PostgreSQL computes it once per statement (an InitPlan) and can look the numbers up by index.
 */
const WITH_INTERCHANGE = `array(select jsonb_array_elements_text(?::jsonb) union
    select o.number_norm from interchange_numbers s join interchange_numbers o on o.group_id = s.group_id
    where s.number_norm = any(${CANDIDATES}))::text[]`;

/** Whether part `p` carries one of `numbers` (its part number or one of its other numbers). */
const carries = (numbers: string) =>
  `(p.part_number_norm = any(${numbers}) or exists (select 1 from part_numbers n where n.part_id = p.id and n.number_norm = any(${numbers})))`;

/** The condition that a part is found by number: it carries a searched number or one interchangeable with it. */
export function numberMatch(partNumbers: readonly string[]): NumberSql {
  const json = JSON.stringify(partNumbers);
  if (!partNumbers.length) return { sql: `p.part_number_norm = any(${CANDIDATES})`, params: [json] };
  return {
    sql: `(p.part_number_norm = any(${WITH_INTERCHANGE})
      or p.id = any(array(select n.part_id from part_numbers n where n.number_norm = any(${WITH_INTERCHANGE}))))`,
    params: [json, json, json, json],
  };
}

/** The `pn_hit` sort key: the part carries one of the searched numbers itself. */
export function exactHit(partNumbers: readonly string[]): NumberSql {
  const json = JSON.stringify(partNumbers);
  if (!partNumbers.length) return { sql: `coalesce(p.part_number_norm = any(${CANDIDATES}), false)`, params: [json] };
  return { sql: `coalesce(${carries(CANDIDATES)}, false)`, params: [json, json] };
}

/**
 * The `tier` sort key: `base` (0 ranked, 1 the unranked rest), or -1 for a part found through an interchange
 * group, so that interchange hits follow exact hits (pn_hit) and come before text matches.
 */
export function tierOf(partNumbers: readonly string[], base: number): NumberSql {
  if (!partNumbers.length) return { sql: String(base), params: [] };
  const json = JSON.stringify(partNumbers);
  return { sql: `case when ${carries(WITH_INTERCHANGE)} then -1 else ${base} end`, params: [json, json, json, json] };
}

/** The tier of an interchange hit (see tierOf). */
export const INTERCHANGE_TIER = -1;

/**
 * For parts found through an interchange group (`ids`), the searched number each is interchangeable with, as the
 * group writes it. One statement, run only when a page holds such parts.
 */
export async function interchangeLabels(db: SqlRunner, ids: readonly string[], partNumbers: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length || !partNumbers.length) return new Map();
  const rows = await db.run<{ id: string; searched: string }>(
    `select x.id, min(s.number) as searched
     from parts x
     join interchange_numbers o on o.number_norm = x.part_number_norm
       or o.number_norm in (select n.number_norm from part_numbers n where n.part_id = x.id)
     join interchange_numbers s on s.group_id = o.group_id and s.number_norm = any(${CANDIDATES})
     where x.id = any(?::uuid[])
     group by x.id`,
    [JSON.stringify(partNumbers), uuidArray(ids)],
  );
  return new Map(rows.map((r) => [r.id, r.searched]));
}
