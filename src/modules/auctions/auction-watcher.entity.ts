import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A user watching an auction (unique per auction and user; `auctions.watchers` counts them) or a reverse auction. */
export const AuctionWatcher = defineEntity({
  name: 'AuctionWatcher',
  tableName: 'auction_watchers',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Exactly one of `auctionId` and `reverseAuctionId` is set: the reverse module keeps its rows here too. */
    auctionId: p.uuid().nullable(),
    reverseAuctionId: p.uuid().nullable(),
    userId: p.uuid(),
    notificationPreferences: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionWatcher = InferEntity<typeof AuctionWatcher>;
