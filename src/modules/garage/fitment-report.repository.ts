import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import type { VehicleFilter } from '../catalog/index.js';
import type { ReportCount } from './fitment-evidence.rules.js';
import type { FitAnswer } from './garage.dto.js';

/** A JSON array parameter as a PostgreSQL text array. */
const TEXTS = 'array(select jsonb_array_elements_text(?::jsonb))';
/** A report's engine as fitment compares it: lower case without spaces and dashes (fitment.rules.ts engineKey). */
const ENGINE_KEY = `lower(regexp_replace(coalesce(r.engine, ''), '[[:space:]-]+', '', 'g'))`;

/**
 * The part page's one statement: reports of the listings `partIds` or of the part numbers `partNumbers`, counted by
 * vehicle and answer (evidenceLines merges them per part). On the read pool, as the part page's other reads.
 */
export async function reportCounts(db: SqlRunner, partIds: readonly string[], partNumbers: readonly string[]): Promise<ReportCount[]> {
  const rows = await db.runPrepared<{
    part_id: string;
    part_number_norm: string | null;
    make: string;
    model: string;
    year_start: number | null;
    year_end: number | null;
    engine: string | null;
    fits: FitAnswer;
    n: number;
  }>(
    `select r.part_id, r.part_number_norm, r.make, r.model, r.year_start, r.year_end, r.engine, r.fits, count(*)::int as n
       from fitment_reports r
      where r.part_id = any(${TEXTS}::uuid[]) or r.part_number_norm = any(${TEXTS})
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by min(r.created_at)`,
    [JSON.stringify(partIds), JSON.stringify(partNumbers)],
  );
  return rows.map((r) => ({
    partId: r.part_id,
    partNumberNorm: r.part_number_norm,
    make: r.make,
    model: r.model,
    yearStart: r.year_start,
    yearEnd: r.year_end,
    engine: r.engine,
    fits: r.fits,
    count: r.n,
  }));
}

/**
 * The listings and part numbers with a "yes" report for the vehicle of `v` (GET /api/parts?fitsVehicle=&confirmedOnly=):
 * the report's make (slug or name) and model, years overlapping (none on either side: any year), and, when both name
 * one, the same engine.
 */
export async function confirmedParts(em: SqlExecutor, v: Omit<VehicleFilter, 'confirmed'>): Promise<{ partIds: string[]; partNumbers: string[] }> {
  const rows = await em.execute<{ part_id: string; part_number_norm: string | null }[]>(
    `select distinct r.part_id, r.part_number_norm
       from fitment_reports r
      where r.fits = 'yes' and lower(r.make) = any(${TEXTS}) and lower(r.model) = ?
        and int4range(coalesce(r.year_start, r.year_end)::int, coalesce(r.year_end, r.year_start)::int, '[]')
            && int4range(?::int, ?::int, '[]')
        and (${ENGINE_KEY} = '' or ?::text is null or ${ENGINE_KEY} = ?::text)`,
    [JSON.stringify(v.makes), v.model, v.yearStart ?? v.yearEnd, v.yearEnd ?? v.yearStart, v.engineKey, v.engineKey],
  );
  return {
    partIds: [...new Set(rows.map((r) => r.part_id))],
    partNumbers: [...new Set(rows.flatMap((r) => (r.part_number_norm ? [r.part_number_norm] : [])))],
  };
}
