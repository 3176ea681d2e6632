import type { NotificationDto } from '../../../modules/notifications/notification.dto';

/** The bell's dropdown holds the latest ten (issue 20). */
export const BELL_LIMIT = 10;
/** Rows per page of the full list (/notifications, the bell's "View all"). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_TEXT = {
  markReadFailed: 'Failed to mark notification as read',
  empty: 'No notifications yet.',
} as const;

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread} unread`;
}

/** The count on the bell: nothing at 0, "99+" above 99. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function relativeTime(createdAt: string, now: number): string {
  const then = new Date(createdAt).getTime();
  const minutes = Math.max(0, Math.floor((now - then) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(then).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Where clicking a notification goes: its link, else its item's page, else the full list of notifications. */
export function notificationHref(n: Pick<NotificationDto, 'link' | 'relatedItemType' | 'relatedItemId'>): string {
  if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
  const id = n.relatedItemId;
  if (id) {
    switch (n.relatedItemType) {
      case 'part':
        return `/parts/${id}`;
      case 'auction':
        return `/auctions/${id}`;
      case 'reverse_auction':
        return `/reverse-auctions/${id}`;
      case 'order':
        return `/account/orders/${id}`;
      default:
        break;
    }
  }
  return '/notifications';
}
