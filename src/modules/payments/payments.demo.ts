import type { Container } from 'inversify';
import { demoKey, pick, seededRandom, type DemoContribution } from '../../platform/demo/demo.js';
import { formatCents } from '../../platform/money.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { commissionCents } from './commission.rules.js';
import { paymentLines, refundLines } from './ledger.rules.js';
import type { OrderState } from './order.dto.js';
import type { OrderActor } from './order-history.entity.js';
import { addHistory, addLedger, addPayment } from './order-payments.sql.js';
import { ORDER_TIMES } from './order.rules.js';
import { readCommissionTiers } from './payment-settings.repository.js';

/** The marks of demo orders. */
export const DEMO_ORDER_KIND = 'payments.order';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The demo's orders: one or two in each state a buyer and seller meet, on demo parts bought by demo buyers. */
const SLOTS: { state: OrderState; ageDays: number }[] = [
  { state: 'pending_payment', ageDays: 0 },
  { state: 'paid', ageDays: 1 },
  { state: 'paid', ageDays: 2 },
  { state: 'shipped', ageDays: 4 },
  { state: 'delivered', ageDays: 9 },
  { state: 'completed', ageDays: 30 },
  { state: 'completed', ageDays: 45 },
  { state: 'partially_refunded', ageDays: 20 },
  { state: 'cancelled', ageDays: 6 },
];

/** The fitment demo's orders: two sold heads, completed weeks ago (world.fitParts). */
const FIT_SLOTS: { state: OrderState; ageDays: number }[] = [
  { state: 'completed', ageDays: 35 },
  { state: 'completed', ageDays: 50 },
];

const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'];

/**
 * Demo orders in various states, with history, payments and balanced ledger entries, made with the test provider
 * (no provider calls, no mail, no jobs: demo orders do not move by themselves). Paid parts are marked sold.
 */
