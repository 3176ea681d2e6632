import { z } from 'zod';

/** Events the messaging module publishes. */
export const MESSAGING_EVENTS = {
  /** A message was sent (also the first one of a new conversation); `warnings` lists off-platform contact found. */
  messageSent: 'messaging.message.sent',
  /** A conversation was reported by one of its participants. */
  conversationReported: 'messaging.conversation.reported',
} as const;

export const messageSentPayload = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  senderId: z.uuid(),
  recipientId: z.uuid(),
  warnings: z.array(z.string()),
});
export type MessageSentPayload = z.infer<typeof messageSentPayload>;

export const conversationReportedPayload = z.object({
  conversationId: z.uuid(),
  reporterId: z.uuid(),
  reportId: z.uuid(),
});
export type ConversationReportedPayload = z.infer<typeof conversationReportedPayload>;
