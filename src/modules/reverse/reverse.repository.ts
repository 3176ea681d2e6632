import { raw, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { containsPattern } from '../../platform/db/like.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { ReverseStatsDto } from './reverse.dto.js';
import { ReverseAuction } from './reverse-auction.entity.js';
import type { ReverseStatus, Urgency } from './reverse.rules.js';

/**
 * The reverse module's queries that the entity manager cannot say well: the request lists (a case-insensitive
 * category on its expression index, the priority sort), the list page's tiles, and the watchers and
 * notifications the module keeps in the auctions' tables (auction_watchers, auction_notifications: a
 * reverse_auction_id column), with the reminders swept from them.
 */

/** The public list's sorts. */
export type RequestSort = 'endTime' | 'maxBudget' | 'totalBids' | 'priority' | 'createdAt';

const SORTS: Record<RequestSort, QueryOrderMap<ReverseAuction>[]> = {
  endTime: [{ endTime: 'asc' }, { id: 'asc' }],
  maxBudget: [{ maxBudget: 'desc' }, { endTime: 'asc' }, { id: 'asc' }],
  totalBids: [{ totalBids: 'desc' }, { endTime: 'asc' }, { id: 'asc' }],
  priority: [{ [raw(`(case urgency when 'high' then 3 when 'normal' then 2 else 1 end)`)]: 'desc' }, { endTime: 'asc' }, { id: 'asc' }],
  createdAt: [{ createdAt: 'desc' }, { id: 'asc' }],
};

/** Which requests a list shows. */
export interface RequestFilter {
  ids?: string[];
  /** Any of these statuses; none given: every status but cancelled (`withCancelled` for all). */
  statuses?: ReverseStatus[];
  withCancelled?: boolean;
  /** The category, ignoring case. */
  category?: string;
  /** Text in the title or the description. */
  q?: string;
  buyerId?: string;
  urgency?: Urgency;
  /** Ending after the first moment, at or before the second. */
  endsBetween?: [Date, Date];
}

/** A page of requests (sorted by a public sort, or by console columns then the id) and the count of all that match. */
export async function findRequests(
  em: EntityManager,
  filter: RequestFilter,
  order: RequestSort | QueryOrderMap<ReverseAuction>,
  page: { limit: number; offset: number },
): Promise<[ReverseAuction[], number]> {
  const qb = em.createQueryBuilder(ReverseAuction);
  if (filter.ids) qb.andWhere({ id: { $in: filter.ids } });
  if (filter.statuses?.length) qb.andWhere({ status: { $in: filter.statuses } });
  else if (!filter.withCancelled) qb.andWhere({ status: { $ne: 'cancelled' } });
  if (filter.category) qb.andWhere('lower(part_category) = lower(?)', [filter.category]);
  if (filter.q) qb.andWhere({ $or: [{ title: { $ilike: containsPattern(filter.q) } }, { description: { $ilike: containsPattern(filter.q) } }] });
  if (filter.buyerId) qb.andWhere({ buyerId: filter.buyerId });
  if (filter.urgency) qb.andWhere({ urgency: filter.urgency });
  if (filter.endsBetween) qb.andWhere({ endTime: { $gt: filter.endsBetween[0], $lte: filter.endsBetween[1] } });
  qb.orderBy(typeof order === 'string' ? SORTS[order] : [order, { id: 'asc' }]);
  qb.limit(page.limit).offset(page.offset);
  return qb.getResultAndCount();
}

/** The four tiles of the list page. */
export async function requestStats(em: EntityManager): Promise<ReverseStatsDto> {
  const [row] = await em.execute<{ active: number; high: number; budget: string; bids: number }[]>(
    `select (count(*) filter (where status = 'active'))::int as active,
            (count(*) filter (where status = 'active' and urgency = 'high'))::int as high,
            coalesce(sum(max_budget) filter (where status = 'active'), 0)::numeric(14,2)::text as budget,
            coalesce(sum(total_bids), 0)::int as bids
     from reverse_auctions where status <> 'cancelled'`,
  );
  return { activeRequests: row!.active, highPriority: row!.high, totalBudget: row!.budget, totalBids: row!.bids };
}

/** Which of the requests `ids` the user watches. */
export async function watchedAmong(em: EntityManager, userId: string, ids: string[]): Promise<Set<string>> {
  const rows = await em.execute<{ reverse_auction_id: string }[]>(
    'select reverse_auction_id from auction_watchers where user_id = ? and reverse_auction_id = any(?::uuid[])',
    [userId, uuidArray(ids)],
  );
  return new Set(rows.map((r) => r.reverse_auction_id));
}

/** Makes the user a watcher of the request; answers whether they were not one already. */
export async function addWatcher(em: EntityManager, id: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into auction_watchers (reverse_auction_id, user_id, created_at) values (?, ?, ?)
     on conflict (reverse_auction_id, user_id) where reverse_auction_id is not null do nothing returning id`,
    [id, userId, at.toISOString()],
  );
  return inserted.length > 0;
}

/** Stops the user watching the request; answers whether they were one. */
export async function removeWatcher(em: EntityManager, id: string, userId: string): Promise<boolean> {
  const deleted = await em.execute<{ id: string }[]>('delete from auction_watchers where reverse_auction_id = ? and user_id = ? returning id', [id, userId]);
  return deleted.length > 0;
}

/**
 * Recounts the request's watchers from the table (under the request's row lock, taken first, so the statement
 * sees every committed watcher: the count always equals the table); answers the count.
 */
export async function recountWatchers(em: EntityManager, id: string): Promise<number> {
  const [row] = await em.execute<{ watchers: number }[]>(
    `update reverse_auctions set watchers = (select count(*) from auction_watchers where reverse_auction_id = ?)
     where id = ? returning watchers`,
    [id, id],
  );
  return row!.watchers;
}

/** The upload ids among `ids` (a text array literal) that a quote or a request shows. */
export async function claimedPhotoIds(em: EntityManager, idPattern: string, ids: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select distinct id from (
       select substring(image->>'url' from ?) as id from reverse_auction_bids, jsonb_array_elements(images) as image
       union all
       select substring(image->>'url' from ?) as id from reverse_auctions, jsonb_array_elements(images) as image
     ) as used
     where id = any(?::text[])`,
    [idPattern, idPattern, ids],
  );
  return rows.map((r) => r.id);
}

