/** What a notification points at (its `relatedItemId`), for the bell to open it. */
export type NotificationItemType = 'part' | 'auction' | 'reverse_auction' | 'order' | 'seller' | 'conversation' | 'alert' | 'market_watch' | 'return' | 'offer';

/** One in-app notice of the notification centre (spec 001 §3 Notification, §9 `alert_notifications`). */
export interface NotificationDto {
  id: string;
  userId: string;
  alertId: string | null;
  marketWatchId: string | null;
  /** What happened: `alert_match`, `price_change`, `outbid`, `auction_won`, `order_paid` ... */
  notificationType: string;
  title: string;
  message: string;
  relatedItemId: string | null;
  relatedItemType: NotificationItemType | null;
  /** The app path that opens the item (`/parts/{id}`, `/orders/{id}` ...), or null. */
  link: string | null;
  isRead: boolean;
  createdAt: string;
  /** When the notice was also mailed, or null. */
  sentAt: string | null;
}

/** GET /api/notifications/unread-count */
export interface NotificationCountDto {
  count: number;
}

/** PUT /api/notifications/read-all: how many were marked read. */
export interface NotificationsReadDto {
  updated: number;
}

/** The live messages of a user's open tabs: a notification recorded for them, or some marked read in another tab. */
export type NotificationLiveDto = { type: 'notification'; notification: NotificationDto } | { type: 'notifications_read'; unreadCount: number };
