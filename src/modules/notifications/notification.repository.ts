import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { NotificationDto, NotificationItemType } from './notification.dto.js';

/** A row of `alert_notifications` as the statements below answer it (timestamps as ISO text or Date). */
interface NotificationRow {
  id: string;
  user_id: string;
  alert_id: string | null;
  market_watch_id: string | null;
  notification_type: string;
  title: string;
  message: string;
  related_item_id: string | null;
  related_item_type: string | null;
  link: string | null;
  is_read: boolean;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const COLUMNS =
  'id, user_id, alert_id, market_watch_id, notification_type, title, message, related_item_id, related_item_type, link, is_read, created_at, sent_at';

const iso = (d: Date | string) => new Date(d).toISOString();

const toDto = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  userId: r.user_id,
  alertId: r.alert_id,
  marketWatchId: r.market_watch_id,
  notificationType: r.notification_type,
  title: r.title,
  message: r.message,
  relatedItemId: r.related_item_id,
  relatedItemType: r.related_item_type as NotificationItemType | null,
  link: r.link,
  isRead: r.is_read,
  createdAt: iso(r.created_at),
  sentAt: r.sent_at === null ? null : iso(r.sent_at),
});

/** One notice to store: the columns of alert_notifications, already cut to their lengths. */
export interface NoticeRecord {
  user_id: string;
  notification_type: string;
  title: string;
  message: string;
  link: string | null;
  related_item_id: string | null;
  related_item_type: string | null;
  alert_id: string | null;
  market_watch_id: string | null;
  /** Null stores the notice whatever was stored before. */
  dedupe_key: string | null;
}

/**
 * Stores `records` in one statement (INSERT ... SELECT FROM json_to_recordset ... ON CONFLICT DO NOTHING
 * RETURNING), in their order, created at `now`: a record whose key is already stored is skipped. Answers the
 * notices stored. One statement whatever the count: an alert match stores hundreds, an outbid sweep's event too.
 */
export async function insertNotices(em: SqlExecutor, now: Date, records: readonly NoticeRecord[]): Promise<NotificationDto[]> {
  if (!records.length) return [];
  const rows = await em.execute<NotificationRow[]>(
    `insert into alert_notifications
        (user_id, notification_type, title, message, link, related_item_id, related_item_type, alert_id, market_watch_id, dedupe_key, created_at)
      select r.user_id, r.notification_type, r.title, r.message, r.link, r.related_item_id, r.related_item_type, r.alert_id, r.market_watch_id, r.dedupe_key, ?::timestamptz
        from json_to_recordset(?::json) as r(n int, user_id uuid, notification_type text, title text, message text, link text,
             related_item_id uuid, related_item_type text, alert_id uuid, market_watch_id uuid, dedupe_key text)
       order by r.n
      on conflict (dedupe_key) where dedupe_key is not null do nothing
      returning ${COLUMNS}`,
    [now, JSON.stringify(records.map((r, n) => ({ n, ...r })))],
  );
  return rows.map(toDto);
}
