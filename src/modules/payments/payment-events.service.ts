import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { AppError } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { paymentLines, providerFeeLines, refundLines } from './ledger.rules.js';
import type { OrderState, PaymentProviderName } from './order.dto.js';
import { Order } from './order.entity.js';
import type { OrderActor } from './order-history.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import {
  addHistory,
  addLedger,
  extendPayBy,
  hasProviderFee,
  lockOrderOfIntent,
  lockOrderRow,
  lockOrdersAwaitingSeller,
  moneyInFlight,
  recordDispute,
  recordPayment,
  recordRefund,
} from './order-payments.sql.js';
import { lockOrder } from './order.repository.js';
import { ORDER_TIMES, orderCents, payWindow } from './order.rules.js';
import { chargeFeeOf, PaymentProvider, type ProviderFee } from './payment.provider.js';
import { claimEvent, finishEvent, updateConnectAccount } from './payment-events.sql.js';
import { orderEvent, PAYMENTS_EVENTS } from './payments.events.js';
import { orderJobKey, PAYMENTS_TASKS, providerFeeJobKey, transferReversalJobKey } from './payments.tasks.js';
import { providerRefundStep, transferReversalKey } from './refund.rules.js';

/** A provider event as the webhook (or the test provider) hands it in. */
export interface ProviderEvent {
  id: string;
  type: string;
  // biome-ignore lint: the provider's object, read field by field
  data: { object: Record<string, any> };
}

/** What applying a refund needs besides the order: who, why, which refund row, and when. */
export interface RefundApplied {
  ref: string | null;
  actor: OrderActor;
  actorId: string | null;
  note: string;
  at: Date;
  /** The refund was ours: its reversal is tried at once by the caller, the job is the safety net. */
  reverseNow?: boolean;
  /** Our reserved refund row, made now (else the provider made it: a new row). */
  paymentId?: string;
}

/** A retry of owed reversals, when the refund's own attempt (right after it) did not happen. */
const REVERSAL_SAFETY_NET = 15 * 60_000;

const intentOf = (object: { payment_intent?: unknown }): string =>
  String((typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent as { id?: string } | undefined)?.id) ?? '');

/**
 * Payment events applied to orders: the provider's events (the webhook, the test provider's confirmation), each
 * stored by id and applied once in one transaction, and the money steps they share with refunds: a payment,
 * a refund with the commission returned in proportion, a dispute, the provider's fee.
 */
