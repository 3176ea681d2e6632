import type { Message } from './message.entity.js';
import type { MessageDto } from './messaging.dto.js';

/** A message as the API answers it. */
export const toMessageDto = (m: Message): MessageDto => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  isRead: m.isRead,
  warnings: m.warnings ?? [],
  createdAt: m.createdAt.toISOString(),
  fitmentQuestionId: m.fitmentQuestionId ?? null,
});
