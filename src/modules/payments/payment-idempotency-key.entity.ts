import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An Idempotency-Key of a console refund, per user: what it stands for (`endpoint`: the order and amount), the
 * refund it made (`paymentId`) and the answer replayed to a repeat (`status` 0 while there is none yet).
 */
export const PaymentIdempotencyKey = defineEntity({
  name: 'PaymentIdempotencyKey',
  tableName: 'payment_idempotency_keys',
  properties: {
    userId: p.uuid().primary(),
    key: p.string().length(200).primary(),
    endpoint: p.string().length(300),
    status: p.integer(),
    response: p.json<unknown>(),
    paymentId: p.uuid().strictNullable(),
    createdAt: p.datetime(),
  },
});
export type PaymentIdempotencyKey = InferEntity<typeof PaymentIdempotencyKey>;
