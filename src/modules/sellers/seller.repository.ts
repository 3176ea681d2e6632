import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { SellerStatus } from './seller.entity.js';

/**
 * The sellers queries an entity manager cannot say well: the lock that serialises storefront slugs, the
 * applications per state (console figures), the approved sellers' storefronts in one join, the specialty matching of
 * the reverse auctions' fan-out, and the photos storefronts still show. Everything else reads and writes the
 * Seller and Storefront entities.
 */

/** Holds the choice of storefront slugs until the transaction ends, so two approvals cannot pick the same slug. */
export async function lockStorefrontSlugs(em: SqlExecutor): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('storefront-slugs'))`);
}

/** How many applications are in each state (states without any left out). */
export function sellerStatusCounts(em: SqlExecutor): Promise<{ status: SellerStatus; n: number }[]> {
  return em.execute<{ status: SellerStatus; n: number }[]>(`select status, count(*)::int as n from sellers group by status`);
}

/** The business name, storefront slug and display name of the approved sellers among `userIds`, in one statement. */
export function approvedStorefronts(
  em: SqlExecutor,
  userIds: readonly string[],
): Promise<{ user_id: string; business_name: string; slug: string | null; display_name: string | null }[]> {
  return em.execute<{ user_id: string; business_name: string; slug: string | null; display_name: string | null }[]>(
    `select s.user_id, s.business_name, f.slug, f.display_name from sellers s left join storefronts f on f.seller_id = s.id
        where s.user_id = any(?::uuid[]) and s.status = 'approved'`,
    [`{${userIds.join(',')}}`],
  );
}

/**
 * User ids of approved sellers whose specialties name any of `terms` (lower case), ordered by user id, after
 * `afterUserId`, at most `limit`.
 */
export async function sellersWithSpecialties(em: SqlExecutor, terms: readonly string[], afterUserId: string | null, limit: number): Promise<string[]> {
  const rows = await em.execute<{ user_id: string }[]>(
    `select user_id from sellers
       where status = 'approved' and user_id > ?::uuid
         and exists (select 1 from unnest(specialties) s where lower(s) in (select jsonb_array_elements_text(?::jsonb)))
       order by user_id limit ?`,
    [afterUserId ?? '00000000-0000-0000-0000-000000000000', JSON.stringify(terms), limit],
  );
  return rows.map((r) => r.user_id);
}

/** Those of the upload ids `idArray` (a text[] literal) a storefront shows as its logo or banner. */
export async function claimedStorefrontPhotos(em: SqlExecutor, idPattern: string, idArray: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select distinct substring(url from ?) as id
       from storefronts, unnest(array[logo, banner_image]) as url
       where substring(url from ?) = any(?::text[])`,
    [idPattern, idPattern, idArray],
  );
  return rows.map((r) => r.id);
}
