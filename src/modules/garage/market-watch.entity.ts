import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PriceDirection, WatchType } from './garage.dto.js';

/**
 * An item whose price a user follows (`market_watch`): exactly one of the part, auction and request ids (plain ids
 * of those modules), one active watch per user and item. Prices are numeric(10,2); the threshold is in percent.
 */
export const MarketWatch = defineEntity({
  name: 'MarketWatch',
  tableName: 'market_watch',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    watchType: p.string().length(20).$type<WatchType>().default('part'),
    partId: p.uuid().nullable(),
    auctionId: p.uuid().nullable(),
    reverseAuctionId: p.uuid().nullable(),
    /** The item's title when the watch was made. */
    title: p.string().length(200).nullable(),
    currentPrice: p.decimal('string').precision(10).scale(2).nullable(),
    originalPrice: p.decimal('string').precision(10).scale(2).nullable(),
    priceChangePercent: p.decimal('string').precision(8).scale(2).default('0'),
    priceDirection: p.string().length(10).$type<PriceDirection>().default('stable'),
    lastPriceCheck: p.datetime().nullable(),
    priceAlertThreshold: p.decimal('string').precision(5).scale(2).nullable(),
    /** The price of the last threshold notice: the base of the next. */
    lastNotifiedPrice: p.decimal('string').precision(10).scale(2).nullable(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type MarketWatch = InferEntity<typeof MarketWatch>;
