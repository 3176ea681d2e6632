import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type BidType = 'regular' | 'proxy' | 'buy_it_now';

/**
 * One recorded bid (proxy answers and Buy It Now included). `seq` (bigserial) orders an auction's bids; the bid
 * functions (migrations/auctions-bid-functions.ts) write the rows of bids and flag the one winning row.
 * `bidderId` is a user id.
 */
export const Bid = defineEntity({
  name: 'Bid',
  tableName: 'bids',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    seq: p.bigint('string').autoincrement(),
    auctionId: p.uuid(),
    bidderId: p.uuid(),
    bidAmount: p.decimal('string').precision(10).scale(2),
    bidType: p.string().length(20).$type<BidType>().default('regular'),
    maxBidAmount: p.decimal('string').precision(10).scale(2).nullable(),
    isWinning: p.boolean().default(false),
    isOutbid: p.boolean().default(false),
    notes: p.text().nullable(),
    bidderIp: p.string().length(64).nullable(),
    bidderCountry: p.string().length(100).nullable(),
    userAgent: p.string().length(500).nullable(),
    /** Set when a bidding pattern was flagged on this bid. */
    suspiciousFlag: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Bid = InferEntity<typeof Bid>;
