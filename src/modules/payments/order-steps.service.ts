import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { EscrowService } from './escrow.service.js';
import type { OrderDto } from './order.dto.js';
import { Order, type CancelReason } from './order.entity.js';
import { OrderHistory } from './order-history.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import { lockOrder } from './order.repository.js';
import { ORDER_TIMES, orderCents, orderSteps } from './order.rules.js';
import { orderNotFound, OrderViewsService } from './order-views.service.js';
import { PaymentProvider } from './payment.provider.js';
import { orderEvent, PAYMENTS_EVENTS } from './payments.events.js';
import { orderJobKey, PAYMENTS_TASKS } from './payments.tasks.js';
import { RefundService } from './refund.service.js';

/**
 * The steps of an order after payment and its cancellations: the seller ships, the buyer confirms delivery (or
 * 14 days pass), and an order is cancelled (unpaid, or paid and not shipped with a full refund). Each step locks
 * the order, changes it, and queues its event, timers and mail in the same transaction.
 */
@injectable()
export class OrderStepsService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(EscrowService) private readonly escrow: EscrowService,
    @inject(RefundService) private readonly refunds: RefundService,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
    @inject(OrderViewsService) private readonly views: OrderViewsService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** The seller ships: carrier and tracking number; late when after the 72 hours. */
  async ship(id: string, actor: Actor, body: { carrier: string; trackingNumber: string }): Promise<OrderDto> {
    await this.db.transaction(async (em) => {
      const o = await lockOrder(em, id);
      if (!o || (o.sellerId !== actor.id && !hasRole(actor.role, 'admin') && o.buyerId !== actor.id)) throw orderNotFound();
      // An admin may act for the seller, but not on their own purchase.
      if (o.sellerId !== actor.id && (!hasRole(actor.role, 'admin') || o.buyerId === actor.id)) throw new AppError('forbidden', 'not_seller', 'Only the seller can mark this order shipped');
      if (!orderSteps(o).shippable) throw new AppError('conflict', 'order_not_shippable', 'Only a paid order that has not shipped can be marked shipped');
      const now = this.clock.now();
      const late = Boolean(o.shipBy && now > o.shipBy);
      em.assign(o, {
        state: o.state === 'paid' ? 'shipped' : o.state,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        shippedAt: now,
        lateShipment: o.lateShipment || late,
        updatedAt: now,
      });
      const note = `Shipped with ${body.carrier}, tracking number ${body.trackingNumber}${late ? ' (late)' : ''}`;
      em.create(OrderHistory, { orderId: id, state: 'shipped', note, actor: o.sellerId === actor.id ? 'seller' : 'admin', actorId: actor.id, at: now });
      await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderShipped, payload: orderEvent(o) });
      await this.jobs.add(em, PAYMENTS_TASKS.autoDeliver, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.autoDeliver), jobKey: orderJobKey('autoDeliver', id) });
      await this.notifications.notify(em, o, 'shipped');
    });
    return this.views.get(id, actor);
  }

  /** Delivered: by the buyer's confirmation (which also releases escrow) or 14 days after shipping. */
  async deliver(id: string, by: { actor: Actor | null }): Promise<boolean> {
    const done = await this.db.transaction(async (em) => {
      const o = await lockOrder(em, id);
      if (!o) throw orderNotFound();
      if (by.actor && o.buyerId !== by.actor.id) {
        if (o.sellerId === by.actor.id || hasRole(by.actor.role, 'admin')) throw new AppError('forbidden', 'not_buyer', 'Only the buyer can confirm delivery');
        throw orderNotFound();
      }
      if (!orderSteps(o).deliverable) {
        if (!by.actor) return false;
        throw new AppError('conflict', 'order_not_deliverable', 'Only a shipped order can be confirmed delivered');
      }
      const now = this.clock.now();
      em.assign(o, { state: o.state === 'shipped' ? 'delivered' : o.state, deliveredAt: now, updatedAt: now });
      const note = by.actor ? 'The buyer confirmed delivery' : 'Delivered (14 days after shipping)';
      em.create(OrderHistory, { orderId: id, state: 'delivered', note, actor: by.actor ? 'buyer' : 'system', actorId: by.actor?.id ?? null, at: now });
      await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderDelivered, payload: orderEvent(o) });
      await this.jobs.add(em, PAYMENTS_TASKS.complete, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.returnWindow), jobKey: orderJobKey('complete', id) });
      if (o.escrowChoice === 'escrow' && !by.actor) {
        await this.jobs.add(em, PAYMENTS_TASKS.escrowRelease, { orderId: id }, { runAt: new Date(now.getTime() + ORDER_TIMES.inspection), jobKey: orderJobKey('escrowRelease', id) });
      }
      await this.notifications.notify(em, o, 'delivered');
      return true;
    });
    // The buyer's confirmation says the item is as described: the escrow goes to the seller now.
    if (done && by.actor) {
      await this.escrow.releaseEscrow(id, 'Escrow released: the buyer confirmed the item is as described').catch(async (error: unknown) => {
        // The delivery stands; the provider's failure leaves the release to its job at the inspection's end.
        this.logger.warn({ err: error, orderId: id }, 'escrow release after the buyer confirmed failed; left to the inspection job');
        const o = await this.db.em.findOne(Order, id, { refresh: true });
        if (o?.deliveredAt) {
          await this.jobs.add(this.db.em, PAYMENTS_TASKS.escrowRelease, { orderId: id }, {
            runAt: new Date(o.deliveredAt.getTime() + ORDER_TIMES.inspection),
            jobKey: orderJobKey('escrowRelease', id),
          });
        }
      });
    }
    return done;
  }

  /** POST /api/orders/{id}/confirm-delivery */
  async confirmDelivery(id: string, actor: Actor): Promise<OrderDto> {
    await this.deliver(id, { actor });
    return this.views.get(id, actor);
  }

  /**
   * Cancels an order. Unpaid: the buyer (not for an auction win, which is binding), the seller or an admin.
   * Paid and not shipped: the seller or an admin, with a full refund. Later steps go through returns and refunds.
   */
  async cancel(id: string, actor: Actor, reason: string | null): Promise<OrderDto> {
    const o = await this.db.em.findOne(Order, id, { refresh: true });
    if (!o || (o.buyerId !== actor.id && o.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) throw orderNotFound();
    const role: 'buyer' | 'seller' | 'admin' = o.sellerId === actor.id ? 'seller' : o.buyerId === actor.id ? 'buyer' : 'admin';
    const steps = orderSteps(o);
    if (o.state === 'pending_payment') {
      if (role === 'buyer' && steps.binding) {
        throw new AppError('conflict', 'auction_win_binding', 'An auction win is a binding purchase and cannot be cancelled by the buyer. Please contact the seller or support.');
      }
      if (o.paymentIntentId && !(await this.provider.cancelIntent(o.paymentIntentId))) {
        throw new AppError('conflict', 'payment_in_progress', 'The payment is being processed; try again in a moment');
      }
      await this.cancelUnpaidOrder(id, role, actor.id, reason);
      return this.views.get(id, actor);
    }
    if (!steps.shippable) throw new AppError('conflict', 'order_not_cancellable', 'This order can no longer be cancelled; request a return or contact support');
    if (role === 'buyer') throw new AppError('conflict', 'order_paid', 'This order is paid: ask the seller to cancel it, or contact support');
    const money = orderCents(o);
    const left = money.total - money.refunded;
    if (left > 0) await this.refunds.refund({ orderId: id, amountCents: left, reason: reason ?? `Cancelled by the ${role}`, actorId: actor.id, actor: role });
    await this.db.transaction(async (em) => {
      const now = this.clock.now();
      const locked = (await lockOrder(em, id))!;
      em.assign(locked, { state: 'cancelled', cancelledAt: now, cancelReason: role, updatedAt: now });
      const note = `Cancelled by the ${role} and refunded${reason ? `: ${reason}` : ''}`;
      em.create(OrderHistory, { orderId: id, state: 'cancelled', note, actor: role, actorId: actor.id, at: now });
      await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderCancelled, payload: { ...orderEvent(locked, role), paid: true } });
      await this.notifications.notify(em, locked, 'cancelled', reason ?? undefined);
    });
    return this.views.get(id, actor);
  }

  /** Cancels a still-unpaid order (the part is free again); false when it is no longer unpaid. */
  async cancelUnpaidOrder(id: string, reason: CancelReason, actorId: string | null, note: string | null): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const o = await lockOrder(em, id);
      if (!o || o.state !== 'pending_payment' || o.paidAt) return false;
      const now = this.clock.now();
      em.assign(o, { state: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now });
      const text = reason === 'unpaid' ? 'Cancelled: not paid in time' : `Cancelled by the ${reason}${note ? `: ${note}` : ''}`;
      em.create(OrderHistory, { orderId: id, state: 'cancelled', note: text, actor: reason === 'unpaid' ? 'system' : reason, actorId, at: now });
      await this.bus.publish(em, { name: PAYMENTS_EVENTS.orderCancelled, payload: { ...orderEvent(o, reason), paid: false } });
      await this.notifications.notify(em, o, 'cancelled', text);
      return true;
    });
  }
}
