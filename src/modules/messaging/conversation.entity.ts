import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { RelatedItemType, ReviewStatus } from './messaging.dto.js';

/**
 * A conversation between a buyer and a seller about one item (a part, an auction or a wanted request: plain ids of
 * those modules), one per two people and item. `flaggedAt` and `reviewStatus` put it in the admins' review.
 */
export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    relatedItemType: p.text().$type<RelatedItemType>(),
    relatedItemId: p.uuid(),
    partId: p.uuid().nullable(),
    buyerId: p.uuid(),
    sellerId: p.uuid(),
    subject: p.string().length(200),
    isActive: p.boolean().default(true),
    flaggedAt: p.datetime().nullable(),
    reviewStatus: p.text().$type<ReviewStatus>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastMessageAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Conversation = InferEntity<typeof Conversation>;
