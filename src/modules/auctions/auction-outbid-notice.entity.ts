import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A bidder to tell they were outbid by the bid with sequence number `bidSeq`. A bid batch's statement inserts it
 * (bid-batch.sql.ts, applyBatchStatement); the outbid sweep mails it and deletes it
 * (AuctionNotificationService.sweepOutbid).
 */
export const AuctionOutbidNotice = defineEntity({
  name: 'AuctionOutbidNotice',
  tableName: 'auction_outbid_notices',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    auctionId: p.uuid(),
    userId: p.uuid(),
    bidSeq: p.bigint('string'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionOutbidNotice = InferEntity<typeof AuctionOutbidNotice>;
