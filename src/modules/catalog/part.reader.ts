import DataLoader from 'dataloader';
import type { Part } from './part.entity.js';
import type { PartFitment } from './part-fitment.entity.js';
import type { PartNumberDto } from './part.dto.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { insideTransaction } from '../../platform/db/connection-guard.js';
import { type PartPageRow, type PartRow, readPartPageRows, readPartRows } from './part-read.sql.js';

// Parts by id with their vehicle entries, from the one statement of part-read.sql.ts and without the ORM's entity
// hydration: the read path of search pages and the part page, where hydrating cost more CPU than the database
// work. The rows are plain snapshots, never managed entities: to change a part, load it with the EntityManager.

export interface PartSnapshots {
  /** In the order of the ids asked for; unknown ids are left out. */
  parts: Part[];
  fitments: Map<string, PartFitment[]>;
  /** Each part's other numbers. */
  numbers: Map<string, PartNumberDto[]>;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Reads the parts of `ids` (uuids), keeping their order. */
export async function readParts(db: SqlRunner, ids: readonly string[]): Promise<PartSnapshots> {
  return snapshotsOf(await readPartRows(db, ids));
}

/** Part snapshots and their vehicle entries from rows of PART_COLUMNS, in the rows' order. */
export function snapshotsOf(rows: readonly PartRow[]): PartSnapshots {
  const parts: Part[] = [];
  const fitments = new Map<string, PartFitment[]>();
  const numbers = new Map<string, PartNumberDto[]>();
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
    numbers.set(r.id, json(r.numbers));
  }
  return { parts, fitments, numbers };
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
  private readonly loader: DataLoader<string, PartPageRow | null>;

  constructor(private readonly db: SqlRunner) {
    this.loader = new DataLoader<string, PartPageRow | null>(
      async (ids) => {
        const byId = new Map((await readPartPageRows(db, ids)).map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cache: false, maxBatchSize: PART_READ_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  /** The row of part `id` (a uuid) with its fitment evidence key, or null when there is none. */
  read(id: string): Promise<PartPageRow | null> {
    // Inside a transaction the read goes through it alone, never batched with other requests' reads.
    if (insideTransaction()) return readPartPageRows(this.db, [id]).then((rows) => rows[0] ?? null);
    return this.loader.load(id);
  }
}
