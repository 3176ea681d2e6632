import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AuctionStatus } from './auction.dto.js';

/** Auction statuses in which an auction holds its part (at most one per part: `auctions_one_open_per_part`). */
export const OPEN_STATUSES = ['scheduled', 'active'] as const satisfies readonly AuctionStatus[];

/**
 * A forward auction of one part. `partId`, `sellerId`, `winnerId` and `closedBy` are ids of other modules' rows;
 * `relistedFrom` is the auction it relists. Money is numeric(10,2), read as decimal strings. The bid functions
 * (migrations/auctions-bid-functions.ts) update `currentBid`, `totalBids`, `endTime` and `currentExtensions`;
 * the columns from `isReserveMetPublic` to `requireApproval` (but `allowProxy`, `allowedBidders`) are stored and
 * not read.
 */
export const Auction = defineEntity({
  name: 'Auction',
  tableName: 'auctions',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    partId: p.uuid(),
    sellerId: p.uuid(),
    auctionType: p.string().length(20).$type<'standard' | 'reserve'>().default('standard'),
    title: p.string().length(200),
    description: p.text(),
    startingBid: p.decimal('string').precision(10).scale(2),
    reservePrice: p.decimal('string').precision(10).scale(2).nullable(),
    buyItNowPrice: p.decimal('string').precision(10).scale(2).nullable(),
    currentBid: p.decimal('string').precision(10).scale(2).default('0'),
    bidIncrement: p.decimal('string').precision(10).scale(2).default('10'),
    startTime: p.datetime(),
    endTime: p.datetime(),
    status: p.string().length(20).$type<AuctionStatus>().default('scheduled'),
    winnerId: p.uuid().nullable(),
    totalBids: p.integer().default(0),
    watchers: p.integer().default(0),
    isReserveMetPublic: p.boolean().default(false),
    autoExtendMinutes: p.integer().default(0),
    /** Seconds before the end in which a bid extends the auction. */
    autoExtendTrigger: p.integer().default(120),
    /** Seconds an extension adds. */
    autoExtendTime: p.integer().default(120),
    maxExtensions: p.integer().default(3),
    currentExtensions: p.integer().default(0),
    autoRelist: p.boolean().default(false),
    relistCount: p.integer().default(0),
    maxRelists: p.integer().default(3),
    /** Percent off the starting bid per relist, one decimal. */
    relistPriceReduction: p.decimal('number').precision(4).scale(1).default(0),
    /** Hours between the end and the relist. */
    relistDelay: p.integer().default(24),
    relistedFrom: p.uuid().nullable(),
    allowProxy: p.boolean().default(true),
    allowEarlyEnd: p.boolean().default(false),
    requireBidderVerification: p.boolean().default(false),
    minAccountAgeHours: p.integer().default(0),
    allowedCountries: p.array().default([]),
    blockedBidders: p.array().default([]),
    /** With the admin's `requireApproval`, the only users who may bid. */
    allowedBidders: p.array().columnType('uuid[]').default([]),
    requireApproval: p.boolean().default(false),
    shippingCost: p.decimal('string').precision(10).scale(2).nullable(),
    conditions: p.string().length(100).nullable(),
    location: p.string().length(200).nullable(),
    /** The IP address the seller scheduled it from (a bid from it is flagged). */
    sellerIp: p.string().length(64).nullable(),
    endedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
    /** The admin who ended it early or cancelled it, and why (mailed to the bidders and the seller). */
    closedBy: p.uuid().nullable(),
    closeReason: p.text().nullable(),
  },
});
export type Auction = InferEntity<typeof Auction>;
