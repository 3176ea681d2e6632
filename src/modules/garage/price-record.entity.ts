import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PriceEventType } from './garage.dto.js';

/**
 * One point of `price_history`: a price event of a part, auction or request (plain ids), with the part's facts
 * for sold-price history. Written by price-history.repository.ts (once per `sourceKey` where set).
 */
export const PriceRecord = defineEntity({
  name: 'PriceRecord',
  tableName: 'price_history',
  properties: {
    id: p.bigint('string').primary().autoincrement().generated('identity'),
    partId: p.uuid().nullable(),
    auctionId: p.uuid().nullable(),
    reverseAuctionId: p.uuid().nullable(),
    /** part, auction, reverse_auction or order. */
    recordType: p.string().length(20),
    price: p.decimal('string').precision(10).scale(2),
    eventType: p.string().length(20).$type<PriceEventType>(),
    make: p.string().length(100).nullable(),
    model: p.string().length(100).nullable(),
    category: p.string().length(100).nullable(),
    condition: p.string().length(30).nullable(),
    partNumberNorm: p.string().length(100).nullable(),
    sourceKey: p.string().length(200).nullable(),
    recordedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PriceRecord = InferEntity<typeof PriceRecord>;
