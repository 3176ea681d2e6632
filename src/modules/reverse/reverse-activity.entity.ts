import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReverseActivityData, ReverseActivityType } from './reverse.dto.js';

/** One event of a request's live activity feed (quote, outquoted, watcher, end, award); `seq` orders the feed. */
export const ReverseActivity = defineEntity({
  name: 'ReverseActivity',
  tableName: 'reverse_auction_activity',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    seq: p.bigint('string').autoincrement(),
    reverseAuctionId: p.uuid(),
    type: p.string().length(20).$type<ReverseActivityType>(),
    data: p.json<ReverseActivityData>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReverseActivity = InferEntity<typeof ReverseActivity>;
