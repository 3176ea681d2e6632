import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { uuidArray } from '../../platform/db/uuid.js';

// What the garage's fitment evidence needs of the catalog (issue 35): a part's normalised number and the other
// numbers of the interchange groups holding it, so that buyers' reports on interchangeable listings count too.

/**
 * A part's evidence key as columns of a statement where `parts` is aliased `p`: its normalised number and the other
 * numbers of the interchange groups holding it (none without a number). The cards' statement below and the part
 * page's own statement (part-read.sql.ts) read it alike, so a card and its page count the same reports.
 */
export const EVIDENCE_KEY_COLUMNS = `p.part_number_norm,
    case when p.part_number_norm is null then '{}'::text[] else array(select distinct o.number_norm from interchange_numbers s
      join interchange_numbers o on o.group_id = s.group_id
      where s.number_norm = p.part_number_norm and o.number_norm is not null and o.number_norm <> p.part_number_norm) end as interchange`;

/** A part's evidence key as EVIDENCE_KEY_COLUMNS reads it. */
export interface EvidenceKeyColumns {
  part_number_norm: string | null;
  interchange: string[];
}

/** A part as the evidence endpoint reads it: what visibility needs, its number and its interchangeable numbers. */
export interface EvidenceKeyRow extends EvidenceKeyColumns {
  id: string;
  is_active: boolean;
  is_approved: boolean;
  seller_id: string;
  sold_at: Date | string | null;
}

/** Parts by id (unknown ids left out) with their interchangeable numbers: one statement for a page of cards. */
export async function readEvidenceKeys(db: SqlRunner, ids: readonly string[]): Promise<EvidenceKeyRow[]> {
  if (!ids.length) return [];
  return db.runPrepared<EvidenceKeyRow>(
    `select p.id, p.is_active, p.is_approved, p.seller_id, p.sold_at, ${EVIDENCE_KEY_COLUMNS}
       from parts p where p.id = any(((select ?::uuid[]))::uuid[])`,
    [uuidArray(ids)],
  );
}
