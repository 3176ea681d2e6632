import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One in-app notice of a user's feed (spec 001 §9 `alert_notifications`): alert matches and price moves the garage
 * records, and the notices of other modules' events. `alertId`, `marketWatchId` and `relatedItemId` are plain ids
 * of other modules' rows; `dedupeKey` stores a notice once (unique where set); `sentAt` is set once it was mailed.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'alert_notifications',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    alertId: p.uuid().nullable(),
    marketWatchId: p.uuid().nullable(),
    notificationType: p.string().length(50),
    title: p.string().length(200),
    message: p.text(),
    relatedItemId: p.uuid().nullable(),
    relatedItemType: p.string().length(30).nullable(),
    link: p.string().length(500).nullable(),
    dedupeKey: p.string().length(200).nullable(),
    isRead: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
  },
});
export type Notification = InferEntity<typeof Notification>;
