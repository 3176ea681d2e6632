import { useAuth } from '../accounts/useAuth';
import { useUnreadCount } from './messaging.api';
import { useMessagesLive } from './useMessagesLive';

/**
 * The unread count beside Messages in the header, kept live: it also holds the page's one messages socket, so the
 * inbox and an open thread update without a reload on every page.
 */
export function MessagesBadge() {
  const { user } = useAuth();
  useMessagesLive(user !== null);
  const unread = useUnreadCount(user !== null);
  const count = unread.data?.count ?? 0;
  if (!user || count === 0) return null;
  return (
    <span data-testid="unread-badge" className="ml-1 inline-grid min-w-5 place-items-center rounded-full bg-racing px-1.5 text-xs leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread messages</span>
    </span>
  );
}
