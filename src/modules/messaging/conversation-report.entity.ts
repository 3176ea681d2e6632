import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A participant's report of a conversation, with their reason; it puts the conversation in the admins' review. */
export const ConversationReport = defineEntity({
  name: 'ConversationReport',
  tableName: 'conversation_reports',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    conversationId: p.uuid(),
    reporterId: p.uuid(),
    reason: p.string().length(1000),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ConversationReport = InferEntity<typeof ConversationReport>;
