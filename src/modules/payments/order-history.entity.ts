import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OrderState } from './order.dto.js';

/** Who made a step of an order. */
export type OrderActor = 'buyer' | 'seller' | 'admin' | 'system';

/**
 * Who reads a history step: `all` (buyer, seller, admins) or `seller` (the seller and admins only: money matters
 * between the marketplace and the seller, such as transfer reversals).
 */
export type HistoryAudience = 'all' | 'seller';

/** One step of an order's history (every state change and note), in the order made (`id`). */
export const OrderHistory = defineEntity({
  name: 'OrderHistory',
  tableName: 'order_history',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    orderId: p.uuid(),
    /** The state entered, or the state the order stayed in for a note. */
    state: p.string().length(30).$type<OrderState>(),
    note: p.string().length(500).strictNullable(),
    actor: p.string().length(10).$type<OrderActor>(),
    actorId: p.uuid().strictNullable(),
    at: p.datetime(),
    audience: p.string().length(10).$type<HistoryAudience>().default('all'),
  },
});
export type OrderHistory = InferEntity<typeof OrderHistory>;
