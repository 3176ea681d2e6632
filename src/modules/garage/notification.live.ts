import { injectable } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { pushLive, type LiveHub } from '../../platform/live.js';
import type { NotificationLiveDto } from './notification.dto.js';

/** The live topic of one user's notifications: every open tab of theirs that sent `subscribe_notifications`. */
export const userNotificationsTopic = (userId: string) => `notifications:${userId}`;

/** Live delivery of notifications to their users' open tabs, through the one NOTIFY path (platform/live.ts). */
@injectable()
export class NotificationLive {
  /** Pushes `message` to `userId`'s tabs when the caller's transaction commits (and never if it rolls back). */
  async push(em: SqlExecutor, userId: string, message: NotificationLiveDto): Promise<void> {
    await pushLive(em, userNotificationsTopic(userId), message);
  }

  /** Registers `subscribe_notifications`: a signed-in socket joins its own user's topic, and no other. */
  attach(hub: LiveHub): void {
    hub.on('subscribe_notifications', (client) => {
      if (!client.userId) {
        client.send('error', { message: 'Please sign in to receive notifications.' });
        return;
      }
      client.subscribe(userNotificationsTopic(client.userId));
      client.send('notifications_subscribed', {});
    });
  }
}
