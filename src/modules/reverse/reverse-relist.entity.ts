import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The one relist of a request that ended without an award (auto-relist, or an admin's manual relist). */
export const ReverseRelist = defineEntity({
  name: 'ReverseRelist',
  tableName: 'reverse_relists',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    originalId: p.uuid(),
    scheduledTime: p.datetime(),
    status: p.string().length(20).$type<'pending' | 'processed' | 'skipped'>().default('pending'),
    newReverseAuctionId: p.uuid().nullable(),
    processedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReverseRelist = InferEntity<typeof ReverseRelist>;
