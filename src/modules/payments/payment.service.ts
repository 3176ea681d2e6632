import { inject, injectable } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { escrowReleaseLines, paymentLines, providerFeeLines, refundLines, transferReversalLines } from './ledger.rules.js';
import type { OrderState, PaymentProviderName } from './order.dto.js';
import { OrderNotificationService } from './order-notification.service.js';
import { addHistory, addLedger, addPayment, hasProviderFee, readOrder, readOrderByIntent, type OrderRow } from './order.repository.js';
import { chargeFeeOf, PaymentProvider, ProviderRefusal, type ProviderFee } from './payment.provider.js';
import { PAYMENTS_EVENTS, type OrderEventPayload } from './payments.events.js';
import { ORDER_TIMES, orderJobKey, PAYMENTS_TASKS, providerFeeJobKey, SETTLE_AFTER, settleJobKey, transferReversalJobKey } from './payments.jobs.js';
import { markFailed, markRefundMade, moneyInFlight, pendingTransfer } from './refund.repository.js';
import { providerRefundStep } from './refund.rules.js';
import { Database } from '../../platform/db/database.js';

/** A provider event as the webhook (or the test provider) hands it in. */
export interface ProviderEvent {
  id: string;
  type: string;
  // biome-ignore lint: the provider's object, read field by field
  data: { object: Record<string, any> };
}

/** The payload of every order event. */
export const orderEvent = (o: OrderRow, reason: OrderEventPayload['reason'] = null): OrderEventPayload => ({
  orderId: o.id,
  buyerId: o.buyerId,
  sellerId: o.sellerId,
  partId: o.partId,
  source: o.source,
  sourceId: o.sourceId,
  totalCents: o.totalCents,
  reason,
});

/**
 * The idempotency key of the escrow transfer reversal that goes with refunds reaching `refundedTo` cents in all
 * (like the refund's own key). Stored as the reversal's `provider_ref` until the provider answers with its id.
 */
export const transferReversalKey = (orderId: string, refundedTo: number) => `order-${orderId}-transfer-reversal-to-${refundedTo}`;

