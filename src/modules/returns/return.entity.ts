import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { RETURN_REASONS, RETURN_STATES, type ShippingPayer } from './return.rules.js';

/**
 * A buyer's return request of one order (one per order), with its photos, the seller's answer, the shipment
 * back, the refund and the admins' decision on an escalation. `orderId`, `partId` and the people are other
 * modules' ids; `orderTotal` (the most a refund can be) is copied from the order.
 */
export const Return = defineEntity({
  name: 'Return',
  tableName: 'returns',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    orderId: p.uuid(),
    buyerId: p.uuid(),
    sellerId: p.uuid(),
    partId: p.uuid().nullable(),
    partTitle: p.text(),
    reason: p.enum(RETURN_REASONS),
    details: p.text().default(''),
    photos: p.json<{ url: string }[]>().default('[]'),
    state: p.enum(RETURN_STATES).default('requested'),
    shippingPaidBy: p.text().$type<ShippingPayer>(),
    orderTotal: p.decimal('string').precision(10).scale(2),
    /** The seller approves or declines by this moment, else the admins take over. */
    respondBy: p.datetime(),
    instructions: p.text().nullable(),
    declineReason: p.text().nullable(),
    carrier: p.text().nullable(),
    trackingNumber: p.text().nullable(),
    /** Set when a refund is claimed (only one can run), kept once refunded. */
    refundAmount: p.decimal('string').precision(10).scale(2).nullable(),
    escalatedAt: p.datetime().nullable(),
    escalationReason: p.text().nullable(),
    adminDecision: p.text().$type<'refund' | 'approve' | 'reject'>().nullable(),
    adminNote: p.text().nullable(),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
    respondedAt: p.datetime().nullable(),
    shippedAt: p.datetime().nullable(),
    receivedAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    /** The garage's fitment question whose "yes" (before the order) this "doesn't fit" return rests on; the seller pays shipping. */
    fitmentQuestionId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Return = InferEntity<typeof Return>;
