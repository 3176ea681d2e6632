import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type RelistStatus = 'pending' | 'processed' | 'skipped';

/** The relist of an ended, unsold auction (one per original): pending until its time, then processed or skipped. */
export const AuctionRelist = defineEntity({
  name: 'AuctionRelist',
  tableName: 'auction_relists',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    originalId: p.uuid(),
    scheduledTime: p.datetime(),
    status: p.string().length(20).$type<RelistStatus>().default('pending'),
    newAuctionId: p.uuid().nullable(),
    processedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionRelist = InferEntity<typeof AuctionRelist>;
