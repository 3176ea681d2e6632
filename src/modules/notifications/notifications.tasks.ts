import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import type { TaskFactories } from '../../platform/module.js';
import { NotificationService } from './notification.service.js';
import { NOTIFIED_EVENTS, noticesOf } from './notices/notices.js';

/** The notification centre's graphile-worker tasks. */
export const NOTIFICATIONS_TASKS = {
  /** Turns another module's event into notices (one job per event, see EventBus). */
  notifyEvent: 'notifications/notify-event',
} as const;

/** The task's name before the centre left the garage: jobs queued under it before an upgrade still run. */
const LEGACY_NOTIFY_EVENT_TASK = 'garage/notify-event';

const envelope = z.object({ event: z.string(), payload: z.unknown() });

/**
 * Records the notices of one event (payload {event, payload}); idempotent: each is stored once per job and
 * recipient, so a retried job notifies nobody twice. All of them go in one statement (an auction's outbid sweep
 * carries hundreds), and reach their users' open tabs after the commit in one gathered send, with no NOTIFY inside
 * the transaction (never on a rollback; a rerun stores and pushes nothing).
 */
const notifyEvent: TaskFactories[string] = (container) => async (payload, helpers) => {
  const { event, payload: raw } = parseOrThrow(envelope, payload);
  const notices = await noticesOf(container, event, raw);
  if (!notices.length) return;
  const service = container.get(NotificationService);
  await service.deliver(await service.recordEvent(notices, String(helpers.job.id)));
};

/** The notification centre's tasks. */
export const notificationsTasks: TaskFactories = {
  [NOTIFICATIONS_TASKS.notifyEvent]: notifyEvent,
  [LEGACY_NOTIFY_EVENT_TASK]: notifyEvent,
};

/** Every notified event goes to the notify-event task. */
export const notificationsSubscriptions: Record<string, string[]> = Object.fromEntries(
  NOTIFIED_EVENTS.map((name) => [name, [NOTIFICATIONS_TASKS.notifyEvent]]),
);
