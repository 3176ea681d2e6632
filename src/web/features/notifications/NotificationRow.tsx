import type { NotificationDto } from '../../../modules/notifications/notification.dto';
import { cn } from '../../lib/cn';
import { relativeTime } from './notifications';

/**
 * One notification as a button that opens it: the unread dot, the title (bold while unread), the message and when
 * it came. `compact` is the bell's popover (tighter, the message cut at two lines); the full list shows it whole.
 */
export function NotificationRow({ n, now, onOpen, compact = false }: { n: NotificationDto; now: number; onOpen: (n: NotificationDto) => void; compact?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      data-testid={compact ? 'notification-item' : 'notification-row'}
      className={cn(
        'flex w-full text-left hover:bg-paper focus-visible:bg-paper focus-visible:outline-none',
        compact ? 'gap-2 px-3 py-2.5' : 'gap-3 px-4 py-3',
        !n.isRead && 'bg-racing-soft/40',
      )}
    >
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : 'bg-racing')} />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn('text-sm', n.isRead ? 'font-medium' : 'font-semibold')}>
          {n.title}
          {!n.isRead && <span className="sr-only"> (unread)</span>}
        </span>
        <span className={compact ? 'line-clamp-2 text-xs text-muted' : 'text-sm text-muted'}>{n.message}</span>
        <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()} className="text-xs text-muted">
          {relativeTime(n.createdAt, now)}
        </time>
      </span>
    </button>
  );
}
