import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/** The auction_notifications SQL: notices stored in bulk once each, and the reminders that are due. */

/** A notice to store: unique per auction, user and type. */
export interface NoticeRow {
  auctionId: string;
  userId: string;
  type: string;
  title: string;
  message: string;
}

/**
 * Stores `notices` as sent at `now`, in one statement, skipping those already stored (same auction, user and
 * type); returns the keys (`auctionId:userId:type`) of the new ones.
 */
export async function insertNotices(em: SqlExecutor, notices: readonly NoticeRow[], now: Date): Promise<Set<string>> {
  const at = now.toISOString();
  const inserted = await em.execute<{ auction_id: string; user_id: string; notification_type: string }[]>(
    `insert into auction_notifications (auction_id, user_id, notification_type, scheduled_for, title, message, status, sent_at)
     select n."auctionId", n."userId", n.type, ?, n.title, n.message, 'sent', ?
       from json_to_recordset(?::json) as n("auctionId" uuid, "userId" uuid, type text, title text, message text)
     on conflict (auction_id, user_id, notification_type) do nothing returning auction_id, user_id, notification_type`,
    [at, at, JSON.stringify(notices.map(({ auctionId, userId, type, title, message }) => ({ auctionId, userId, type, title, message })))],
  );
  return new Set(inserted.map((r) => `${r.auction_id}:${r.user_id}:${r.notification_type}`));
}

/** One reminder due: the auction, its moment (start or end) and a user to remind. */
export interface DueReminder {
  id: string;
  title: string;
  moment: Date | string;
  user_id: string;
}

/**
 * The reminders of `type` due at `now`: auctions in `status` whose `at` (start or end) is more than `within` ms
 * and at most `before` ms away, with each watcher (and, before the end, each bidder) not yet reminded.
 */
export async function dueReminders(
  em: SqlExecutor,
  reminder: { type: string; at: 'start' | 'end'; before: number; within: number },
  now: Date,
): Promise<DueReminder[]> {
  const column = reminder.at === 'start' ? 'start_time' : 'end_time';
  const status = reminder.at === 'start' ? 'scheduled' : 'active';
  const t = now.getTime();
  return em.execute<DueReminder[]>(
    `select a.id, a.title, a.${column} as moment, u.user_id from auctions a
     join (select auction_id, user_id from auction_watchers
           ${reminder.at === 'end' ? 'union select auction_id, bidder_id from bids' : ''}) u on u.auction_id = a.id
     where a.status = ? and a.${column} > ? and a.${column} <= ? and a.${column} > ?
       and not exists (select 1 from auction_notifications n
                       where n.auction_id = a.id and n.user_id = u.user_id and n.notification_type = ?)`,
    [status, new Date(t).toISOString(), new Date(t + reminder.before).toISOString(), new Date(t + reminder.within).toISOString(), reminder.type],
  );
}
