import DataLoader from 'dataloader';
import type { Condition, Part, PartImage } from './part.entity.js';
import type { PartFitment } from './part-fitment.entity.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { insideTransaction } from '../../platform/db/connection-guard.js';
import { uuidArray } from '../../platform/db/uuid.js';

// Parts by id with their vehicle entries, in one statement and without the ORM's entity hydration: the read
// path of search pages and the part page, where hydrating cost more CPU than the database work. The rows are
// plain snapshots, never managed entities: to change a part, load it with the EntityManager.

/** A part's columns and its vehicle entries (as JSON), for a statement where `parts` is aliased `p`. */
export const PART_COLUMNS = `p.id, p.title, p.description, p.price, p.original_price, p.category, p.make, p.model,
    p.year_start, p.year_end, p.part_number, p.condition, p.location, p.seller_id, p.images, p.is_verified,
    p.is_featured, p.is_active, p.is_approved, p.approved_by, p.approved_at, p.rejection_reason, p.created_at,
    p.updated_at, p.sold_at,
    (select coalesce(json_agg(json_build_object('id', f.id, 'partId', f.part_id, 'position', f.position,
       'make', f.make, 'model', f.model, 'yearStart', f.year_start, 'yearEnd', f.year_end, 'engine', f.engine,
       'transmission', f.transmission, 'notes', f.notes) order by f.position), '[]'::json)
     from part_fitments f where f.part_id = p.id) as fitments`;

/**
 * Parts by id. The ids go through a one-row subquery, `any(((select ?::uuid[]))::uuid[])`, on purpose: the
 * planner never sees the array, so PostgreSQL keeps the generic plan (the same primary-key lookup) instead of
 * planning every run for the array's values, which cost more than running the statement.
 */
export const READ_PARTS_SQL = `select ${PART_COLUMNS} from parts p where p.id = any(((select ?::uuid[]))::uuid[])`;

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
}

export interface PartSnapshots {
  /** In the order of the ids asked for; unknown ids are left out. */
  parts: Part[];
  fitments: Map<string, PartFitment[]>;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The rows of the parts of `ids` (uuids), in their order; unknown ids are left out. */
export async function readPartRows(db: SqlRunner, ids: readonly string[]): Promise<PartRow[]> {
  if (!ids.length) return [];
  const rows = await db.runPrepared<PartRow>(READ_PARTS_SQL, [uuidArray(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Reads the parts of `ids` (uuids), keeping their order. */
export async function readParts(db: SqlRunner, ids: readonly string[]): Promise<PartSnapshots> {
  return snapshotsOf(await readPartRows(db, ids));
}

/** Part snapshots and their vehicle entries from rows of PART_COLUMNS, in the rows' order. */
export function snapshotsOf(rows: readonly PartRow[]): PartSnapshots {
  const parts: Part[] = [];
  const fitments = new Map<string, PartFitment[]>();
  for (const r of rows) {
    const part = {
      id: r.id,
      title: r.title,
      description: r.description,
      price: r.price,
      originalPrice: r.original_price,
      category: r.category,
      make: r.make,
      model: r.model,
      yearStart: r.year_start,
      yearEnd: r.year_end,
      partNumber: r.part_number,
      condition: r.condition,
      location: r.location,
      sellerId: r.seller_id,
      images: json(r.images),
      isVerified: r.is_verified,
      isFeatured: r.is_featured,
      isActive: r.is_active,
      isApproved: r.is_approved,
      approvedBy: r.approved_by,
      approvedAt: r.approved_at === null ? null : date(r.approved_at),
      rejectionReason: r.rejection_reason,
      createdAt: date(r.created_at),
      updatedAt: date(r.updated_at),
      soldAt: r.sold_at == null ? null : date(r.sold_at),
    };
    parts.push(part as Part);
    fitments.set(r.id, json(r.fitments));
  }
  return { parts, fitments };
}

/** Most ids one batched read asks for. */
export const PART_READ_BATCH = 100;

/**
 * Single-part reads (the part page) batched across concurrent requests: the ids asked for while the event
 * loop handles one round of I/O are read in one statement after it (setImmediate), so eight part pages
 * arriving together cost one round trip, one PostgreSQL wake-up and one result instead of eight. Nothing is
 * cached: every call reads rows committed before it was made, in a statement that starts after it.
 */
export class PartRowBatcher {
  private readonly loader: DataLoader<string, PartRow | null>;

  constructor(private readonly db: SqlRunner) {
    this.loader = new DataLoader<string, PartRow | null>(
      async (ids) => {
        const byId = new Map((await readPartRows(db, ids)).map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cache: false, maxBatchSize: PART_READ_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  /** The row of part `id` (a uuid), or null when there is none. */
  read(id: string): Promise<PartRow | null> {
    // Inside a transaction the read goes through it alone, never batched with other requests' reads.
    if (insideTransaction()) return readPartRows(this.db, [id]).then((rows) => rows[0] ?? null);
    return this.loader.load(id);
  }
}
