import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { RelatedItemType } from './messaging.dto.js';

/** The aggregations other modules ask of messaging (MessagingApi): reports over conversations and messages. */

/** Messages buyers sent about items of one type, per item (items without any are left out). */
export function buyerMessagesPerItem(em: SqlExecutor, type: RelatedItemType, ids: readonly string[]): Promise<{ id: string; n: number }[]> {
  return em.execute<{ id: string; n: number }[]>(
    `select c.related_item_id as id, count(*)::int as n
       from conversations c join messages m on m.conversation_id = c.id and m.sender_id = c.buyer_id
      where c.related_item_type = ? and c.related_item_id = any(?::uuid[])
      group by c.related_item_id`,
    [type, uuidArray(ids)],
  );
}

/** Per seller: conversations a buyer started, how many the seller answered, the median minutes to the first answer. */
export function sellerResponses(
  em: SqlExecutor,
  sellerUserIds: readonly string[],
): Promise<{ seller_id: string; conversations: number; answered: number; median: number | null }[]> {
  return em.execute(
    `select c.seller_id, count(*)::int as conversations, count(r.replied)::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from r.replied - q.asked) / 60)
              filter (where r.replied is not null) as median
       from conversations c
       cross join lateral (select min(m.created_at) as asked from messages m where m.conversation_id = c.id and m.sender_id = c.buyer_id) q
       left join lateral (
         select min(m.created_at) as replied from messages m
          where m.conversation_id = c.id and m.sender_id = c.seller_id and m.created_at >= q.asked
       ) r on true
      where c.seller_id = any(?::uuid[]) and q.asked is not null
      group by c.seller_id`,
    [uuidArray(sellerUserIds)],
  );
}
