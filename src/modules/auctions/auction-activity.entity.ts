import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ActivityData, ActivityType } from './auction.dto.js';

/**
 * One event of an auction's live feed (bid, outbid, extension, watcher, end), in `seq` (bigserial) order. Written
 * with its NOTIFY (auction-activity.repository.ts) or by auction_apply_bid with the bids.
 */
export const AuctionActivity = defineEntity({
  name: 'AuctionActivity',
  tableName: 'auction_activity',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    seq: p.bigint('string').autoincrement(),
    auctionId: p.uuid(),
    type: p.string().length(20).$type<ActivityType>(),
    data: p.json<ActivityData>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionActivity = InferEntity<typeof AuctionActivity>;
