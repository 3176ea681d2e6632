import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { ConnectService } from './connect.service.js';
import { EscrowService } from './escrow.service.js';
import { Order } from './order.entity.js';
import { OrderHistory } from './order-history.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import { lockOrder } from './order.repository.js';
import { ORDER_TIMES, orderCents, orderSteps, payWindow } from './order.rules.js';
import { OrderStepsService } from './order-steps.service.js';
import { PaymentProvider } from './payment.provider.js';
import { orderEvent, PAYMENTS_EVENTS } from './payments.events.js';
import { orderJobKey, PAYMENTS_TASKS, type OrderTimer } from './payments.tasks.js';
import { RefundService } from './refund.service.js';

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
    @inject(OrderStepsService) private readonly steps: OrderStepsService,
    @inject(EscrowService) private readonly escrow: EscrowService,
    @inject(RefundService) private readonly refunds: RefundService,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
  ) {}

  /** Puts the timer back at `due` when the clock has not reached it; true when it is due now. */
  private async due(timer: OrderTimer, orderId: string, due: Date): Promise<boolean> {
    if (this.clock.now() >= due) return true;
    await this.jobs.add(this.db.em, PAYMENTS_TASKS[timer], { orderId }, { runAt: due, jobKey: orderJobKey(timer, orderId) });
    return false;
  }

  /** Runs one timer of one order; answers what it did (for logs and tests). */
  async run(timer: OrderTimer, orderId: string): Promise<string> {
    const o = await this.db.em.findOne(Order, orderId, { refresh: true });
    if (!o) return 'no order';
    switch (timer) {
      case 'cancelUnpaid': {
        if (o.state !== 'pending_payment' || o.paidAt || !o.payBy) return 'not unpaid';
        if (!(await this.due(timer, orderId, o.payBy))) return 'not due';
        // A seller still setting up payouts: the order waits (the buyer was told why) for another window.
        if (!o.provider && !(await this.connect.readiness(o.sellerId)).ready) {
          const payBy = new Date(this.clock.now().getTime() + payWindow(o.source));
          await this.db.transaction(async (em) => {
            const locked = await lockOrder(em, orderId);
            if (locked?.state === 'pending_payment') em.assign(locked, { payBy, updatedAt: this.clock.now() });
            await this.jobs.add(em, PAYMENTS_TASKS.cancelUnpaid, { orderId }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', orderId) });
          });
          return 'waiting for the seller';
        }
        if (o.paymentIntentId && !(await this.provider.cancelIntent(o.paymentIntentId))) return 'payment in progress';
        return (await this.steps.cancelUnpaidOrder(orderId, 'unpaid', null, null)) ? 'cancelled' : 'not unpaid';
      }
      case 'shipReminder': {
        if (!orderSteps(o).shippable || o.shipRemindedAt) return 'nothing to remind';
        if (!(await this.due(timer, orderId, new Date(o.paidAt!.getTime() + ORDER_TIMES.shipReminder)))) return 'not due';
        await this.db.transaction(async (em) => {
          const locked = await lockOrder(em, orderId);
          if (!locked || locked.shipRemindedAt || locked.shippedAt) return;
          const now = this.clock.now();
          em.assign(locked, { shipRemindedAt: now });
          em.create(OrderHistory, { orderId, state: locked.state, note: 'Shipping reminder sent to the seller (48 hours after payment)', actor: 'system', actorId: null, at: now });
          await this.notifications.notify(em, locked, 'ship_reminder');
        });
        return 'reminded';
      }
      case 'shipLate': {
        if (!orderSteps(o).shippable || o.lateShipment || !o.shipBy) return 'not late';
        if (!(await this.due(timer, orderId, o.shipBy))) return 'not due';
        await this.db.transaction(async (em) => {
          const locked = await lockOrder(em, orderId);
          if (!locked || locked.lateShipment || locked.shippedAt) return;
          const now = this.clock.now();
          em.assign(locked, { lateShipment: true, updatedAt: now });
          em.create(OrderHistory, { orderId, state: locked.state, note: 'Late shipment: not shipped within 72 hours of payment', actor: 'system', actorId: null, at: now });
          await this.notifications.notify(em, locked, 'ship_late');
        });
        return 'flagged late';
      }
      case 'autoDeliver': {
        if (!o.shippedAt || o.deliveredAt) return 'not in transit';
        if (!(await this.due(timer, orderId, new Date(o.shippedAt.getTime() + ORDER_TIMES.autoDeliver)))) return 'not due';
        return (await this.steps.deliver(orderId, { actor: null })) ? 'delivered' : 'not in transit';
      }
      case 'escrowRelease': {
        if (!o.deliveredAt || o.escrowChoice !== 'escrow' || o.escrowReleasedAt) return 'nothing held';
        if (o.escrowHoldAt) return 'held by a return';
        if (!(await this.due(timer, orderId, new Date(o.deliveredAt.getTime() + ORDER_TIMES.inspection)))) return 'not due';
        return (await this.escrow.releaseEscrow(orderId, 'Escrow released: the 3-day inspection period ended')) ? 'released' : 'not released';
      }
      case 'complete': {
        if (!o.deliveredAt || o.completedAt || o.state === 'cancelled') return 'not delivered';
        if (!(await this.due(timer, orderId, new Date(o.deliveredAt.getTime() + ORDER_TIMES.returnWindow)))) return 'not due';
        if (o.escrowChoice === 'escrow' && !o.escrowReleasedAt) await this.escrow.releaseEscrow(orderId, 'Escrow released: the inspection period ended');
        await this.db.transaction(async (em) => {
          const locked = await lockOrder(em, orderId);
          if (!locked || locked.completedAt) return;
          const now = this.clock.now();
          em.assign(locked, { completedAt: now, state: locked.state === 'delivered' ? 'completed' : locked.state, updatedAt: now });
          em.create(OrderHistory, { orderId, state: locked.state, note: 'Completed: the 7-day return window ended', actor: 'system', actorId: null, at: now });
          await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderCompleted, payload: orderEvent(locked) });
          await this.notifications.notify(em, locked, 'completed');
        });
        return 'completed';
      }
      case 'refundLatePayment': {
        const money = orderCents(o);
        const left = money.total - money.refunded;
        if (!o.paidAt || o.state !== 'cancelled' || left <= 0) return 'nothing to refund';
        await this.refunds.refund({ orderId, amountCents: left, reason: 'Paid after the order was cancelled', actorId: null, actor: 'system' });
        return 'refunded';
      }
    }
  }
}
