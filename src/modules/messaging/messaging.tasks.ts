import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { MAIL_UNREAD_TASK } from './conversation.service.js';
import { UnreadMailService } from './unread-mail.service.js';

const mailUnreadPayload = z.object({ conversationId: z.uuid(), recipientId: z.uuid() });

/** graphile-worker tasks of the messaging module. */
export const messagingTasks: TaskFactories = {
  /** Mails a recipient the conversation's messages unread for 10 minutes (keyed per conversation and recipient); idempotent. */
  [MAIL_UNREAD_TASK]: (container: Container) => async (payload) => {
    const { conversationId, recipientId } = parseOrThrow(mailUnreadPayload, payload);
    await container.get(UnreadMailService).mailUnread(conversationId, recipientId);
  },
};
