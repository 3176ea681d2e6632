import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OrderPaymentDto, PaymentProviderName } from './order.dto.js';

export type OrderPaymentKind = OrderPaymentDto['kind'];
export type OrderPaymentStatus = OrderPaymentDto['status'];

/** Who asked for a refund, as its row keeps it (the job that settles a refund applies it as asked). */
export type RefundActor = 'admin' | 'seller' | 'system';

/**
 * One operation at the payment provider for an order: the charge, refunds, the escrow transfer and its
 * reversals. A refund or transfer of ours is `pending` from the moment the order's lock admits it until the
 * provider answers (`provider_ref` holds its idempotency key until then for a transfer or a reversal).
 */
export const OrderPayment = defineEntity({
  name: 'OrderPayment',
  tableName: 'order_payments',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    orderId: p.uuid(),
    kind: p.string().length(20).$type<OrderPaymentKind>(),
    provider: p.string().length(10).$type<PaymentProviderName>(),
    providerRef: p.string().length(255).strictNullable(),
    status: p.string().length(10).$type<OrderPaymentStatus>(),
    amount: p.decimal('string').precision(12).scale(2),
    createdAt: p.datetime(),
    actor: p.string().length(10).$type<RefundActor>().strictNullable(),
    actorId: p.uuid().strictNullable(),
    reason: p.string().length(300).strictNullable(),
    error: p.string().length(300).strictNullable(),
  },
});
export type OrderPayment = InferEntity<typeof OrderPayment>;
