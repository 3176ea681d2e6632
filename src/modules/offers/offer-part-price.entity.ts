import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A seller's automatic answers to offers on one part (never shown to buyers). */
export const OfferPartPrice = defineEntity({
  name: 'OfferPartPrice',
  tableName: 'offer_part_prices',
  properties: {
    partId: p.uuid().primary(),
    sellerId: p.uuid(),
    /** An offer at or above it is accepted at once. */
    autoAccept: p.decimal('string').precision(10).scale(2).nullable(),
    /** An offer below it is declined at once. */
    autoDecline: p.decimal('string').precision(10).scale(2).nullable(),
    updatedAt: p.datetime(),
  },
});
export type OfferPartPrice = InferEntity<typeof OfferPartPrice>;
