import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { NotificationFeedService } from './notification-feed.service.js';
import { Notification } from './notification.entity.js';
import { NotificationLive } from './notification.live.js';
import { notificationRoutes } from './notification.routes.js';
import { NotificationService } from './notification.service.js';
import { NotificationsApi } from './notifications.api.js';
import { notificationDemo } from './notifications.demo.js';
import { notificationsSubscriptions, notificationsTasks } from './notifications.tasks.js';

/**
 * The notification centre (issue 20): every user's feed of in-app notices, made from other modules' events
 * (notices/<module>.ts) and from the garage's alert matches and price moves (NotificationsApi), delivered live.
 */
export const notificationsModule: PitlaneModule = {
  name: 'notifications',
  containerModule: new ContainerModule(({ bind }) => {
    bind(NotificationService).toSelf();
    bind(NotificationsApi).toService(NotificationService);
    bind(NotificationFeedService).toSelf();
    bind(NotificationLive).toSelf().inSingletonScope();
  }),
  entities: [Notification],
  routes: notificationRoutes,
  tasks: notificationsTasks,
  subscriptions: notificationsSubscriptions,
  live: (container, hub) => container.get(NotificationLive).attach(hub),
  // After the other modules' demos: its notices point at what they made.
  demo: notificationDemo,
};
