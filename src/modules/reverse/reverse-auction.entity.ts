import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReversePhotoDto, ShippingPreferenceDto } from './reverse.dto.js';
import type { ReverseStatus, Urgency } from './reverse.rules.js';

/**
 * A wanted-part request (a reverse auction): a buyer's budget, the sellers' lowest quote so far and the award.
 * `buyerId` and `winningBidderId` are user ids. Money is numeric(10,2) as decimal strings; `quotesNotifiedSeq` is
 * the last quote (by `seq`) the buyer was mailed about.
 */
export const ReverseAuction = defineEntity({
  name: 'ReverseAuction',
  tableName: 'reverse_auctions',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    buyerId: p.uuid(),
    title: p.string().length(200),
    description: p.text(),
    partCategory: p.string().length(100),
    make: p.string().length(100).nullable(),
    model: p.string().length(100).nullable(),
    yearStart: p.integer().nullable(),
    yearEnd: p.integer().nullable(),
    condition: p.string().length(100).nullable(),
    maxBudget: p.decimal('string').precision(10).scale(2),
    currentLowestBid: p.decimal('string').precision(10).scale(2).nullable(),
    minBidDecrement: p.decimal('string').precision(10).scale(2).default('10'),
    startTime: p.datetime(),
    endTime: p.datetime(),
    status: p.string().length(20).$type<ReverseStatus>().default('scheduled'),
    awardStatus: p.string().length(20).$type<'awarded' | 'unawarded'>().nullable(),
    winningBidderId: p.uuid().nullable(),
    winningBidId: p.uuid().nullable(),
    totalBids: p.integer().default(0),
    watchers: p.integer().default(0),
    location: p.string().length(200).nullable(),
    shippingPreference: p.string().length(20).$type<ShippingPreferenceDto>().default('both'),
    urgency: p.string().length(20).$type<Urgency>().default('normal'),
    images: p.json<ReversePhotoDto[]>().default('[]'),
    autoRelist: p.boolean().default(false),
    relistCount: p.integer().default(0),
    maxRelists: p.integer().default(3),
    /** Percent the budget rises by at each relist (one decimal). */
    relistBudgetIncrease: p.decimal('number').precision(4).scale(1).default(0),
    /** Hours between the unawarded close and the relist. */
    relistDelay: p.integer().default(24),
    relistedFrom: p.uuid().nullable(),
    /** Make the buyer a part alert like the request when it ends without an award (else the page offers one). */
    alertIfUnfilled: p.boolean().default(false),
    cancelReason: p.text().nullable(),
    endedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    quotesNotifiedSeq: p.bigint('string').default('0'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReverseAuction = InferEntity<typeof ReverseAuction>;
