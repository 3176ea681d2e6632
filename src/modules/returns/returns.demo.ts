import type { Container } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { DemoContribution } from '../../platform/demo/demo.js';
import { addBusinessDays, returnShippingPaidBy, SELLER_RESPONSE_BUSINESS_DAYS, type ReturnReason, type ReturnState } from './return.rules.js';

/** The marks of demo returns. */
export const DEMO_RETURN_KIND = 'returns.return';
/** The payments demo's marks of its orders (payments.demo.ts). */
const DEMO_ORDER_KIND = 'payments.order';

const HOUR = 3600_000;

interface DemoOrder {
  id: string;
  buyer_id: string;
  seller_id: string;
  part_id: string | null;
  part_title: string;
  state: string;
  total: string;
  refunded: string;
  delivered_at: Date | null;
}

/** One demo return per kind of order the payments demo made: an open request, and a refunded one. */
const PLANS: { key: string; orderState: string; reason: ReturnReason; details: string; state: ReturnState }[] = [
  { key: 'return:open', orderState: 'delivered', reason: "doesn't fit", details: 'The flange pattern is for the later block; it does not bolt up to my 1966.', state: 'requested' },
  { key: 'return:refunded', orderState: 'partially_refunded', reason: 'not as described', details: 'A deep scratch across the face that the listing photos did not show.', state: 'refunded' },
];

async function event(tx: SqlExecutor, returnId: string, state: string, action: string, role: string, actorId: string | null, note: string | null, at: Date) {
  await tx.execute(`insert into return_events (return_id, state, action, actor_id, actor_role, note, at) values (?, ?, ?, ?, ?, ?, ?)`, [
    returnId,
    state,
    action,
    actorId,
    role,
    note,
    at.toISOString(),
  ]);
}

/**
 * Demo returns on the payments demo's orders (read in the demo's own transaction, where the orders are not yet
 * visible to OrdersApi): a fresh request waiting for the seller on the delivered order, and a refunded one on the
 * partially refunded order. No mail and no jobs: demo records do not move by themselves.
 */
export function returnsDemo(_container: Container): DemoContribution {
  return {
    async seed({ tx, records, now }) {
      const known = await records.ids(DEMO_RETURN_KIND);
      const orderIds = [...(await records.ids(DEMO_ORDER_KIND)).values()];
      if (!orderIds.length) return ['returns: none (no demo orders)'];
      const orders = await tx.execute<DemoOrder[]>(
        `select id, buyer_id, seller_id, part_id, part_title, state, total::text as total, refunded::text as refunded, delivered_at
           from orders where id = any(?::uuid[]) and delivered_at is not null order by created_at`,
        [uuidArray(orderIds)],
      );
      const marks: { key: string; id: string }[] = [];
      for (const plan of PLANS) {
        if (known.has(plan.key)) continue;
        const order = orders.find((o) => o.state === plan.orderState);
        if (!order) continue;
        const requested = new Date(Math.max(new Date(order.delivered_at!).getTime() + HOUR, now.getTime() - 2 * 24 * HOUR));
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into returns (order_id, buyer_id, seller_id, part_id, part_title, reason, details, photos, state, shipping_paid_by,
             order_total, respond_by, instructions, refund_amount, responded_at, refunded_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?::numeric, ?, ?, ?::numeric, ?, ?, ?, ?)
           on conflict (order_id) do nothing returning id`,
          [
            order.id,
            order.buyer_id,
            order.seller_id,
            order.part_id,
            order.part_title,
            plan.reason,
            plan.details,
            plan.state,
            returnShippingPaidBy(plan.reason),
            order.total,
            addBusinessDays(requested, SELLER_RESPONSE_BUSINESS_DAYS).toISOString(),
            plan.state === 'refunded' ? 'Keep the part; I refund part of the price for the scratch.' : null,
            plan.state === 'refunded' ? order.refunded : null,
            plan.state === 'refunded' ? new Date(requested.getTime() + 5 * HOUR).toISOString() : null,
            plan.state === 'refunded' ? new Date(requested.getTime() + 6 * HOUR).toISOString() : null,
            requested.toISOString(),
            requested.toISOString(),
          ],
        );
        if (!row) continue;
        await event(tx, row.id, 'requested', 'request', 'buyer', order.buyer_id, `${plan.reason}: ${plan.details}`, requested);
        if (plan.state === 'refunded') {
          await event(tx, row.id, 'approved', 'approve', 'seller', order.seller_id, 'Keep the part; I refund part of the price for the scratch.', new Date(requested.getTime() + 5 * HOUR));
          await event(tx, row.id, 'refunded', 'refund', 'seller', order.seller_id, `Refund of $${order.refunded} (partial)`, new Date(requested.getTime() + 6 * HOUR));
        }
        await tx.execute(`insert into returns_delivered_orders (order_id, seller_id, buyer_id, delivered_at) values (?, ?, ?, ?) on conflict do nothing`, [
          order.id,
          order.seller_id,
          order.buyer_id,
          new Date(order.delivered_at!).toISOString(),
        ]);
        marks.push({ key: plan.key, id: row.id });
      }
      await records.mark(DEMO_RETURN_KIND, marks);
      return [`returns: ${marks.length} added`];
    },
    async clear({ tx, records }) {
      const ids = [...(await records.ids(DEMO_RETURN_KIND)).values()];
      if (ids.length) {
        await tx.execute(`delete from returns_delivered_orders where order_id in (select order_id from returns where id = any(?::uuid[]))`, [uuidArray(ids)]);
        await tx.execute(`delete from returns where id = any(?::uuid[])`, [uuidArray(ids)]);
      }
      await records.forget(DEMO_RETURN_KIND);
      return [`returns: ${ids.length} removed`];
    },
  };
}
