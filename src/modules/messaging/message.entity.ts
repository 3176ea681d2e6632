import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { MessageWarning } from './messaging.dto.js';

/**
 * A message of a conversation. `seq` (an identity column the database assigns) orders a thread and pages it;
 * `warnings` lists the off-platform contact found in it; `fitmentQuestionId` names the garage's fitment question a
 * note asks (another module's id).
 */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    seq: p.bigint('string').generated('identity'),
    conversationId: p.uuid(),
    senderId: p.uuid(),
    content: p.text(),
    isRead: p.boolean().default(false),
    warnings: p.array().$type<MessageWarning[]>().default([]),
    fitmentQuestionId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Message = InferEntity<typeof Message>;
