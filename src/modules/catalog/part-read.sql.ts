import type { Condition, PartImage } from './part.entity.js';
import type { PartFitment } from './part-fitment.entity.js';
import type { PartNumberDto } from './part.dto.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { EVIDENCE_KEY_COLUMNS, type EvidenceKeyColumns } from './fitment-evidence.sql.js';

// The statement of the part page and of search pages' parts: parts by id with their vehicle entries, in one
// statement, read without the ORM's hydration (see part.reader.ts, and docs/performance.md for the measurements).

/** A part's columns and its vehicle entries (as JSON), for a statement where `parts` is aliased `p`. */
export const PART_COLUMNS = `p.id, p.title, p.description, p.price, p.original_price, p.category, p.make, p.model,
    p.year_start, p.year_end, p.part_number, p.condition, p.location, p.seller_id, p.images, p.is_verified,
    p.is_featured, p.is_active, p.is_approved, p.approved_by, p.approved_at, p.rejection_reason, p.created_at,
    p.updated_at, p.sold_at,
    (select coalesce(json_agg(json_build_object('id', f.id, 'partId', f.part_id, 'position', f.position,
       'make', f.make, 'model', f.model, 'yearStart', f.year_start, 'yearEnd', f.year_end, 'engine', f.engine,
       'transmission', f.transmission, 'notes', f.notes) order by f.position), '[]'::json)
     from part_fitments f where f.part_id = p.id) as fitments,
    (select coalesce(json_agg(json_build_object('number', n.number, 'kind', n.kind) order by n.position), '[]'::json)
     from part_numbers n where n.part_id = p.id) as numbers`;

/**
 * Parts by id. The ids go through a one-row subquery, `any(((select ?::uuid[]))::uuid[])`, on purpose: the
 * planner never sees the array, so PostgreSQL keeps the generic plan (the same primary-key lookup) instead of
 * planning every run for the array's values, which cost more than running the statement.
 */
export const READ_PARTS_SQL = `select ${PART_COLUMNS} from parts p where p.id = any(((select ?::uuid[]))::uuid[])`;

/**
 * The part page's statement: READ_PARTS_SQL with the part's fitment evidence key (its normalised number and the
 * numbers interchangeable with it), so the page asks the garage for the reports at once, without a read between.
 * Search pages keep READ_PARTS_SQL: their cards' evidence is a call of its own.
 */
export const READ_PART_PAGE_SQL = `select ${PART_COLUMNS}, ${EVIDENCE_KEY_COLUMNS} from parts p where p.id = any(((select ?::uuid[]))::uuid[])`;

/** A row of PART_COLUMNS. */
export interface PartRow {
  id: string;
  title: string;
  description: string;
  price: string;
  original_price: string | null;
  category: string;
  make: string;
  model: string | null;
  year_start: number | null;
  year_end: number | null;
  part_number: string | null;
  condition: Condition;
  location: string;
  seller_id: string;
  images: PartImage[];
  is_verified: boolean;
  is_featured: boolean;
  is_active: boolean;
  is_approved: boolean;
  approved_by: string | null;
  approved_at: Date | string | null;
  rejection_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sold_at: Date | string | null;
  fitments: PartFitment[] | string;
  numbers: PartNumberDto[] | string;
}

/** A row of the part page's statement: the part and its fitment evidence key. */
export interface PartPageRow extends PartRow, EvidenceKeyColumns {}

async function readRows<T extends PartRow>(db: SqlRunner, sql: string, ids: readonly string[]): Promise<T[]> {
  if (!ids.length) return [];
  const rows = await db.runPrepared<T>(sql, [uuidArray(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rows of the parts of `ids` (uuids), in their order; unknown ids are left out. */
export async function readPartRows(db: SqlRunner, ids: readonly string[]): Promise<PartRow[]> {
  return readRows<PartRow>(db, READ_PARTS_SQL, ids);
}

/** As readPartRows, with each part's fitment evidence key (the part page). */
export async function readPartPageRows(db: SqlRunner, ids: readonly string[]): Promise<PartPageRow[]> {
  return readRows<PartPageRow>(db, READ_PART_PAGE_SQL, ids);
}
