import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationCountDto, NotificationDto, NotificationLiveDto, NotificationsReadDto } from '../../../modules/notifications/notification.dto';
import { apiRequest, listQueryFn, type ListPage } from '../../lib/api';
import { readFrame } from '../../lib/liveSocket';
import { useLiveSocket } from '../../lib/useLiveSocket';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications';

/** The signed-in user's feed (`me`: the server never trusts a client's id); keys start with the API path. */
export const NOTIFICATIONS_PATH = '/api/notifications/me';
export const NOTIFICATIONS_KEY = [NOTIFICATIONS_PATH] as const;
export const UNREAD_NOTIFICATIONS_KEY = ['/api/notifications/unread-count'] as const;

/** The latest `limit` notifications of the signed-in user, newest first (the bell shows 10, the garage 5). */
export function useNotifications(limit: number, enabled = true) {
  return useQuery({
    queryKey: [NOTIFICATIONS_PATH, { limit }],
    queryFn: listQueryFn<NotificationDto>(),
    select: (page: ListPage<NotificationDto>) => page.items,
    enabled,
  });
}

/** One page of the full list (/notifications), newest first, with the total; `unreadOnly` keeps the unread. */
export function useNotificationsPage(page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: [NOTIFICATIONS_PATH, { limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE, ...(unreadOnly ? { unread: 'true' } : {}) }],
    queryFn: listQueryFn<NotificationDto>(),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/notifications/unread-count, only while signed in. */
export function useUnreadNotifications(enabled = true) {
  return useQuery<NotificationCountDto>({
    queryKey: UNREAD_NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => apiRequest<NotificationCountDto>(UNREAD_NOTIFICATIONS_KEY[0], { signal }),
    enabled,
  });
}

/** Every cached page of the feed and the count, fetched again (after a change or a reconnect). */
export function refreshNotifications(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
    client.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY }),
  ]);
}

/** Applies one read mark to every cached page of the feed and to the count at once. */
function markCachedRead(client: QueryClient, ids: 'all' | string) {
  let changed = 0;
  client.setQueriesData<ListPage<NotificationDto>>({ queryKey: NOTIFICATIONS_KEY }, (page) => {
    if (!page) return page;
    return {
      ...page,
      items: page.items.map((n) => {
        if (n.isRead || (ids !== 'all' && n.id !== ids)) return n;
        changed++;
        return { ...n, isRead: true };
      }),
    };
  });
  return changed;
}

/** PUT /api/notifications/{id}/read: the item shows read and the count drops at once. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<NotificationDto>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' }),
    onSuccess: (notification) => {
      markCachedRead(client, notification.id);
      void client.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
    },
  });
}

/** PUT /api/notifications/read-all */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<NotificationsReadDto>('/api/notifications/read-all', { method: 'PUT' }),
    onSuccess: () => {
      markCachedRead(client, 'all');
      client.setQueryData<NotificationCountDto>(UNREAD_NOTIFICATIONS_KEY, { count: 0 });
    },
  });
}

/**
 * Keeps one socket open while signed in, subscribed to the user's notifications: a new one bumps the count and
 * reloads the feeds on screen, read marks from another tab set the count; a reconnect reloads them too (pushes
 * sent while away are not replayed).
 */
export function useNotificationsLive(signedIn: boolean): void {
  const client = useQueryClient();
  useLiveSocket(signedIn ? 'notifications' : null, {
    onOpen: (send, reopened) => {
      send({ type: 'subscribe_notifications' });
      if (reopened) void refreshNotifications(client);
    },
    onMessage: (raw) => {
      const data = readFrame(raw) as NotificationLiveDto | null;
      if (data?.type === 'notification') {
        client.setQueryData<NotificationCountDto>(UNREAD_NOTIFICATIONS_KEY, (old) => (old ? { count: old.count + 1 } : old));
        if (client.getQueryData(UNREAD_NOTIFICATIONS_KEY) === undefined) void client.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
        void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      } else if (data?.type === 'notifications_read') {
        // Read in another tab (or this one: the same facts again).
        client.setQueryData<NotificationCountDto>(UNREAD_NOTIFICATIONS_KEY, { count: data.unreadCount });
        if (data.unreadCount === 0) markCachedRead(client, 'all');
        else void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      }
    },
  });
}
