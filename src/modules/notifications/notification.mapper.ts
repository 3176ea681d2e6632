import type { NotificationDto, NotificationItemType } from './notification.dto.js';
import type { Notification } from './notification.entity.js';

/** A notification as the API answers it. */
export const toNotificationDto = (n: Notification): NotificationDto => ({
  id: n.id,
  userId: n.userId,
  alertId: n.alertId ?? null,
  marketWatchId: n.marketWatchId ?? null,
  notificationType: n.notificationType,
  title: n.title,
  message: n.message,
  relatedItemId: n.relatedItemId ?? null,
  relatedItemType: (n.relatedItemType ?? null) as NotificationItemType | null,
  link: n.link ?? null,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
  sentAt: n.sentAt ? n.sentAt.toISOString() : null,
});
