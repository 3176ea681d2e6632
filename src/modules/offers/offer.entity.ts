import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OfferCancelReason, OfferKind, OfferSide, OfferStatus } from './offer.dto.js';

export const OFFER_KINDS = ['offer', 'reserve_offer', 'second_chance'] as const satisfies readonly OfferKind[];
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'cancelled'] as const satisfies readonly OfferStatus[];

/**
 * One negotiation between a buyer and a seller about one part: Make an Offer, a reserve-not-met window or a
 * Second Chance offer. `amount` is the amount on the table (null while a reserve window has no proposal yet),
 * `turn` the side that may answer it; `partId`, `auctionId` and `orderId` are other modules' ids. Money is
 * numeric(10,2) as decimal strings.
 */
export const Offer = defineEntity({
  name: 'Offer',
  tableName: 'offers',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    kind: p.enum(OFFER_KINDS).default('offer'),
    partId: p.uuid(),
    sellerId: p.uuid(),
    buyerId: p.uuid(),
    auctionId: p.uuid().nullable(),
    status: p.enum(OFFER_STATUSES).default('open'),
    amount: p.decimal('string').precision(10).scale(2).nullable(),
    /** The lowest amount the seller may propose in a reserve-not-met window (the high bid). */
    floorAmount: p.decimal('string').precision(10).scale(2).nullable(),
    turn: p.text().$type<OfferSide | 'either'>(),
    rounds: p.integer().default(1),
    message: p.text().nullable(),
    declineReason: p.text().nullable(),
    orderId: p.uuid().nullable(),
    cancelReason: p.text().$type<OfferCancelReason>().nullable(),
    expiresAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Offer = InferEntity<typeof Offer>;
