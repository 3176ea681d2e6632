import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { escrowReleaseLines, transferReversalLines } from './ledger.rules.js';
import { OrderHistory } from './order-history.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import { OrderPayment } from './order-payment.entity.js';
import { addLedger, moneyInFlight } from './order-payments.sql.js';
import { lockOrder } from './order.repository.js';
import { ORDER_TIMES, orderCents } from './order.rules.js';
import { PaymentProvider, ProviderRefusal } from './payment.provider.js';
import { orderJobKey, PAYMENTS_TASKS, SETTLE_AFTER, settleJobKey } from './payments.tasks.js';
import { refundedToOfReversalKey } from './refund.rules.js';

/** What a run of an order's owed transfer reversals did. */
export interface ReversalRun {
  result: string;
  failed: boolean;
  error?: string;
}

/**
 * Escrow (issue 22): an escrowed order's money is held until the buyer confirms or the inspection ends (and
 * while a return request is open), then transferred to the seller less the commission; a refund after the
 * release takes the seller's share back by reversing that transfer. The provider is asked outside any
 * transaction; what it made is recorded under the order's lock.
 */
@injectable()
export class EscrowService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(OrderNotificationService) private readonly notifications: OrderNotificationService,
  ) {}

  /**
   * A return request on an escrowed order holds its money (`held`), and the return's end lets it go: when the
   * inspection period is over by then, the release job runs now. No-op for orders without held escrow.
   */
  async holdEscrow(orderId: string, held: boolean, note: string): Promise<void> {
    await this.db.transaction(async (em) => {
      const o = await lockOrder(em, orderId);
      if (!o || o.escrowChoice !== 'escrow' || !o.paidAt || o.escrowReleasedAt || Boolean(o.escrowHoldAt) === held) return;
      const now = this.clock.now();
      em.assign(o, { escrowHoldAt: held ? now : null, updatedAt: now });
      em.create(OrderHistory, { orderId, state: o.state, note, actor: 'system', actorId: null, at: now });
      if (!held && o.deliveredAt) {
        const due = new Date(Math.max(now.getTime(), o.deliveredAt.getTime() + ORDER_TIMES.inspection));
        await this.jobs.add(em, PAYMENTS_TASKS.escrowRelease, { orderId }, { runAt: due, jobKey: orderJobKey('escrowRelease', orderId) });
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
    const start = await this.db.transaction(async (em) => {
      const o = await lockOrder(em, orderId);
      if (!o || o.escrowChoice !== 'escrow' || !o.paidAt || o.escrowReleasedAt) return null;
      const inFlight = await em.findOne(OrderPayment, { orderId, kind: 'transfer', status: 'pending' }, { orderBy: { createdAt: 'asc' }, refresh: true });
      if (inFlight) return { id: inFlight.id, key: inFlight.providerRef!, cents: storedCents(inFlight.amount), destination: o.destinationAccount };
      const money = orderCents(o);
      if (o.state === 'disputed' || o.state === 'cancelled' || money.refunded >= money.total || o.escrowHoldAt) return null;
      if ((await moneyInFlight(em, orderId)).refundCents > 0) throw new AppError('conflict', 'refund_in_progress', 'A refund of this order is being made; the escrow is released after it');
      const cents = money.total - money.refunded - (money.commission - money.commissionReturned);
      const key = `order-${orderId}-escrow-release-${cents}`;
      const now = this.clock.now();
      // A refused attempt with the same amount left its row (and key) behind: that row is tried again.
      const refused = await em.findOne(OrderPayment, { kind: 'transfer', providerRef: key }, { refresh: true });
      const row = refused
        ? em.assign(refused, { status: 'pending', error: null })
        : em.create(OrderPayment, { orderId, kind: 'transfer', provider: o.provider ?? this.provider.name, providerRef: key, status: 'pending', amount: formatCents(cents), createdAt: now });
      await this.jobs.add(em, PAYMENTS_TASKS.settle, { orderId }, { runAt: new Date(now.getTime() + SETTLE_AFTER), jobKey: settleJobKey(orderId) });
      return { id: row.id, key, cents, destination: o.destinationAccount };
    });
    if (!start) return false;
    let transfer: { id: string };
    try {
      transfer = await this.provider.transfer({ orderId, amountCents: start.cents, destination: start.destination ?? '', idempotencyKey: start.key });
    } catch (error) {
      // Refused: nothing was sent, the row says so and the next release tries again. Any other error: the
      // transfer may have been made; it stays in flight, to be sent again under its key.
      if (error instanceof ProviderRefusal) {
        await this.db.transaction(async (em) => {
          await lockOrder(em, orderId);
          const row = await em.findOne(OrderPayment, start.id, { refresh: true });
          if (row?.status === 'pending') em.assign(row, { status: 'failed', error: error.message.slice(0, 300) });
        });
      }
      throw error;
    }
    return this.db.transaction(async (em) => {
      const locked = (await lockOrder(em, orderId))!;
      const row = await em.findOne(OrderPayment, start.id, { refresh: true });
      // Another call (the settle job) recorded this same transfer.
      if (row?.status !== 'pending') return false;
      const at = this.clock.now();
      const money = orderCents(locked);
      em.assign(row, { status: 'succeeded', providerRef: transfer.id });
      await addLedger(em, locked, escrowReleaseLines({ totalCents: money.total, refundedCents: money.refunded, commissionCents: money.commission, commissionReturnedCents: money.commissionReturned }), at);
      em.assign(locked, { escrowReleasedAt: at, updatedAt: at });
      em.create(OrderHistory, { orderId, state: locked.state, note, actor: 'system', actorId: null, at });
      await this.notifications.notify(em, locked, 'escrow_released');
      return true;
    });
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
    const owed = await em.find(
      OrderPayment,
      { orderId, kind: 'transfer_reversal', status: { $ne: 'succeeded' }, ...(opts.fresh ? { providerRef: opts.fresh } : {}) },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], refresh: true },
    );
    if (!owed.length) return { result: 'nothing owed', failed: false };
    const transfer = await em.findOne(OrderPayment, { orderId, kind: 'transfer', status: 'succeeded', providerRef: { $ne: null } }, { orderBy: { createdAt: 'desc' }, refresh: true });
    let made = 0;
    for (const { id, providerRef, amount } of owed) {
      const cents = storedCents(amount);
      const key = providerRef ?? '';
      let reversal: { id: string };
      try {
        if (!transfer?.providerRef) throw new Error('no escrow transfer to reverse');
        const refundedTo = refundedToOfReversalKey(key);
        if (refundedTo === null) throw new Error(`owed reversal ${id} has no key`);
        // A retry (any row but the one the refund has just made) first looks for the reversal at the provider:
        // made by an attempt whose answer was lost, its key may have expired since, and a second would reverse twice.
        const found = key === opts.fresh ? null : await this.provider.findReversal({ orderId, transferId: transfer.providerRef, refundedTo });
        reversal = found ?? (await this.provider.reverseTransfer({ orderId, transferId: transfer.providerRef, amountCents: cents, refundedTo, idempotencyKey: key }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.db.transaction(async (tx) => {
          const locked = (await lockOrder(tx, orderId))!;
          const row = await tx.findOne(OrderPayment, id, { refresh: true });
          if (row?.status !== 'pending') return;
          // The order's job (queued with the refund) is the retry: graphile-worker backs off while it throws.
          tx.assign(row, { status: 'failed' });
          const note = `Transfer reversal of $${formatCents(cents)} not made yet: owed by the seller, retried automatically`;
          tx.create(OrderHistory, { orderId, state: locked.state, note, actor: 'system', actorId: null, at: this.clock.now(), audience: 'seller' });
        });
        return { result: `${made} reversed; reversal failed`, failed: true, error: message.slice(0, 300) };
      }
      // Counted only when this run records it: another run may have recorded the same reversal (same key) first.
      const recorded = await this.db.transaction(async (tx) => {
        const locked = (await lockOrder(tx, orderId))!;
        const row = await tx.findOne(OrderPayment, id, { refresh: true });
        if (!row || row.status === 'succeeded') return false;
        const at = this.clock.now();
        tx.assign(row, { status: 'succeeded', providerRef: reversal.id });
        await addLedger(tx, locked, transferReversalLines(cents, `Transfer reversal (${reversal.id})`), at);
        const note = `Transfer reversed: $${formatCents(cents)} taken back from the seller`;
        tx.create(OrderHistory, { orderId, state: locked.state, note, actor: 'system', actorId: null, at, audience: 'seller' });
        return true;
      });
      if (recorded) made++;
    }
    return { result: `${made} reversed`, failed: false };
  }
}