/** One notice to a user about a request. */
export interface NoticeRow {
  userId: string;
  type: string;
  title: string;
  message: string;
}

/**
 * Stores the notices of request `id` as sent at `at`, each once per user and type (auction_notifications'
 * unique key); answers the `userId:type` of those that were new.
 */
export async function insertNotices(em: EntityManager, id: string, at: Date, items: NoticeRow[]): Promise<Set<string>> {
  const inserted = await em.execute<{ user_id: string; notification_type: string }[]>(
    `insert into auction_notifications (reverse_auction_id, user_id, notification_type, scheduled_for, title, message, status, sent_at)
     select ?, n."userId", n.type, ?, n.title, n.message, 'sent', ?
       from json_to_recordset(?::json) as n("userId" uuid, type text, title text, message text)
     on conflict (reverse_auction_id, user_id, notification_type) where reverse_auction_id is not null do nothing
     returning user_id, notification_type`,
    [id, at.toISOString(), at.toISOString(), JSON.stringify(items.map(({ userId, type, title, message }) => ({ userId, type, title, message })))],
  );
  return new Set(inserted.map((r) => `${r.user_id}:${r.notification_type}`));
}

/** When the buyer was last mailed about new quotes on the request, or null. */
export async function lastNewQuotesMail(em: EntityManager, id: string, buyerId: string): Promise<Date | null> {
  const [last] = await em.execute<{ sent_at: string | null }[]>(
    `select max(sent_at) as sent_at from auction_notifications
     where reverse_auction_id = ? and user_id = ? and notification_type like 'new-quotes-%'`,
    [id, buyerId],
  );
  return last?.sent_at ? new Date(last.sent_at) : null;
}

/** The quotes after `seq`: how many, the last one's seq and the lowest amount. */
export async function quotesAfter(em: EntityManager, id: string, seq: string): Promise<{ n: number; top: string | null; low: string | null }> {
  const [fresh] = await em.execute<{ n: number; top: string | null; low: string | null }[]>(
    `select count(*)::int as n, max(seq)::text as top, min(bid_amount)::text as low
     from reverse_auction_bids where reverse_auction_id = ? and seq > ?::bigint`,
    [id, seq],
  );
  return fresh ?? { n: 0, top: null, low: null };
}

/** One reminder due: an active request ending within the window, and a watcher or quoting seller not yet told. */
export interface DueReminder {
  id: string;
  title: string;
  user_id: string;
  end_time: string;
}

/** The reminders of `type` due now: requests ending in (`from`, `to`] and after `after`, for users not yet told. */
export function dueReminders(em: EntityManager, type: string, window: { from: Date; to: Date; after: Date }): Promise<DueReminder[]> {
  return em.execute<DueReminder[]>(
    `select r.id, r.title, r.end_time, u.user_id from reverse_auctions r
     join (select reverse_auction_id, user_id from auction_watchers where reverse_auction_id is not null
           union select reverse_auction_id, seller_id from reverse_auction_bids) u on u.reverse_auction_id = r.id
     where r.status = 'active' and r.end_time > ? and r.end_time <= ? and r.end_time > ?
       and not exists (select 1 from auction_notifications n
                       where n.reverse_auction_id = r.id and n.user_id = u.user_id and n.notification_type = ?)`,
    [window.from.toISOString(), window.to.toISOString(), window.after.toISOString(), type],
  );
}
