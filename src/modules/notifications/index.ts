export { notificationsModule } from './notifications.module.js';
export { NotificationsApi, type NotificationInput, type NotificationOnceInput } from './notifications.api.js';
export { NOTIFICATIONS_TASKS } from './notifications.tasks.js';
export type {
  NotificationCountDto,
  NotificationDto,
  NotificationItemType,
  NotificationLiveDto,
  NotificationsReadDto,
} from './notification.dto.js';
