import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The module's read model of delivered orders (from payments.order.delivered), which the sellers' return rate
 * and repeat-customer figures are computed from.
 */
export const DeliveredOrder = defineEntity({
  name: 'ReturnsDeliveredOrder',
  tableName: 'returns_delivered_orders',
  properties: {
    orderId: p.uuid().primary(),
    sellerId: p.uuid(),
    buyerId: p.uuid(),
    deliveredAt: p.datetime(),
  },
});
export type DeliveredOrder = InferEntity<typeof DeliveredOrder>;
