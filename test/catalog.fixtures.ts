import type { TestApp } from './harness.js';

/** What the parts of one `insertParts` call share. */
export interface PartBatch {
  /** Each part's title is this and its number: "Brake caliper 1", "Brake caliper 2"... */
  title: string;
  description: string;
  category: string;
  make: string;
  price?: number;
  approved?: boolean;
  active?: boolean;
}

/**
 * Inserts `count` parts of `sellerId` straight into the table (faster than the API for hundreds of rows), part
 * `i` created `i` minutes ago, so the first is the newest. Returns their ids, first to last.
 */
export async function insertParts(t: TestApp, sellerId: string, count: number, batch: PartBatch): Promise<string[]> {
  const rows = await t.sql<{ id: string }>(
    `insert into parts (title, description, price, category, make, condition, location, seller_id, images,
                        is_approved, is_active, created_at)
     select $3 || ' ' || i, $4, $5, $6, $7, 'used-good', 'Austin, TX', $1,
            json_build_array(json_build_object('url', 'https://img.example.com/part.jpg', 'altText', $3::text, 'isPrimary', true)),
            $8, $9, now() - make_interval(mins => i)
     from generate_series(1, $2::int) as i
     order by i
     returning id`,
    [sellerId, count, batch.title, batch.description, batch.price ?? 100, batch.category, batch.make, batch.approved ?? true, batch.active ?? true],
  );
  return rows.map((r) => r.id);
}
