import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An Idempotency-Key of a quote or an award and the answer it got (claimed and answered in the request's
 * transaction by the platform's IdempotencyKeys; see reverse-idempotency.store.ts).
 */
export const ReverseIdempotencyKey = defineEntity({
  name: 'ReverseIdempotencyKey',
  tableName: 'reverse_idempotency_keys',
  properties: {
    userId: p.uuid().primary(),
    key: p.string().length(200).primary(),
    endpoint: p.string().length(200),
    status: p.integer(),
    response: p.json<unknown>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReverseIdempotencyKey = InferEntity<typeof ReverseIdempotencyKey>;
