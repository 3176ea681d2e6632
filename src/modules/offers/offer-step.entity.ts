import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OfferStepDto } from './offer.dto.js';

/** One step of a negotiation (offer, counter, accept, decline, expire, open, cancel), for both sides' history. */
export const OfferStep = defineEntity({
  name: 'OfferStep',
  tableName: 'offer_steps',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    offerId: p.uuid(),
    actor: p.text().$type<OfferStepDto['actor']>(),
    action: p.text().$type<OfferStepDto['action']>(),
    amount: p.decimal('string').precision(10).scale(2).nullable(),
    message: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export type OfferStep = InferEntity<typeof OfferStep>;
