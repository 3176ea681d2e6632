import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A payment provider's event, stored by its id when it arrives and applied once in the same transaction
 * (payment-events.sql.ts, the webhook's hot path); `result` says what applying it did.
 */
export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    payload: p.json<unknown>(),
    receivedAt: p.datetime(),
    result: p.string().length(200).strictNullable(),
  },
});
export type PaymentEvent = InferEntity<typeof PaymentEvent>;
