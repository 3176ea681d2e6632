import { injectable } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { pushLive, type LiveHub } from '../../platform/live.js';
import type { MessageLiveDto } from './messaging.dto.js';

/** The live topic of one user's own messages: every open tab of theirs that sent `subscribe_messages`. */
export const userMessagesTopic = (userId: string) => `messages:${userId}`;

/** Live delivery of messages to their recipients' open tabs, through the one NOTIFY path (platform/live.ts). */
@injectable()
export class MessagingLive {
  /** Pushes `message` to `userId`'s tabs when the caller's transaction commits. */
  async push(em: SqlExecutor, userId: string, message: MessageLiveDto): Promise<void> {
    await pushLive(em, userMessagesTopic(userId), message);
  }

  /**
   * Registers `subscribe_messages` on a hub: a signed-in socket (the session cookie of its upgrade) joins its
   * user's own topic; anyone else gets an error, and no socket can name another user.
   */
  attach(hub: LiveHub): void {
    hub.on('subscribe_messages', (client) => {
      if (!client.userId) {
        client.send('error', { message: 'Please sign in to receive messages.' });
        return;
      }
      client.subscribe(userMessagesTopic(client.userId));
      // Not subscription_confirmed: that one answers an auction's subscription, and a page holds both sockets.
      client.send('messages_subscribed', {});
    });
  }
}