@injectable()
export class PaymentEventsService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
  ) {}

  /**
   * Stores a provider event by its id and applies it in the same transaction: a replay finds the id and changes
   * nothing; a failure rolls both back so the provider's retry applies it. Answers what happened.
   */
  async process(event: ProviderEvent): Promise<string> {
    // Plain pg, not the ORM: the hot path of the webhook benchmark (docs/performance.md, payments).
    return this.db.sqlTransaction('write', async (tx) => {
      // The jobs the event's effects queue (subscribers, timers, mail) go in with the commit, in one statement.
      const jobs = this.jobs.gather(tx);
      const now = this.clock.now();
      if (!(await claimEvent(tx, event, now))) return 'duplicate';
      const result = await this.apply(tx, event, now);
      await finishEvent(tx, event.id, result, jobs.take());
      return result;
    });
  }

  private async apply(tx: SqlExecutor, event: ProviderEvent, now: Date): Promise<string> {
    const object = event.data?.object ?? {};
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const order = await lockOrderOfIntent(tx, String(object.id ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        const charge = typeof object.latest_charge === 'string' ? object.latest_charge : (object.latest_charge?.id ?? null);
        // An expanded latest charge with its balance transaction carries the provider's fee; otherwise a job reads it.
        const fee = chargeFeeOf(object.latest_charge);
        const result = await this.applySucceeded(tx, order, { chargeId: charge, at: now, fee });
        if (result === 'payment already applied' && fee) await this.bookProviderFee(tx, order, fee, now);
        return result;
      }
      case 'charge.updated': {
        // Stripe sets the charge's balance transaction (and so its fee) a little after the payment succeeds.
        if (!object.balance_transaction) return 'ignored: no balance transaction';
        const order = await lockOrderOfIntent(tx, intentOf(object), object.metadata?.orderId);
        if (!order) return 'unknown order';
        if ((order.provider ?? this.provider.name) !== 'stripe') return 'ignored: no provider fee';
        const fee = chargeFeeOf(object);
        if (!order.paidAt) {
          // Out of order: a charge with a balance transaction was paid; apply the payment first (with its fee).
          if (object.status !== 'succeeded') return 'ignored: charge not succeeded';
          const result = await this.applySucceeded(tx, order, { chargeId: object.id ?? null, at: now, fee });
          return `${result}; provider fee ${fee ? 'recorded' : 'to read'}`;
        }
        if (await hasProviderFee(tx, order.id)) return 'provider fee already recorded';
        if (fee) return (await this.bookProviderFee(tx, order, fee, now)) ? 'provider fee recorded' : 'provider fee already recorded';
        // The event names the balance transaction by id only: the job reads it.
        await this.jobs.add(tx, PAYMENTS_TASKS.providerFee, { orderId: order.id }, { jobKey: providerFeeJobKey(order.id) });
        return 'provider fee to read';
      }
      case 'payment_intent.payment_failed': {
        const order = await lockOrderOfIntent(tx, String(object.id ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        if (order.paidAt || order.state !== 'pending_payment') return 'ignored: not waiting for payment';
        const message = String(object.last_payment_error?.message ?? 'The card was declined').slice(0, 300);
        await addHistory(tx, order.id, { state: order.state, note: `Payment failed: ${message}`, actor: 'system', actorId: null }, now);
        await this.notifications.notify(tx, order, 'payment_failed', message);
        return 'payment failed noted';
      }
      case 'charge.refunded': {
        const order = await this.paidFirst(tx, await lockOrderOfIntent(tx, intentOf(object), object.metadata?.orderId), object.id ?? null, now);
        if (!order) return 'unknown order';
        const refunded = Math.min(Number(object.amount_refunded ?? 0), orderCents(order).total);
        const inFlight = await moneyInFlight(tx, order.id);
        const step = providerRefundStep(refunded, orderCents(order).refunded, inFlight.refundCents > 0 || inFlight.transferPending);
        if (step === 'applied') return 'refund already applied';
        // Ours in flight: this amount may be one of them. Refused, the provider sends the event again later.
        if (step === 'defer') throw new AppError('conflict', 'money_in_flight', 'A refund or escrow release of this order is in flight; send the event again later');
        await this.applyRefund(tx, order, refunded, { ref: `charge:${object.id}:${refunded}`, actor: 'system', actorId: null, note: 'Refunded at the provider', at: now });
        return `refunded to ${formatCents(refunded)}`;
      }
      case 'charge.dispute.created': {
        const order = await this.paidFirst(tx, await lockOrderOfIntent(tx, intentOf(object), object.metadata?.orderId), object.charge ?? null, now);
        if (!order) return 'unknown order';
        if (order.disputedAt) return 'dispute already noted';
        const note = `Dispute opened by the buyer's bank${object.reason ? ` (${String(object.reason).slice(0, 100)})` : ''}`;
        await recordDispute(tx, order.id, now, { state: 'disputed', note, actor: 'system', actorId: null });
        await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderDisputed, payload: orderEvent(order) });
        await this.notifications.notify(tx, order, 'disputed');
        return 'disputed';
      }
      case 'account.updated': {
        const flags = { chargesEnabled: Boolean(object.charges_enabled), payoutsEnabled: Boolean(object.payouts_enabled), detailsSubmitted: Boolean(object.details_submitted) };
        const account = await updateConnectAccount(tx, String(object.id ?? ''), flags, now);
        if (!account) return 'unknown account';
        if (account.chargesEnabled) await this.sellerBecameReady(tx, account.sellerId, now);
        return 'account updated';
      }
      default:
        return 'ignored';
    }
  }

  /** Out of order: a refund or dispute before its payment's event means the payment happened; it is applied first. */
  private async paidFirst(tx: SqlExecutor, order: Order | null, chargeId: string | null, now: Date): Promise<Order | null> {
    if (!order || order.paidAt) return order;
    await this.applySucceeded(tx, order, { chargeId, at: now });
    return lockOrderRow(tx, order.id);
  }

  /** Waiting orders of a seller who finished payout setup: a fresh payment window, and the buyers told. */
  private async sellerBecameReady(tx: SqlExecutor, sellerId: string, now: Date): Promise<void> {
    for (const order of await lockOrdersAwaitingSeller(tx, sellerId)) {
      const payBy = new Date(Math.max(order.payBy?.getTime() ?? 0, now.getTime() + payWindow(order.source)));
      await extendPayBy(tx, order.id, payBy, now);
      await this.jobs.add(tx, PAYMENTS_TASKS.cancelUnpaid, { orderId: order.id }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', order.id) });
      await this.notifications.notify(tx, order, 'seller_ready');
    }
  }

  /**
   * Applies a succeeded payment to `order` (locked by the caller) once: paid, sold, ledger, timers, mail. A
   * payment that arrives after the order was cancelled is recorded and refunded in full by a job.
   */
  private async applySucceeded(tx: SqlExecutor, order: Order, p: { chargeId: string | null; at: Date; fee?: ProviderFee | null }): Promise<string> {
    if (order.paidAt) return 'payment already applied';
    const { at } = p;
    const escrow = order.escrowChoice === 'escrow';
    const provider = order.provider ?? this.provider.name;
    const total = storedCents(order.total);
    const lines = paymentLines({ totalCents: total, commissionCents: storedCents(order.commission), escrow });
    if (order.state === 'cancelled') {
      const history = { state: 'cancelled' as const, note: 'Paid after the order was cancelled: refunded in full', actor: 'system' as const, actorId: null };
      await recordPayment(tx, order, { lines, provider, cents: total, at, shipBy: null, chargeId: p.chargeId, history });
      await this.providerFee(tx, order, provider, p.fee, at);
      await this.jobs.add(tx, PAYMENTS_TASKS.refundLatePayment, { orderId: order.id }, { jobKey: orderJobKey('refundLatePayment', order.id) });
      return 'late payment: refund queued';
    }
    const shipBy = new Date(at.getTime() + ORDER_TIMES.shipBy);
    const note = provider === 'test' ? 'Paid in test mode (no card charged)' : escrow ? 'Paid into escrow' : 'Paid by card';
    await recordPayment(tx, order, { lines, provider, cents: total, at, shipBy, chargeId: p.chargeId, history: { state: 'paid', note, actor: 'buyer', actorId: order.buyerId } });
    await this.providerFee(tx, order, provider, p.fee, at);
    await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderPaid, payload: orderEvent(order) });
    await this.jobs.add(tx, PAYMENTS_TASKS.shipReminder, { orderId: order.id }, { runAt: new Date(at.getTime() + ORDER_TIMES.shipReminder), jobKey: orderJobKey('shipReminder', order.id) });
    await this.jobs.add(tx, PAYMENTS_TASKS.shipLate, { orderId: order.id }, { runAt: shipBy, jobKey: orderJobKey('shipLate', order.id) });
    await this.notifications.notify(tx, order, 'paid');
    return 'paid';
  }

  /** A Stripe payment's fee: booked now when the event carried it, else read by a job. */
  private async providerFee(tx: SqlExecutor, order: Order, provider: PaymentProviderName, fee: ProviderFee | null | undefined, at: Date): Promise<void> {
    if (provider !== 'stripe') return;
    if (fee) await this.bookProviderFee(tx, order, fee, at);
    else await this.jobs.add(tx, PAYMENTS_TASKS.providerFee, { orderId: order.id }, { jobKey: providerFeeJobKey(order.id) });
  }

  /** Books a Stripe payment's processing fee on `order` (locked by the caller) once; true when added now. */
  private async bookProviderFee(tx: SqlExecutor, order: Order, fee: ProviderFee, at: Date): Promise<boolean> {
    if ((order.provider ?? this.provider.name) !== 'stripe') return false;
    // Unique per order and account (`ledger_entries_provider_fee_unique`): a second booking adds nothing.
    return addLedger(tx, order, providerFeeLines(fee.feeCents, `Stripe fee (${fee.ref})`), at, { once: true });
  }

  /**
   * The job behind a payment whose event did not carry the fee: asks Stripe for the charge's balance transaction
   * (outside any transaction) and books the fee once. Not known yet: nothing, Stripe's `charge.updated` brings it.
   * The test provider charges no fee and is never asked.
   */
  async recordProviderFee(orderId: string): Promise<string> {
    const order = await this.db.em.findOne(Order, orderId, { refresh: true });
    if (!order) return 'no order';
    if (!order.paidAt) return 'not paid';
    if ((order.provider ?? this.provider.name) !== 'stripe' || this.provider.name !== 'stripe') return 'no provider fee';
    if (await hasProviderFee(this.db.em, orderId)) return 'provider fee already recorded';
    const fee = await this.provider.chargeFee({ chargeId: order.chargeId, intentId: order.paymentIntentId });
    if (!fee) return 'provider fee not known yet';
    return this.db.transaction(async (tx) => {
      const locked = (await lockOrder(tx, orderId))!;
      return (await this.bookProviderFee(tx, locked, fee, this.clock.now())) ? 'provider fee recorded' : 'provider fee already recorded';
    });
  }

  /**
   * Applies refunds totalling `newRefundedCents` to `order` (locked by the caller): ledger, amounts, state,
   * history, event, mail; after an escrow release, the transfer reversal it owes (its job is the retry).
   */
  async applyRefund(tx: SqlExecutor, order: Order, newRefundedCents: number, r: RefundApplied): Promise<void> {
    const escrow = order.escrowChoice === 'escrow';
    const money = orderCents(order);
    const { lines, commissionReturnedCents, reversalCents } = refundLines({
      totalCents: money.total,
      commissionCents: money.commission,
      refundedCents: money.refunded,
      newRefundedCents,
      escrowHeld: escrow && !order.escrowReleasedAt,
      escrowReleased: escrow && Boolean(order.escrowReleasedAt),
    });
    const full = newRefundedCents >= money.total;
    const state: OrderState = ['cancelled', 'disputed'].includes(order.state) ? order.state : full ? 'refunded' : 'partially_refunded';
    await recordRefund(tx, order, {
      lines,
      provider: order.provider ?? this.provider.name,
      refundedCents: newRefundedCents,
      commissionReturnedCents,
      state,
      // Owed until the provider makes it: a pending reversal keyed by the refunded total.
      reversal: reversalCents > 0 ? { key: transferReversalKey(order.id, newRefundedCents), cents: reversalCents } : null,
      refund: r.paymentId ? { paymentId: r.paymentId, ref: r.ref ?? r.paymentId } : { ref: r.ref, cents: newRefundedCents - money.refunded },
      history: { state, note: r.note, actor: r.actor, actorId: r.actorId },
      at: r.at,
    });
    if (reversalCents > 0) {
      // The refund's caller tries the reversal at once; the job is the safety net and the retry.
      await this.jobs.add(tx, PAYMENTS_TASKS.transferReversal, { orderId: order.id }, {
        jobKey: transferReversalJobKey(order.id),
        ...(r.reverseNow ? { runAt: new Date(r.at.getTime() + REVERSAL_SAFETY_NET) } : {}),
      });
    }
    const reason = r.actor === 'system' ? null : r.actor;
    await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderRefunded, payload: orderEvent(order, reason) });
    await this.notifications.notify(tx, order, 'refunded', `Amount refunded: $${formatCents(newRefundedCents - money.refunded)}.`);
  }
}
