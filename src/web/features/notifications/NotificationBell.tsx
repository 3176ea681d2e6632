import { useState } from 'react';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import type { NotificationDto } from '../../../modules/notifications/notification.dto';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../accounts/useAuth';
import { badgeText, bellLabel, BELL_LIMIT, NOTIFICATION_TEXT, notificationHref } from './notifications';
import { NotificationRow } from './NotificationRow';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications, useNotificationsLive, useUnreadNotifications } from './notifications.api';

/**
 * The header's bell (issue 20): the unread count, kept live over the page's notifications socket, and a dropdown
 * of the latest ten; clicking one marks it read and opens its item. Renders nothing when signed out.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const signedIn = user !== null;
  useNotificationsLive(signedIn);
  const unread = useUnreadNotifications(signedIn);
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  const count = unread.data?.count ?? 0;
  const badge = badgeText(count);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(count)}
        data-testid="notification-bell"
        className="relative grid size-10 place-items-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <Bell aria-hidden className="size-5" />
        {badge && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute top-1 right-0.5 grid min-w-5 place-items-center rounded-full bg-racing px-1 text-[11px] leading-5 font-bold text-white"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 grid w-[min(24rem,calc(100vw-1rem))] rounded-md border border-line bg-surface text-ink shadow-lg"
        >
          {open && <NotificationList unread={count} close={() => setOpen(false)} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The dropdown's body, loaded when it opens. */
function NotificationList({ unread, close }: { unread: number; close: () => void }) {
  const notifications = useNotifications(BELL_LIMIT);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const now = Date.now();

  const failed = (error: unknown) =>
    toast({ title: NOTIFICATION_TEXT.markReadFailed, description: errorMessage(error, NOTIFICATION_TEXT.markReadFailed), variant: 'destructive' });

  const openOne = (n: NotificationDto) => {
    if (!n.isRead) markRead.mutate(n.id, { onError: failed });
    close();
    void navigate(notificationHref(n));
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <h2 className="text-sm font-bold">Notifications</h2>
        <button
          type="button"
          onClick={() => markAll.mutate(undefined, { onError: failed })}
          disabled={unread === 0 || markAll.isPending}
          className="rounded-sm px-2 py-1 text-xs font-semibold text-racing hover:bg-paper disabled:cursor-default disabled:text-muted disabled:hover:bg-transparent"
        >
          Mark all read
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
        {notifications.isPending ? (
          <p aria-busy="true" className="px-3 py-6 text-center text-sm text-muted">
            Loading notifications…
          </p>
        ) : notifications.isError ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-racing">
            Notifications could not be loaded.
          </p>
        ) : notifications.data.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted">{NOTIFICATION_TEXT.empty}</p>
        ) : (
          <ul aria-label="Latest notifications" className="grid divide-y divide-line">
            {notifications.data.map((n) => (
              <li key={n.id}>
                <NotificationRow n={n} now={now} onOpen={openOne} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line px-3 py-2 text-center">
        <Link to="/notifications" onClick={close} className="text-sm font-semibold text-racing hover:underline">
          View all
        </Link>
      </div>
    </>
  );
}
