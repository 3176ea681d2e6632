import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { UnreadMailService } from './unread-mail.service.js';

/** The messaging module's graphile-worker tasks. */
export const MESSAGING_TASKS = {
  /** Mails a recipient about a conversation's unread messages (keyed: unreadMailKey). */
  mailUnread: 'messaging/mail-unread',
} as const;

/** The job key of a recipient's pending unread mail of one conversation: later messages join it. */
export const unreadMailKey = (conversationId: string, recipientId: string) => `messaging-unread:${conversationId}:${recipientId}`;

const mailUnreadPayload = z.object({ conversationId: z.uuid(), recipientId: z.uuid() });

/** graphile-worker tasks of the messaging module. */
export const messagingTasks: TaskFactories = {
  /** Mails a recipient the conversation's messages unread for 10 minutes (keyed per conversation and recipient); idempotent. */
  [MESSAGING_TASKS.mailUnread]: (container: Container) => async (payload) => {
    const { conversationId, recipientId } = parseOrThrow(mailUnreadPayload, payload);
    await container.get(UnreadMailService).mailUnread(conversationId, recipientId);
  },
};
