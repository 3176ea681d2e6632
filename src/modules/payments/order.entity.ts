import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CommissionTier } from './commission.rules.js';
import type { EscrowChoice, OrderSource, OrderState, PaymentProviderName, ShippingAddressDto } from './order.dto.js';

/** Why an order was cancelled: not paid in time, or by whom. */
export type CancelReason = 'unpaid' | 'buyer' | 'seller' | 'admin';

const money = () => p.decimal('string').precision(12).scale(2);

/**
 * One order, from any way of buying (Buy Now, auctions, offers, reverse awards). Buyer, seller, part and source
 * are plain ids of other modules. Money is exact (numeric(12,2) as text; integer cents in arithmetic). The
 * commission tiers in force when the order was made are frozen on it. One open order per part and per auction
 * or award: the migrations' partial unique indexes decide the races (see order.repository.ts).
 */
export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    buyerId: p.uuid(),
    sellerId: p.uuid(),
    partId: p.uuid().strictNullable(),
    source: p.string().length(30).$type<OrderSource>(),
    sourceId: p.uuid().strictNullable(),
    state: p.string().length(30).$type<OrderState>().default('pending_payment'),
    partTitle: p.string().length(300),
    partImageUrl: p.string().length(1000).strictNullable(),
    price: money(),
    shippingCost: money().default(0),
    /** price + shipping: what the buyer pays. */
    total: money(),
    commission: money(),
    commissionTiers: p.json<CommissionTier[]>(),
    refunded: money().default(0),
    commissionReturned: money().default(0),
    finalSale: p.boolean().default(false),
    finalSaleAcknowledgedAt: p.datetime().strictNullable(),
    escrowChoice: p.string().length(10).$type<EscrowChoice>().strictNullable(),
    waiverSignedAt: p.datetime().strictNullable(),
    waiverIp: p.string().length(100).strictNullable(),
    waiverUserAgent: p.string().length(500).strictNullable(),
    escrowReleasedAt: p.datetime().strictNullable(),
    /** Set while the buyer's return request holds the escrowed money. */
    escrowHoldAt: p.datetime().strictNullable(),
    shippingAddress: p.json<ShippingAddressDto>().strictNullable(),
    carrier: p.string().length(100).strictNullable(),
    trackingNumber: p.string().length(100).strictNullable(),
    provider: p.string().length(10).$type<PaymentProviderName>().strictNullable(),
    paymentIntentId: p.string().length(255).strictNullable(),
    chargeId: p.string().length(255).strictNullable(),
    destinationAccount: p.string().length(255).strictNullable(),
    payBy: p.datetime().strictNullable(),
    shipBy: p.datetime().strictNullable(),
    lateShipment: p.boolean().default(false),
    shipRemindedAt: p.datetime().strictNullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    checkoutAt: p.datetime().strictNullable(),
    paidAt: p.datetime().strictNullable(),
    shippedAt: p.datetime().strictNullable(),
    deliveredAt: p.datetime().strictNullable(),
    completedAt: p.datetime().strictNullable(),
    cancelledAt: p.datetime().strictNullable(),
    cancelReason: p.string().length(10).$type<CancelReason>().strictNullable(),
    disputedAt: p.datetime().strictNullable(),
  },
});
export type Order = InferEntity<typeof Order>;