export function paymentsDemo(_container: Container): DemoContribution {
  return {
    async seed({ tx, records, world, now, progress }) {
      const known = await records.ids(DEMO_ORDER_KIND);
      const buyers = world.buyers.flatMap((b) => (world.users.has(b.username) ? [world.users.get(b.username)!] : []));
      // The last parts of the demo: the auctions and offers take theirs from the front.
      const candidates = world.parts.slice(-SLOTS.length * 3);
      if (!buyers.length || candidates.length < SLOTS.length) return ['orders: none (no demo buyers or parts)'];
      const marks: { key: string; id: string }[] = [];
      const sold: string[] = [];
      const tiers = await readCommissionTiers(tx);
      // The order slots on the last parts, then the fitment demo's sold heads (completed, so their buyers report the fit).
      const step = Math.max(1, Math.floor(candidates.length / SLOTS.length));
      const plans = [
        ...SLOTS.map((slot, i) => ({ key: demoKey('order', i + 1), n: i + 1, slot, part: candidates[candidates.length - 1 - i * step]!, buyer: null as number | null })),
        ...(world.fitParts ?? []).slice(0, FIT_SLOTS.length).map((part, i) => ({ key: `order:fit:${i + 1}`, n: SLOTS.length + i + 1, slot: FIT_SLOTS[i]!, part, buyer: i + 1 })),
      ];
      const history = (id: string, state: OrderState, note: string, actor: OrderActor, actorId: string | null, at: Date) => addHistory(tx, id, { state, note, actor, actorId }, at);
      for (const [i, { key, n, slot, part, buyer }] of plans.entries()) {
        if (known.has(key)) continue;
        progress(i, plans.length, 'orders');
        const random = seededRandom(key);
        const others = buyers.filter((b) => b !== part.sellerUserId);
        // A fitment demo order has a buyer of its own: two buyers, not one twice, confirm the heads fit.
        const buyerId = buyer === null ? pick(random, others) : others[buyer % others.length];
        if (!buyerId) continue;
        const created = new Date(now.getTime() - slot.ageDays * DAY - 2 * HOUR);
        const price = part.priceCents;
        const commission = commissionCents(price, tiers);
        const paid = !['pending_payment', 'cancelled'].includes(slot.state);
        const paidAt = paid ? new Date(created.getTime() + 10 * 60_000) : null;
        const shippedAt = ['shipped', 'delivered', 'completed', 'partially_refunded'].includes(slot.state) ? new Date(paidAt!.getTime() + 30 * HOUR) : null;
        const deliveredAt = ['delivered', 'completed', 'partially_refunded'].includes(slot.state) ? new Date(shippedAt!.getTime() + 3 * DAY) : null;
        const completedAt = slot.state === 'completed' ? new Date(deliveredAt!.getTime() + ORDER_TIMES.returnWindow) : null;
        const cancelledAt = slot.state === 'cancelled' ? new Date(created.getTime() + ORDER_TIMES.buyNowPayWindow) : null;
        const refunded = slot.state === 'partially_refunded' ? Math.round(price / 10) : 0;
        const refund = refundLines({ totalCents: price, commissionCents: commission, refundedCents: 0, newRefundedCents: refunded, escrowHeld: false });
        const address = { name: 'Demo Buyer', line1: '1 Paddock Lane', line2: null, city: 'Monterey', region: 'CA', postalCode: '93940', country: 'US', phone: null };
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into orders (buyer_id, seller_id, part_id, source, state, part_title, price, shipping_cost, total, commission, commission_tiers,
                               refunded, commission_returned, final_sale, shipping_address, carrier, tracking_number, provider, payment_intent_id,
                               pay_by, ship_by, created_at, updated_at, checkout_at, paid_at, shipped_at, delivered_at, completed_at, cancelled_at, cancel_reason)
           values (?, ?, ?, 'buy_now', ?, ?, ?, 0, ?, ?, ?::jsonb, ?, ?, false, ?::jsonb, ?, ?, 'test', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           on conflict do nothing returning id`,
          [
            buyerId,
            part.sellerUserId,
            part.id,
            slot.state,
            part.title.slice(0, 300),
            formatCents(price),
            formatCents(price),
            formatCents(commission),
            JSON.stringify(tiers),
            formatCents(refunded),
            formatCents(refund.commissionReturnedCents),
            paid ? JSON.stringify(address) : null,
            shippedAt ? pick(random, CARRIERS) : null,
            shippedAt ? `1Z${Math.floor(random() * 1e12)}` : null,
            paid ? `pi_test_demo_${n}` : null,
            new Date(created.getTime() + ORDER_TIMES.buyNowPayWindow).toISOString(),
            paidAt ? new Date(paidAt.getTime() + ORDER_TIMES.shipBy).toISOString() : null,
            created.toISOString(),
            (completedAt ?? deliveredAt ?? shippedAt ?? paidAt ?? cancelledAt ?? created).toISOString(),
            paidAt?.toISOString() ?? null,
            paidAt?.toISOString() ?? null,
            shippedAt?.toISOString() ?? null,
            deliveredAt?.toISOString() ?? null,
            completedAt?.toISOString() ?? null,
            cancelledAt?.toISOString() ?? null,
            cancelledAt ? 'unpaid' : null,
          ],
        );
        if (!row) continue;
        const order = { id: row.id, sellerId: part.sellerUserId };
        await history(row.id, 'pending_payment', 'Order created, waiting for payment', 'system', null, created);
        if (paidAt) {
          await history(row.id, 'paid', 'Paid in test mode (no card charged)', 'buyer', buyerId, paidAt);
          await addPayment(tx, { orderId: row.id, kind: 'charge', provider: 'test', ref: `pi_test_demo_${n}`, status: 'succeeded', cents: price, at: paidAt });
          await addLedger(tx, order, paymentLines({ totalCents: price, commissionCents: commission, escrow: false }), paidAt);
          sold.push(part.id);
        }
        if (shippedAt) await history(row.id, 'shipped', 'Shipped', 'seller', part.sellerUserId, shippedAt);
        if (deliveredAt) await history(row.id, 'delivered', 'The buyer confirmed delivery', 'buyer', buyerId, deliveredAt);
        if (completedAt) await history(row.id, 'completed', 'Completed: the 7-day return window ended', 'system', null, completedAt);
        if (cancelledAt) await history(row.id, 'cancelled', 'Cancelled: not paid in time', 'system', null, cancelledAt);
        if (refunded) {
          const at = new Date(deliveredAt!.getTime() + DAY);
          await addLedger(tx, order, refund.lines, at);
          await addPayment(tx, { orderId: row.id, kind: 'refund', provider: 'test', ref: `re_test_demo_${n}`, status: 'succeeded', cents: refunded, at });
          await history(row.id, 'partially_refunded', `Refunded $${formatCents(refunded)}: scratch not shown in the photos`, 'admin', null, at);
        }
        marks.push({ key, id: row.id });
      }
      await records.mark(DEMO_ORDER_KIND, marks);
      if (sold.length && world.markPartsSold) await world.markPartsSold(sold, now);
      return [`orders: ${marks.length} added`];
    },
    async clear({ tx, records }) {
      const ids = [...(await records.ids(DEMO_ORDER_KIND)).values()];
      if (ids.length) {
        await tx.execute(`delete from ledger_entries where order_id = any(?::uuid[])`, [uuidArray(ids)]);
        await tx.execute(`delete from orders where id = any(?::uuid[])`, [uuidArray(ids)]);
      }
      await records.forget(DEMO_ORDER_KIND);
      return [`orders: ${ids.length} removed`];
    },
  };
}
