import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents } from '../../platform/money.js';
import type { CommissionTier } from './commission.rules.js';
import type { OrderSource, OrderState } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderPayment } from './order-payment.entity.js';

/**
 * The queries of orders an entity manager cannot say well: the row lock every step of an order takes, the
 * insert whose conflict decides two buyers racing for one part, and the reads other modules make in their own
 * transactions (handed over as a SqlExecutor). Everything else reads and writes the Order entity.
 */

/** The order's row, locked for the transaction of `em` and read fresh (whatever the unit of work held); null when unknown. */
export function lockOrder(em: EntityManager, id: string): Promise<Order | null> {
  return em.findOne(Order, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** A refund of ours (an `order_payments` row of kind `refund`), locked for the transaction and read fresh; null when unknown. */
export function lockRefund(em: EntityManager, id: string): Promise<OrderPayment | null> {
  return em.findOne(OrderPayment, { id, kind: 'refund' }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/**
 * Inserts a `pending_payment` order with its first history step (`note`, by the system), unless the part (or the
 * auction or award it comes from) already has an open one: the partial unique indexes (`orders_part_open_unique`,
 * `orders_source_unique`) make racing buyers get one order, in the caller's transaction. One statement (the
 * purchase burst holds a pooled connection for each round trip). The new order's id, or null when another holds
 * the part.
 */
export async function insertOrder(
  em: SqlExecutor,
  o: {
    buyerId: string;
    sellerId: string;
    partId: string | null;
    source: OrderSource;
    sourceId: string | null;
    title: string;
    imageUrl: string | null;
    priceCents: number;
    shippingCents: number;
    commissionCents: number;
    tiers: readonly CommissionTier[];
    finalSale: boolean;
    payBy: Date;
    at: Date;
    note: string;
  },
): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `with created as (
       insert into orders (buyer_id, seller_id, part_id, source, source_id, state, part_title, part_image_url, price, shipping_cost,
                           total, commission, commission_tiers, final_sale, pay_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'pending_payment', ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       on conflict do nothing
       returning id, created_at
     ), first_step as (
       insert into order_history (order_id, state, note, actor, actor_id, at, audience)
       select id, 'pending_payment', ?, 'system', null, created_at, 'all' from created
     )
     select id from created`,
    [
      o.buyerId,
      o.sellerId,
      o.partId,
      o.source,
      o.sourceId,
      o.title.slice(0, 300),
      o.imageUrl,
      formatCents(o.priceCents),
      formatCents(o.shippingCents),
      formatCents(o.priceCents + o.shippingCents),
      formatCents(o.commissionCents),
      JSON.stringify(o.tiers),
      o.finalSale,
      o.payBy.toISOString(),
      o.at.toISOString(),
      o.at.toISOString(),
      o.note,
    ],
  );
  return row?.id ?? null;
}

/** The part's open (not cancelled) order, which holds it: unpaid, or paid and on its way; null when none. Read through `em` (the caller's transaction). */
export async function openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ id: string; buyerId: string; state: OrderState } | null> {
  const [row] = await em.execute<{ id: string; buyer_id: string; state: OrderState }[]>(
    `select id, buyer_id, state from orders where part_id = ? and state <> 'cancelled' limit 1`,
    [partId],
  );
  return row ? { id: row.id, buyerId: row.buyer_id, state: row.state } : null;
}
