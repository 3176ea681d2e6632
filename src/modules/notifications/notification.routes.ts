import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { notificationListQuery, notificationUserParams } from './notification.schemas.js';
import { NotificationFeedService } from './notification-feed.service.js';

/** The notification centre's API (issue 20): a user's feed, read marks and the unread count. */
export function notificationRoutes(container: Container): Router {
  const notifications = container.get(NotificationFeedService);
  const router = Router();

  // The fixed paths before `/notifications/:userId`.
  router.get(
    '/notifications/unread-count',
    requireSignIn,
    handle({}, async (_input, req) => notifications.unreadCount(await requireActor(req))),
  );
  router.put(
    '/notifications/read-all',
    requireSignIn,
    handle({}, async (_input, req) => notifications.markAllRead(await requireActor(req))),
  );
  router.get(
    '/notifications/:userId',
    requireSignIn,
    handle({ params: notificationUserParams, query: notificationListQuery }, async ({ params, query }, req, res) =>
      sendList(res, await notifications.list(await requireActor(req), params.userId, query)),
    ),
  );
  router.put(
    '/notifications/:id/read',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => notifications.markRead(await requireActor(req), params.id)),
  );
  return router;
}
