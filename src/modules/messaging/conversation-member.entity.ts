import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One participant's side of a conversation: the other participant, their unread count, read mark and what was
 * mailed (`mailedThroughSeq`, a message `seq`). A user's inbox is an index range of these rows.
 */
export const ConversationMember = defineEntity({
  name: 'ConversationMember',
  tableName: 'conversation_members',
  properties: {
    conversationId: p.uuid().primary(),
    userId: p.uuid().primary(),
    otherUserId: p.uuid(),
    unreadCount: p.integer().default(0),
    lastMessageAt: p.datetime(),
    lastReadAt: p.datetime().nullable(),
    mailedThroughSeq: p.bigint('string').default('0'),
  },
});
export type ConversationMember = InferEntity<typeof ConversationMember>;
