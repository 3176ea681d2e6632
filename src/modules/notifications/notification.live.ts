import { inject, injectable } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { LIVE_CHANNEL, LivePublisher, liveNotices, pushLive, type LiveHub } from '../../platform/live.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import type { NotificationDto, NotificationLiveDto } from './notification.dto.js';
import { Database } from '../../platform/db/database.js';

/** The live topic of one user's notifications: every open tab of theirs that sent `subscribe_notifications`. */
export const userNotificationsTopic = (userId: string) => `notifications:${userId}`;

/** Live delivery of notifications to their users' open tabs, through the one NOTIFY path (platform/live.ts). */
@injectable()
export class NotificationLive {
  /** Sends what committed transactions leave, gathered (one per process: the class is bound as a singleton). */
  private readonly publisher: LivePublisher;

  constructor(@inject(Database) db: Database, @inject(TOKENS.Logger) logger: Logger) {
    this.publisher = new LivePublisher(db, 'system', logger);
  }

  /** Pushes `message` to `userId`'s tabs when the caller's transaction commits (and never if it rolls back). */
  async push(em: SqlExecutor, userId: string, message: NotificationLiveDto): Promise<void> {
    await pushLive(em, userNotificationsTopic(userId), message);
  }

  /**
   * Pushes each of `notifications` to its user's tabs, for a caller whose transaction that stored them has
   * committed: no NOTIFY in that transaction, one gathered send after it (LivePublisher). Resolves once sent.
   */
  async pushCommitted(notifications: readonly NotificationDto[]): Promise<void> {
    if (!notifications.length) return;
    const byUser = new Map<string, NotificationLiveDto[]>();
    for (const notification of notifications) {
      const list = byUser.get(notification.userId) ?? [];
      list.push({ type: 'notification', notification });
      byUser.set(notification.userId, list);
    }
    const payloads = [...byUser].flatMap(([userId, messages]) => JSON.parse(liveNotices(userNotificationsTopic(userId), messages).payloads) as string[]);
    await this.publisher.publish({ channel: LIVE_CHANNEL, payloads: JSON.stringify(payloads) });
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
