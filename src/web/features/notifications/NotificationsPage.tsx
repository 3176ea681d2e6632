import { useState } from 'react';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { NotificationDto } from '../../../modules/notifications/notification.dto';
import { Button } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { NOTIFICATION_TEXT, NOTIFICATIONS_PAGE_SIZE, notificationHref } from './notifications';
import { NotificationRow } from './NotificationRow';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationsPage, useUnreadNotifications } from './notifications.api';

/**
 * /notifications, the bell's "View all": every notification of the signed-in user, newest first, a page at a time,
 * all or the unread only; clicking one marks it read and opens its item.
 */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationsPage(page, unreadOnly);
  const unread = useUnreadNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const now = Date.now();
  const unreadCount = unread.data?.count ?? 0;

  const failed = (error: unknown) =>
    toast({ title: NOTIFICATION_TEXT.markReadFailed, description: errorMessage(error, NOTIFICATION_TEXT.markReadFailed), variant: 'destructive' });
  const openOne = (n: NotificationDto) => {
    if (!n.isRead) markRead.mutate(n.id, { onError: failed });
    void navigate(notificationHref(n));
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));

  return (
    <PageContainer title="Notifications" className="grid max-w-3xl gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight md:text-3xl">
          <Bell aria-hidden className="size-6 text-racing" /> Notifications
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                setPage(1);
              }}
            />
            Unread only
          </label>
          <Button variant="outline" size="sm" disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate(undefined, { onError: failed })}>
            Mark all read
          </Button>
        </div>
      </header>
      {list.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading notifications">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-racing">
          Notifications could not be loaded.{' '}
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-md border border-line bg-surface p-6 text-center text-sm text-muted">{unreadOnly ? 'No unread notifications.' : NOTIFICATION_TEXT.empty}</p>
      ) : (
        <ul aria-label="All notifications" className="grid divide-y divide-line rounded-md border border-line bg-surface">
          {list.data.items.map((n) => (
            <li key={n.id}>
              <NotificationRow n={n} now={now} onOpen={openOne} />
            </li>
          ))}
        </ul>
      )}
      {total > NOTIFICATIONS_PAGE_SIZE && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </PageContainer>
  );
}
