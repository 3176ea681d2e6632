import type { EntityManager } from '@mikro-orm/postgresql';
import type { SellerOrderFigures } from '../sellers/index.js';

/** The returns module's queries that the entity manager cannot say well: a seller's figures and photo claims. */

/** A seller's delivered orders, buyers, repeat buyers and returns, in one statement (the sellers' reputation). */
export async function sellerFigures(em: EntityManager, sellerUserId: string): Promise<SellerOrderFigures> {
  const [row] = await em.execute<SellerOrderFigures[]>(
    `select (select count(*)::int from returns_delivered_orders where seller_id = ?) as "deliveredOrders",
            count(*)::int as buyers, count(*) filter (where n > 1)::int as "repeatBuyers",
            (select count(*)::int from returns where seller_id = ?) as returns
       from (select buyer_id, count(*) as n from returns_delivered_orders where seller_id = ? group by buyer_id) b`,
    [sellerUserId, sellerUserId, sellerUserId],
  );
  return row ?? { deliveredOrders: 0, buyers: 0, repeatBuyers: 0, returns: 0 };
}

/** The upload ids among `ids` (a text array literal) that a return's photos show. */
export async function claimedPhotoIds(em: EntityManager, idPattern: string, ids: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select distinct id from (
       select substring(photo->>'url' from ?) as id from returns, jsonb_array_elements(photos) as photo
     ) as used
     where id = any(?::text[])`,
    [idPattern, ids],
  );
  return rows.map((r) => r.id);
}
