import { inject, injectable } from 'inversify';

import { uuidArray } from '../../platform/db/uuid.js';
import type { RelatedItemType } from './messaging.dto.js';
import { Database } from '../../platform/db/database.js';

/** How quickly a seller answers buyers: conversations a buyer started, how many the seller answered, the median wait. */
export interface SellerResponseFigures {
  conversations: number;
  answered: number;
  /** The median minutes from a buyer's first message to the seller's first answer; null when none was answered. */
  medianMinutes: number | null;
}

/** What other modules may ask of messaging. */
export abstract class MessagingApi {
  /** Messages buyers sent about each item, keyed `${type}:${id}` (items without any are left out). */
  abstract messagesReceived(items: readonly { type: RelatedItemType; id: string }[]): Promise<Map<string, number>>;
  /** Response figures per seller user id (every id given gets an entry). */
  abstract sellerResponseTimes(sellerUserIds: readonly string[]): Promise<Map<string, SellerResponseFigures>>;
}

@injectable()
export class MessagingApiImpl extends MessagingApi {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async messagesReceived(items: readonly { type: RelatedItemType; id: string }[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    const byType = new Map<RelatedItemType, string[]>();
    for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item.id]);
    for (const [type, ids] of byType) {
      const rows = await this.db.em.execute<{ id: string; n: number }[]>(
        `select c.related_item_id as id, count(*)::int as n
           from conversations c join messages m on m.conversation_id = c.id and m.sender_id = c.buyer_id
          where c.related_item_type = ? and c.related_item_id = any(?::uuid[])
          group by c.related_item_id`,
        [type, uuidArray(ids)],
      );
      for (const r of rows) result.set(`${type}:${r.id}`, r.n);
    }
    return result;
  }

  async sellerResponseTimes(sellerUserIds: readonly string[]): Promise<Map<string, SellerResponseFigures>> {
    const result = new Map<string, SellerResponseFigures>(sellerUserIds.map((id) => [id, { conversations: 0, answered: 0, medianMinutes: null }]));
    if (!sellerUserIds.length) return result;
    const rows = await this.db.em.execute<{ seller_id: string; conversations: number; answered: number; median: number | null }[]>(
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
    for (const r of rows) {
      result.set(r.seller_id, { conversations: r.conversations, answered: r.answered, medianMinutes: r.median === null ? null : Math.round(Number(r.median)) });
    }
    return result;
  }
}
