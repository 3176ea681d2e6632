import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';

/**
 * The queries of parts an entity manager cannot say well: other modules' reports and matching (aggregates over
 * the public catalog, one statement each), the photo claims inside the listings' JSON, and the sale's conditional
 * updates, whose `where` decides a race and whose `returning` saves the read after it. Everything else reads and
 * writes the Part entity. Each runs on the caller's entity manager (its transaction, when it is in one).
 */

/** A part's small-card facts: the primary photo (or the first) as stored. */
export interface PartCardRow {
  id: string;
  seller_id: string;
  title: string;
  image: { url: string; thumbnailUrl?: string } | null;
  price: string;
  is_active: boolean;
  is_approved: boolean;
  sold: boolean;
}

/** Card facts of the parts of `ids` (any state); unknown ids are left out. */
export function readPartCards(em: SqlExecutor, ids: readonly string[]): Promise<PartCardRow[]> {
  return em.execute<PartCardRow[]>(
    `select p.id, p.seller_id, p.title, p.price::text as price, p.is_active, p.is_approved, p.sold_at is not null as sold,
              coalesce((select i from jsonb_array_elements(p.images) i where (i->>'isPrimary')::boolean limit 1), p.images->0) as image
         from parts p where p.id = any(?::uuid[])`,
    [uuidArray(ids)],
  );
}

/** A public part with its watchers and the median price of its category and condition. */
export interface LiveListingRow {
  id: string;
  title: string;
  seller_id: string;
  category: string;
  category_name: string;
  condition: string;
  location: string;
  description: string;
  price: string;
  listed_at: Date;
  watchers: number;
  median: string;
}

/** Every public part (active, approved, not hidden by a suspension), newest first, with its analysis figures. */
export function readLiveListings(em: SqlExecutor): Promise<LiveListingRow[]> {
  return em.execute<LiveListingRow[]>(
    `with live as (
         select p.id, p.title, p.seller_id, p.category, p.condition, p.location, p.description, p.price,
                coalesce(p.approved_at, p.created_at) as listed_at
           from parts p where p.is_active and p.is_approved and p.hidden_by_suspension_at is null
       ), medians as (
         select category, condition, round(percentile_cont(0.5) within group (order by price)::numeric, 2) as median
           from live group by category, condition
       )
       select l.id, l.title, l.seller_id, l.category, c.name as category_name, l.condition, l.location, l.description,
              l.price::text as price, l.listed_at,
              (select count(*)::int from favorites f where f.part_id = l.id) as watchers, m.median::text as median
         from live l join categories c on c.slug = l.category
         join medians m on m.category = l.category and m.condition = l.condition
        order by l.listed_at desc, l.id`,
  );
}

/**
 * A page of the user ids of sellers with a public listing in the category or of the make (each matched by lower-cased
 * name or slug, null for none), ascending after `afterUserId`. The slugs first (small tables), so the parts are read
 * through their category and make columns.
 */
export async function sellersListingIds(
  em: SqlExecutor,
  category: string | null,
  make: string | null,
  afterUserId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await em.execute<{ seller_id: string }[]>(
    `with cats as (select slug from categories where lower(name) = ? or lower(slug) = ?),
            mks as (select slug from makes where lower(name) = ? or lower(slug) = ?)
       select distinct p.seller_id from parts p
        where p.is_active and p.is_approved and p.seller_id > ?::uuid
          and (p.category in (select slug from cats) or p.make in (select slug from mks))
        order by p.seller_id limit ?`,
    [category, category, make, make, afterUserId ?? '00000000-0000-0000-0000-000000000000', limit],
  );
  return rows.map((r) => r.seller_id);
}

/** Listings per seller: all ever created, the public ones, the public featured ones (sellers without any are left out). */
export function sellerPartCounts(em: SqlExecutor, sellerIds: readonly string[]): Promise<{ seller_id: string; listed: number; active: number; featured: number }[]> {
  return em.execute(
    `select seller_id,
              count(*)::int as listed,
              count(*) filter (where is_active and is_approved)::int as active,
              count(*) filter (where is_active and is_approved and is_featured)::int as featured
         from parts where seller_id = any(?::uuid[]) group by seller_id`,
    [uuidArray(sellerIds)],
  );
}

/** The distinct categories of each seller's public listings, by name. */
export function sellerPartCategories(em: SqlExecutor, sellerIds: readonly string[]): Promise<{ seller_id: string; slug: string; name: string }[]> {
  return em.execute(
    `select distinct p.seller_id, c.slug, c.name
         from parts p join categories c on c.slug = p.category
        where p.seller_id = any(?::uuid[]) and p.is_active and p.is_approved
        order by c.name`,
    [uuidArray(sellerIds)],
  );
}

/** Up to `limit` public parts whose title is like `pattern` (ilike), newest first, with the first photo's address. */
export function publicPartsTitled(em: SqlExecutor, pattern: string, limit: number): Promise<{ id: string; title: string; price: string; image_url: string | null }[]> {
  return em.execute(
    `select id, title, price::text as price, images -> 0 ->> 'url' as image_url from parts
        where is_active and is_approved and title ilike ? order by created_at desc, id limit ?`,
    [pattern, limit],
  );
}

/** Of the photo ids `ids`, the ones some part (any state) shows, found by `pattern` in the photos' addresses. */
export async function photoIdsShown(em: SqlExecutor, pattern: string, ids: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select distinct substring(image->>'url' from ?) as id
       from parts, jsonb_array_elements(images) as image
       where substring(image->>'url' from ?) = any(?::text[])`,
    [pattern, pattern, ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Marks the part sold by `orderId` (null: an auction win) at `now` (ISO), unless it is sold already: one statement,
 * so of two racing events one marks it. The part's id and seller, or undefined when it was sold or is unknown.
 */
export async function markPartSold(tx: SqlExecutor, partId: string, orderId: string | null, now: string): Promise<{ id: string; seller_id: string } | undefined> {
  const [row] = await tx.execute<{ id: string; seller_id: string }[]>(
    `update parts set sold_at = ?, sold_order_id = ?, is_active = false, updated_at = ? where id = ? and sold_at is null
         returning id, seller_id`,
    [now, orderId, now, partId],
  );
  return row;
}

/**
 * Puts the part sold by `orderId` back on sale at `now` (ISO): live, or hidden by the seller's suspension when
 * `suspended`; only while that order still sold it. The part's id and seller, or undefined when it did not.
 */
export async function putPartBackOnSale(
  tx: SqlExecutor,
  partId: string,
  orderId: string,
  suspended: boolean,
  now: string,
): Promise<{ id: string; seller_id: string } | undefined> {
  const [row] = await tx.execute<{ id: string; seller_id: string }[]>(
    `update parts set sold_at = null, sold_order_id = null, is_active = ?, hidden_by_suspension_at = ?, updated_at = ?
         where id = ? and sold_order_id = ? and sold_at is not null returning id, seller_id`,
    [!suspended, suspended ? now : null, now, partId, orderId],
  );
  return row;
}
