import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { uuidArray } from '../../platform/db/uuid.js';

// What the garage's fitment evidence needs of the catalog (issue 35): a part's normalised number and the other
// numbers of the interchange groups holding it, so that buyers' reports on interchangeable listings count too.

/** The other numbers of the interchange groups holding the number `norm` (a column or a parameter). */
const interchangeOf = (norm: string) => `array(select distinct o.number_norm from interchange_numbers s
    join interchange_numbers o on o.group_id = s.group_id
    where s.number_norm = ${norm} and o.number_norm is not null and o.number_norm <> ${norm})`;

/** A part as the evidence endpoint reads it: what visibility needs, its number and its interchangeable numbers. */
export interface EvidenceKeyRow {
  id: string;
  part_number_norm: string | null;
  is_active: boolean;
  is_approved: boolean;
  seller_id: string;
  sold_at: Date | string | null;
  interchange: string[];
}

/** Parts by id (unknown ids left out) with their interchangeable numbers: one statement for a page of cards. */
export async function readEvidenceKeys(db: SqlRunner, ids: readonly string[]): Promise<EvidenceKeyRow[]> {
  if (!ids.length) return [];
  return db.runPrepared<EvidenceKeyRow>(
    `select p.id, p.part_number_norm, p.is_active, p.is_approved, p.seller_id, p.sold_at,
            case when p.part_number_norm is null then '{}'::text[] else ${interchangeOf('p.part_number_norm')} end as interchange
       from parts p where p.id = any(((select ?::uuid[]))::uuid[])`,
    [uuidArray(ids)],
  );
}

/** The numbers interchangeable with the normalised number `norm` (none when it is in no group). */
export async function readInterchangeNorms(db: SqlRunner, norm: string): Promise<string[]> {
  const [row] = await db.runPrepared<{ numbers: string[] }>(`select ${interchangeOf('?::text')} as numbers`, [norm, norm]);
  return row?.numbers ?? [];
}
