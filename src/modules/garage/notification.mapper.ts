import type { NotificationDto, NotificationItemType } from './notification.dto.js';

/** A row of `alert_notifications` as `select *` answers it. */
export interface NotificationRow {
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

/** The columns of NotificationRow, for `returning` and `select` lists. */
export const NOTIFICATION_COLUMNS =
  'id, user_id, alert_id, market_watch_id, notification_type, title, message, related_item_id, related_item_type, link, is_read, created_at, sent_at';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toNotificationDto = (r: NotificationRow): NotificationDto => ({
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
