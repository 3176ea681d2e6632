import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An Idempotency-Key of a bid or a Buy It Now and its stored answer (status 0 while claimed), written through
 * the platform's IdempotencyKeys (idempotency-key.store.ts).
 */
export const AuctionIdempotencyKey = defineEntity({
  name: 'AuctionIdempotencyKey',
  tableName: 'auction_idempotency_keys',
  properties: {
    userId: p.uuid().primary(),
    key: p.string().length(200).primary(),
    endpoint: p.string().length(200),
    status: p.integer(),
    response: p.json<unknown>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionIdempotencyKey = InferEntity<typeof AuctionIdempotencyKey>;
