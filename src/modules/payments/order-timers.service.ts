import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { ConnectService } from './connect.service.js';
import { OrderNotificationService } from './order-notification.service.js';
import { addHistory, readOrder } from './order.repository.js';
import { OrderService } from './order.service.js';
import { PaymentProvider } from './payment.provider.js';
import { orderEvent, PaymentService } from './payment.service.js';
import { RefundService } from './refund.service.js';
import { PAYMENTS_EVENTS } from './payments.events.js';
import { ORDER_TIMES, orderJobKey, PAYMENTS_TASKS, type OrderTimer } from './payments.jobs.js';
import { Database } from '../../platform/db/database.js';

/**
 * The time-driven steps of an order, each run by a job keyed per order and timer. Every step reads the container
 * Clock and the order again: one that is not due yet is put back at its moment, one whose order moved on does
 * nothing, so a job may run twice.
 */
@injectable()
export class OrderTimersService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(OrderService) private readonly orders: OrderService,
    @inject(PaymentService) private readonly payments: PaymentService,
    @inject(RefundService) private readonly refunds: RefundService,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
  ) {}

  /** Puts the timer back at `due` when the clock has not reached it; true when it is due now. */
  private async due(timer: OrderTimer, orderId: string, due: Date): Promise<boolean> {
    if (this.clock.now() >= due) return true;
    const task = PAYMENTS_TASKS[timer];
    await this.jobs.add(this.db.em, task, { orderId }, { runAt: due, jobKey: orderJobKey(timer, orderId) });
    return false;
  }

  /** Runs one timer of one order; answers what it did (for logs and tests). */
  async run(timer: OrderTimer, orderId: string): Promise<string> {
    const o = await readOrder(this.db.em, orderId);
    if (!o) return 'no order';
    switch (timer) {
      case 'cancelUnpaid': {
        if (o.state !== 'pending_payment' || o.paidAt || !o.payBy) return 'not unpaid';
        if (!(await this.due(timer, orderId, o.payBy))) return 'not due';
        // A seller still setting up payouts: the order waits (the buyer was told why) for another window.
        if (!o.provider && !(await this.connect.readiness(this.db.em, o.sellerId)).ready) {
          const window = o.source === 'buy_now' ? ORDER_TIMES.buyNowPayWindow : ORDER_TIMES.auctionPayWindow;
          const payBy = new Date(this.clock.now().getTime() + window);
          await this.db.em.transactional(async (tx) => {
            await tx.execute(`update orders set pay_by = ?, updated_at = ? where id = ? and state = 'pending_payment'`, [payBy.toISOString(), this.clock.now().toISOString(), orderId]);
            await this.jobs.add(tx, PAYMENTS_TASKS.cancelUnpaid, { orderId }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', orderId) });
          });
          return 'waiting for the seller';
        }
        if (o.paymentIntentId && !(await this.provider.cancelIntent(o.paymentIntentId))) return 'payment in progress';
        return (await this.orders.cancelUnpaidOrder(orderId, 'unpaid', null, null)) ? 'cancelled' : 'not unpaid';
      }
      case 'shipReminder': {
        if (!o.paidAt || o.shippedAt || o.shipRemindedAt || !['paid', 'partially_refunded'].includes(o.state)) return 'nothing to remind';
        if (!(await this.due(timer, orderId, new Date(o.paidAt.getTime() + ORDER_TIMES.shipReminder)))) return 'not due';
        await this.db.em.transactional(async (tx) => {
          const now = this.clock.now();
          const rows = await tx.execute<{ id: string }[]>(`update orders set ship_reminded_at = ? where id = ? and ship_reminded_at is null and shipped_at is null returning id`, [now.toISOString(), orderId]);
          if (!rows.length) return;
          await addHistory(tx, orderId, o.state, 'Shipping reminder sent to the seller (48 hours after payment)', 'system', null, now);
          await this.notifications.notify(tx, o, 'ship_reminder');
        });
        return 'reminded';
      }
      case 'shipLate': {
        if (!o.paidAt || o.shippedAt || o.lateShipment || !o.shipBy || !['paid', 'partially_refunded'].includes(o.state)) return 'not late';
        if (!(await this.due(timer, orderId, o.shipBy))) return 'not due';
        await this.db.em.transactional(async (tx) => {
          const now = this.clock.now();
          const rows = await tx.execute<{ id: string }[]>(`update orders set late_shipment = true, updated_at = ? where id = ? and not late_shipment and shipped_at is null returning id`, [now.toISOString(), orderId]);
          if (!rows.length) return;
          await addHistory(tx, orderId, o.state, 'Late shipment: not shipped within 72 hours of payment', 'system', null, now);
          await this.notifications.notify(tx, o, 'ship_late');
        });
        return 'flagged late';
      }
      case 'autoDeliver': {
        if (!o.shippedAt || o.deliveredAt) return 'not in transit';
        if (!(await this.due(timer, orderId, new Date(o.shippedAt.getTime() + ORDER_TIMES.autoDeliver)))) return 'not due';
        return (await this.orders.deliver(orderId, { actor: null })) ? 'delivered' : 'not in transit';
      }
      case 'escrowRelease': {
        if (!o.deliveredAt || o.escrowChoice !== 'escrow' || o.escrowReleasedAt) return 'nothing held';
        if (o.escrowHoldAt) return 'held by a return';
        if (!(await this.due(timer, orderId, new Date(o.deliveredAt.getTime() + ORDER_TIMES.inspection)))) return 'not due';
        return (await this.payments.releaseEscrow(orderId, 'Escrow released: the 3-day inspection period ended')) ? 'released' : 'not released';
      }
      case 'complete': {
        if (!o.deliveredAt || o.completedAt || o.state === 'cancelled') return 'not delivered';
        if (!(await this.due(timer, orderId, new Date(o.deliveredAt.getTime() + ORDER_TIMES.returnWindow)))) return 'not due';
        if (o.escrowChoice === 'escrow' && !o.escrowReleasedAt) await this.payments.releaseEscrow(orderId, 'Escrow released: the inspection period ended');
        await this.db.em.transactional(async (tx) => {
          const now = this.clock.now();
          const rows = await tx.execute<{ state: string }[]>(
            `update orders set completed_at = ?, state = case when state = 'delivered' then 'completed' else state end, updated_at = ?
              where id = ? and completed_at is null returning state`,
            [now.toISOString(), now.toISOString(), orderId],
          );
          if (!rows.length) return;
          await addHistory(tx, orderId, rows[0]!.state as never, 'Completed: the 7-day return window ended', 'system', null, now);
          await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderCompleted, payload: orderEvent({ ...o, state: 'completed' }) });
          await this.notifications.notify(tx, o, 'completed');
        });
        return 'completed';
      }
      case 'refundLatePayment': {
        const left = o.totalCents - o.refundedCents;
        if (!o.paidAt || o.state !== 'cancelled' || left <= 0) return 'nothing to refund';
        await this.refunds.refund({ orderId, amountCents: left, reason: 'Paid after the order was cancelled', actorId: null, actor: 'system' });
        return 'refunded';
      }
    }
  }
}