/** The refunded total a transferReversalKey names, or null for any other text. */
export const refundedToOfReversalKey = (key: string): number | null => {
  const n = Number(/-transfer-reversal-to-(\d+)$/.exec(key)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(n) ? n : null;
};

/** What a run of an order's owed transfer reversals did. */
export interface ReversalRun {
  result: string;
  failed: boolean;
  error?: string;
}

/** A retry of owed reversals, when the refund's own attempt (right after it) did not happen. */
const REVERSAL_SAFETY_NET = 15 * 60_000;

/**
 * The money side of orders: payments applied once (from the webhook or the test provider), refunds with the
 * commission returned in proportion, escrow releases, and the provider's events stored by id and applied once.
 */
@injectable()
export class PaymentService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly bus: EventBus,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
  ) {}

  /** The provider an order was paid through (this process's own for an order that does not say). */
  private providerOf(order: Pick<OrderRow, 'provider'>): PaymentProviderName {
    return order.provider ?? this.provider.name;
  }

  /**
   * Stores a provider event by its id and applies it in the same transaction: a replay finds the id and changes
   * nothing; a failure rolls both back so the provider's retry applies it. Answers what happened.
   */
  async processEvent(event: ProviderEvent): Promise<string> {
    // Plain pg, not the ORM: the hot path of the webhook benchmark (docs/performance.md, payments).
    return this.db.sqlTransaction('write', async (tx) => {
      // The jobs the event's effects queue (subscribers, timers, mail) go in with the commit, in one statement.
      const jobs = this.jobs.gather(tx);
      const now = this.clock.now();
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into payment_events (id, type, payload, received_at) values (?, ?, ?::jsonb, ?) on conflict (id) do nothing returning id`,
        [event.id, event.type, JSON.stringify(event), now.toISOString()],
      );
      if (!inserted.length) return 'duplicate';
      const result = await this.apply(tx, event, now);
      const gathered = jobs.take();
      await tx.executeMany(
        [{ sql: `update payment_events set result = ? where id = ?`, params: [result.slice(0, 200), event.id] }, ...(gathered ? [gathered] : [])],
        true,
      );
      return result;
    });
  }

  private async apply(tx: SqlExecutor, event: ProviderEvent, now: Date): Promise<string> {
    const object = event.data?.object ?? {};
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const order = await this.orderOfIntent(tx, String(object.id ?? ''), object.metadata?.orderId);
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
        const intent = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
        const order = await this.orderOfIntent(tx, String(intent ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        if (this.providerOf(order) !== 'stripe') return 'ignored: no provider fee';
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
        const order = await this.orderOfIntent(tx, String(object.id ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        if (order.paidAt || order.state !== 'pending_payment') return 'ignored: not waiting for payment';
        const message = String(object.last_payment_error?.message ?? 'The card was declined').slice(0, 300);
        await addHistory(tx, order.id, order.state, `Payment failed: ${message}`, 'system', null, now);
        await this.notifications.notify(tx, order, 'payment_failed', message);
        return 'payment failed noted';
      }
      case 'charge.refunded': {
        const intent = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
        let order = await this.orderOfIntent(tx, String(intent ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        // Out of order: a refund before its payment's event means the payment happened; apply it first.
        if (!order.paidAt) {
          await this.applySucceeded(tx, order, { chargeId: object.id ?? null, at: now });
          order = (await readOrder(tx, order.id, true))!;
        }
        const refunded = Math.min(Number(object.amount_refunded ?? 0), order.totalCents);
        const inFlight = await moneyInFlight(tx, order.id);
        const step = providerRefundStep(refunded, order.refundedCents, inFlight.refundCents > 0 || inFlight.transferPending);
        if (step === 'applied') return 'refund already applied';
        // Ours in flight: this amount may be one of them. Refused, the provider sends the event again later.
        if (step === 'defer') throw new AppError('conflict', 'money_in_flight', 'A refund or escrow release of this order is in flight; send the event again later');
        await this.applyRefund(tx, order, refunded, { ref: `charge:${object.id}:${refunded}`, actor: 'system', actorId: null, note: 'Refunded at the provider', at: now });
        return `refunded to ${formatCents(refunded)}`;
      }
      case 'charge.dispute.created': {
        const intent = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
        let order = await this.orderOfIntent(tx, String(intent ?? ''), object.metadata?.orderId);
        if (!order) return 'unknown order';
        if (!order.paidAt) {
          await this.applySucceeded(tx, order, { chargeId: object.charge ?? null, at: now });
          order = (await readOrder(tx, order.id, true))!;
        }
        if (order.disputedAt) return 'dispute already noted';
        await tx.execute(`update orders set state = 'disputed', disputed_at = ?, updated_at = ? where id = ?`, [now.toISOString(), now.toISOString(), order.id]);
        await addHistory(tx, order.id, 'disputed', `Dispute opened by the buyer's bank${object.reason ? ` (${String(object.reason).slice(0, 100)})` : ''}`, 'system', null, now);
        await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderDisputed, payload: orderEvent(order) });
        await this.notifications.notify(tx, order, 'disputed');
        return 'disputed';
      }
      case 'account.updated': {
        const rows = await tx.execute<{ seller_id: string; charges_enabled: boolean }[]>(
          `update connect_accounts set charges_enabled = ?, payouts_enabled = ?, details_submitted = ?, updated_at = ?
            where account_id = ? returning seller_id, charges_enabled`,
          [Boolean(object.charges_enabled), Boolean(object.payouts_enabled), Boolean(object.details_submitted), now.toISOString(), String(object.id ?? '')],
        );
        if (!rows.length) return 'unknown account';
        if (rows[0]!.charges_enabled) await this.sellerBecameReady(tx, rows[0]!.seller_id, now);
        return 'account updated';
      }
      default:
        return 'ignored';
    }
  }

  private async orderOfIntent(tx: SqlExecutor, intentId: string, orderId: unknown): Promise<OrderRow | null> {
    const byIntent = intentId ? await readOrderByIntent(tx, intentId, true) : null;
    if (byIntent) return byIntent;
    return typeof orderId === 'string' && /^[0-9a-f-]{36}$/i.test(orderId) ? readOrder(tx, orderId, true) : null;
  }

  /** Waiting orders of a seller who finished payout setup: a fresh payment window, and the buyers told. */
  private async sellerBecameReady(tx: SqlExecutor, sellerId: string, now: Date): Promise<void> {
    const waiting = await tx.execute<{ id: string }[]>(
      `select id from orders where seller_id = ? and state = 'pending_payment' and provider is null order by created_at limit 100`,
      [sellerId],
    );
    for (const { id } of waiting) {
      const order = (await readOrder(tx, id, true))!;
      const window = order.source === 'buy_now' ? ORDER_TIMES.buyNowPayWindow : ORDER_TIMES.auctionPayWindow;
      const payBy = new Date(Math.max(order.payBy?.getTime() ?? 0, now.getTime() + window));
      await tx.execute(`update orders set pay_by = ?, updated_at = ? where id = ?`, [payBy.toISOString(), now.toISOString(), id]);
      await this.jobs.add(tx, PAYMENTS_TASKS.cancelUnpaid, { orderId: id }, { runAt: payBy, jobKey: orderJobKey('cancelUnpaid', id) });
      await this.notifications.notify(tx, order, 'seller_ready');
    }
  }

  /**
   * Applies a succeeded payment to `order` (locked by the caller) once: paid, sold, ledger, timers, mail. A
   * payment that arrives after the order was cancelled is recorded and refunded in full by a job.
   */
  async applySucceeded(tx: SqlExecutor, order: OrderRow, p: { chargeId: string | null; at: Date; fee?: ProviderFee | null }): Promise<string> {
    if (order.paidAt) return 'payment already applied';
    const at = p.at;
    const escrow = order.escrowChoice === 'escrow';
    const provider = this.providerOf(order);
    await addLedger(tx, order, paymentLines({ totalCents: order.totalCents, commissionCents: order.commissionCents, escrow }), at);
    if (provider === 'stripe') {
      if (p.fee) await this.bookProviderFee(tx, order, p.fee, at);
      else await this.jobs.add(tx, PAYMENTS_TASKS.providerFee, { orderId: order.id }, { jobKey: providerFeeJobKey(order.id) });
    }
    await addPayment(tx, { orderId: order.id, kind: 'charge', provider, ref: order.paymentIntentId, status: 'succeeded', cents: order.totalCents, at });
    if (order.state === 'cancelled') {
      await tx.execute(`update orders set paid_at = ?, charge_id = coalesce(?, charge_id), updated_at = ? where id = ?`, [at.toISOString(), p.chargeId, at.toISOString(), order.id]);
      await addHistory(tx, order.id, 'cancelled', 'Paid after the order was cancelled: refunded in full', 'system', null, at);
      await this.jobs.add(tx, PAYMENTS_TASKS.refundLatePayment, { orderId: order.id }, { jobKey: orderJobKey('refundLatePayment', order.id) });
      return 'late payment: refund queued';
    }
    const shipBy = new Date(at.getTime() + ORDER_TIMES.shipBy);
    await tx.execute(
      `update orders set state = case when state = 'pending_payment' then 'paid' else state end, paid_at = ?, ship_by = ?,
              charge_id = coalesce(?, charge_id), updated_at = ? where id = ?`,
      [at.toISOString(), shipBy.toISOString(), p.chargeId, at.toISOString(), order.id],
    );
    const paid = { ...order, state: 'paid' as const, paidAt: at, shipBy };
    await addHistory(tx, order.id, 'paid', provider === 'test' ? 'Paid in test mode (no card charged)' : escrow ? 'Paid into escrow' : 'Paid by card', 'buyer', order.buyerId, at);
    await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderPaid, payload: orderEvent(paid) });
    await this.jobs.add(tx, PAYMENTS_TASKS.shipReminder, { orderId: order.id }, { runAt: new Date(at.getTime() + ORDER_TIMES.shipReminder), jobKey: orderJobKey('shipReminder', order.id) });
    await this.jobs.add(tx, PAYMENTS_TASKS.shipLate, { orderId: order.id }, { runAt: shipBy, jobKey: orderJobKey('shipLate', order.id) });
    await this.notifications.notify(tx, paid, 'paid');
    return 'paid';
  }

  /** Books a Stripe payment's processing fee on `order` (locked by the caller) once; true when added now. */
  private async bookProviderFee(tx: SqlExecutor, order: OrderRow, fee: ProviderFee, at: Date): Promise<boolean> {
    if (this.providerOf(order) !== 'stripe') return false;
    // Unique per order and account (`ledger_entries_provider_fee_unique`): a second booking adds nothing.
    return addLedger(tx, order, providerFeeLines(fee.feeCents, `Stripe fee (${fee.ref})`), at, { once: true });
  }

  /**
   * The job behind a payment whose event did not carry the fee: asks Stripe for the charge's balance transaction
   * (outside any transaction) and books the fee once. Not known yet: nothing, Stripe's `charge.updated` brings it.
   * The test provider charges no fee and is never asked.
   */
  async recordProviderFee(orderId: string): Promise<string> {
    const order = await readOrder(this.db.em, orderId);
    if (!order) return 'no order';
    if (!order.paidAt) return 'not paid';
    if (this.providerOf(order) !== 'stripe' || this.provider.name !== 'stripe') return 'no provider fee';
    if (await hasProviderFee(this.db.em, orderId)) return 'provider fee already recorded';
    const fee = await this.provider.chargeFee({ chargeId: order.chargeId, intentId: order.paymentIntentId });
    if (!fee) return 'provider fee not known yet';
    return this.db.em.transactional(async (tx) => {
      const locked = (await readOrder(tx, orderId, true))!;
      return (await this.bookProviderFee(tx, locked, fee, this.clock.now())) ? 'provider fee recorded' : 'provider fee already recorded';
    });
  }

  /** Applies refunds totalling `newRefundedCents` to `order` (locked): ledger, amounts, state, history, event, mail. */
  async applyRefund(
    tx: SqlExecutor,
    order: OrderRow,
    newRefundedCents: number,
    r: { ref: string | null; actor: 'admin' | 'seller' | 'system' | 'buyer'; actorId: string | null; note: string; at: Date; reverseNow?: boolean; paymentId?: string },
  ): Promise<void> {
    const escrow = order.escrowChoice === 'escrow';
    const { lines, commissionReturnedCents, reversalCents } = refundLines({
      totalCents: order.totalCents,
      commissionCents: order.commissionCents,
      refundedCents: order.refundedCents,
      newRefundedCents,
      escrowHeld: escrow && !order.escrowReleasedAt,
      escrowReleased: escrow && Boolean(order.escrowReleasedAt),
    });
    await addLedger(tx, order, lines, r.at);
    if (reversalCents > 0) {
      // Owed until the provider makes it: a pending reversal keyed by the refunded total, and its job (the
      // refund's caller tries at once; the job is the safety net and the retry).
      await addPayment(tx, { orderId: order.id, kind: 'transfer_reversal', provider: this.providerOf(order), ref: transferReversalKey(order.id, newRefundedCents), status: 'pending', cents: reversalCents, at: r.at });
      await this.jobs.add(tx, PAYMENTS_TASKS.transferReversal, { orderId: order.id }, {
        jobKey: transferReversalJobKey(order.id),
        ...(r.reverseNow ? { runAt: new Date(r.at.getTime() + REVERSAL_SAFETY_NET) } : {}),
      });
    }
    const full = newRefundedCents >= order.totalCents;
    const state: OrderState = ['cancelled', 'disputed'].includes(order.state) ? order.state : full ? 'refunded' : 'partially_refunded';
    await tx.execute(`update orders set refunded = ?, commission_returned = ?, state = ?, updated_at = ? where id = ?`, [
      formatCents(newRefundedCents),
      formatCents(commissionReturnedCents),
      state,
      r.at.toISOString(),
      order.id,
    ]);
    // A refund of ours is its reserved row, made now; one made at the provider (its event) is a new row.
    if (r.paymentId) await markRefundMade(tx, r.paymentId, r.ref ?? r.paymentId);
    else await addPayment(tx, { orderId: order.id, kind: 'refund', provider: this.providerOf(order), ref: r.ref, status: 'succeeded', cents: newRefundedCents - order.refundedCents, at: r.at });
    await addHistory(tx, order.id, state, r.note, r.actor, r.actorId, r.at);
    await this.bus.publish(tx, { name: PAYMENTS_EVENTS.orderRefunded, payload: orderEvent({ ...order, state }, r.actor === 'system' ? null : r.actor === 'buyer' ? 'buyer' : r.actor) });
    await this.notifications.notify(tx, { ...order, state }, 'refunded', `Amount refunded: $${formatCents(newRefundedCents - order.refundedCents)}.`);
  }

  /**
   * Makes an order's owed escrow transfer reversals at the provider (outside any transaction), oldest first, each
   * under its idempotency key (order and refunded total), so a retry never reverses twice. Made: the reversal's id
   * replaces the key, and the ledger books it (seller to marketplace). Refused (e.g. the seller's balance is too
   * low): the reversal is marked failed and stays owed, the history says so once, and the caller (the job) retries.
   * With `fresh` (the key of the one a refund has just made) only that one is tried, at once; every other run
   * first looks for each at the provider by its metadata, and records one found as made instead of reversing
   * again (keys expire after 24 hours at Stripe). Refunds at once leave each other's reversals to the job.
   */
  async reverseTransfers(orderId: string, opts: { fresh?: string } = {}): Promise<ReversalRun> {
    const em = this.db.em;
    const owed = await em.execute<{ id: string; provider_ref: string; amount: string }[]>(
      `select id, provider_ref, amount::text from order_payments where order_id = ? and kind = 'transfer_reversal' and status <> 'succeeded'
          and (?::text is null or provider_ref = ?) order by created_at, id`,
      [orderId, opts.fresh ?? null, opts.fresh ?? null],
    );
    if (!owed.length) return { result: 'nothing owed', failed: false };
    const [transfer] = await em.execute<{ provider_ref: string }[]>(
      `select provider_ref from order_payments where order_id = ? and kind = 'transfer' and status = 'succeeded' and provider_ref is not null order by created_at desc limit 1`,
      [orderId],
    );
    let made = 0;
    for (const row of owed) {
      const cents = storedCents(row.amount);
      let reversal: { id: string };
      try {
        if (!transfer) throw new Error('no escrow transfer to reverse');
        const refundedTo = refundedToOfReversalKey(row.provider_ref);
        if (refundedTo === null) throw new Error(`owed reversal ${row.id} has no key`);
        // A retry (any row but the one the refund has just made) first looks for the reversal at the provider:
        // made by an attempt whose answer was lost, its key may have expired since, and a second would reverse twice.
        const found = row.provider_ref === opts.fresh ? null : await this.provider.findReversal({ orderId, transferId: transfer.provider_ref, refundedTo });
        reversal = found ?? (await this.provider.reverseTransfer({ orderId, transferId: transfer.provider_ref, amountCents: cents, refundedTo, idempotencyKey: row.provider_ref }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.db.em.transactional(async (tx) => {
          const locked = (await readOrder(tx, orderId, true))!;
          const marked = await tx.execute<unknown[]>(`update order_payments set status = 'failed' where id = ? and status = 'pending' returning id`, [row.id]);
          // The order's job (queued with the refund) is the retry: graphile-worker backs off while it throws.
          if (marked.length) await addHistory(tx, orderId, locked.state, `Transfer reversal of $${formatCents(cents)} not made yet: owed by the seller, retried automatically`, 'system', null, this.clock.now(), 'seller');
        });
        return { result: `${made} reversed; reversal failed`, failed: true, error: message.slice(0, 300) };
      }
      // Counted only when this run records it: another run may have recorded the same reversal (same key) first.
      const recorded = await this.db.em.transactional(async (tx) => {
        const locked = (await readOrder(tx, orderId, true))!;
        const done = await tx.execute<unknown[]>(`update order_payments set status = 'succeeded', provider_ref = ? where id = ? and status <> 'succeeded' returning id`, [reversal.id, row.id]);
        if (!done.length) return false;
        const at = this.clock.now();
        await addLedger(tx, locked, transferReversalLines(cents, `Transfer reversal (${reversal.id})`), at);
        await addHistory(tx, orderId, locked.state, `Transfer reversed: $${formatCents(cents)} taken back from the seller`, 'system', null, at, 'seller');
        return true;
      });
      if (recorded) made++;
    }
    return { result: `${made} reversed`, failed: false };
  }

  /**
   * A return request on an escrowed order holds its money (`held`), and the return's end lets it go: when the
   * inspection period is over by then, the release job runs now. No-op for orders without held escrow.
   */
  async holdEscrow(orderId: string, held: boolean, note: string): Promise<void> {
    await this.db.em.transactional(async (tx) => {
      const o = await readOrder(tx, orderId, true);
      if (!o || o.escrowChoice !== 'escrow' || !o.paidAt || o.escrowReleasedAt || Boolean(o.escrowHoldAt) === held) return;
      const now = this.clock.now();
      await tx.execute(`update orders set escrow_hold_at = ?, updated_at = ? where id = ?`, [held ? now.toISOString() : null, now.toISOString(), orderId]);
      await addHistory(tx, orderId, o.state, note, 'system', null, now);
      if (!held && o.deliveredAt) {
        const due = new Date(Math.max(now.getTime(), o.deliveredAt.getTime() + ORDER_TIMES.inspection));
        await this.jobs.add(tx, PAYMENTS_TASKS.escrowRelease, { orderId }, { runAt: due, jobKey: orderJobKey('escrowRelease', orderId) });
      }
    });
  }

  /**
   * Sends an escrowed order's money to the seller (less the commission left), once: after the buyer confirms
   * the item is as described, or when the inspection period ends. Skipped while disputed or fully refunded.
   * The amount is fixed under the order's lock, where the transfer is reserved (a `pending` transfer row holding
   * its key): refunds are refused while it is in flight and it waits (409, the job retries) while refunds are, so
   * what is sent is what the ledger books. A transfer in flight whose answer never came is sent again under its
   * key (by the next release or the settle job) and recorded as made, a return's hold set meanwhile or not.
   */
  async releaseEscrow(orderId: string, note: string): Promise<boolean> {
    const start = await this.db.em.transactional(async (tx) => {
      const o = await readOrder(tx, orderId, true);
      if (!o || o.escrowChoice !== 'escrow' || !o.paidAt || o.escrowReleasedAt) return null;
      const inFlight = await pendingTransfer(tx, orderId);
      if (inFlight) return { ...inFlight, destination: o.destinationAccount };
      if (o.state === 'disputed' || o.state === 'cancelled' || o.refundedCents >= o.totalCents || o.escrowHoldAt) return null;
      if ((await moneyInFlight(tx, orderId)).refundCents > 0) throw new AppError('conflict', 'refund_in_progress', 'A refund of this order is being made; the escrow is released after it');
      const cents = o.totalCents - o.refundedCents - (o.commissionCents - o.commissionReturnedCents);
      const key = `order-${orderId}-escrow-release-${cents}`;
      const now = this.clock.now();
      // A refused attempt with the same amount left its row (and key) behind: that row is tried again.
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into order_payments (order_id, kind, provider, provider_ref, status, amount, created_at) values (?, 'transfer', ?, ?, 'pending', ?, ?)
         on conflict (kind, provider_ref) where provider_ref is not null do update set status = 'pending', error = null returning id`,
        [orderId, this.providerOf(o), key, formatCents(cents), now.toISOString()],
      );
      await this.jobs.add(tx, PAYMENTS_TASKS.settle, { orderId }, { runAt: new Date(now.getTime() + SETTLE_AFTER), jobKey: settleJobKey(orderId) });
      return { id: row!.id, key, cents, destination: o.destinationAccount };
    });
    if (!start) return false;
    let transfer: { id: string };
    try {
      transfer = await this.provider.transfer({ orderId, amountCents: start.cents, destination: start.destination ?? '', idempotencyKey: start.key });
    } catch (error) {
      // Refused: nothing was sent, the row says so and the next release tries again. Any other error: the
      // transfer may have been made; it stays in flight, to be sent again under its key.
      if (error instanceof ProviderRefusal) {
        await this.db.em.transactional(async (tx) => {
          await readOrder(tx, orderId, true);
          await markFailed(tx, start.id, error.message);
        });
      }
      throw error;
    }
    return this.db.em.transactional(async (tx) => {
      const locked = (await readOrder(tx, orderId, true))!;
      const done = await tx.execute<unknown[]>(`update order_payments set status = 'succeeded', provider_ref = ? where id = ? and status = 'pending' returning id`, [transfer.id, start.id]);
      // Another call (the settle job) recorded this same transfer.
      if (!done.length) return false;
      const at = this.clock.now();
      await addLedger(tx, locked, escrowReleaseLines(locked), at);
      await tx.execute(`update orders set escrow_released_at = ?, updated_at = ? where id = ?`, [at.toISOString(), at.toISOString(), orderId]);
      await addHistory(tx, orderId, locked.state, note, 'system', null, at);
      await this.notifications.notify(tx, locked, 'escrow_released');
      return true;
    });
  }
}
