import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReversePhotoDto } from './reverse.dto.js';

/**
 * A seller's quote on a wanted-part request (table reverse_auction_bids). `seq` orders quotes of equal amounts
 * (the database numbers them); `sellerId` is a user id. The quote path writes it with SQL (quote.repository.ts).
 */
export const ReverseQuote = defineEntity({
  name: 'ReverseQuote',
  tableName: 'reverse_auction_bids',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    seq: p.bigint('string').autoincrement(),
    reverseAuctionId: p.uuid(),
    sellerId: p.uuid(),
    bidAmount: p.decimal('string').precision(10).scale(2),
    partCondition: p.string().length(100).nullable(),
    partLocation: p.string().length(200).nullable(),
    estimatedShipping: p.decimal('string').precision(10).scale(2).nullable(),
    /** YYYY-MM-DD. */
    availabilityDate: p.date().nullable(),
    notes: p.text().nullable(),
    images: p.json<ReversePhotoDto[]>().default('[]'),
    isWinning: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReverseQuote = InferEntity<typeof ReverseQuote>;
