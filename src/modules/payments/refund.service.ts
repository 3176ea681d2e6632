import { setTimeout as sleep } from 'node:timers/promises';
import { inject, injectable } from 'inversify';

import { AuditLog } from '../../platform/audit.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { StoredAnswer } from '../../platform/db/idempotency-keys.js';
import { AppError } from '../../platform/errors.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { TOKENS } from '../../platform/tokens.js';
import { EscrowService } from './escrow.service.js';
import type { OrderDto, RefundDto, RefundResultDto } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderHistory } from './order-history.entity.js';
import { OrderPayment, type RefundActor } from './order-payment.entity.js';
import { moneyInFlight } from './order-payments.sql.js';
import { lockOrder, lockRefund } from './order.repository.js';
import { orderCents } from './order.rules.js';
import { PaymentEventsService } from './payment-events.service.js';
import { PaymentIdempotencyStore } from './payment-idempotency.repository.js';
import { PaymentProvider, ProviderRefusal } from './payment.provider.js';
import { PAYMENTS_TASKS, SETTLE_AFTER, settleJobKey } from './payments.tasks.js';
import { keyWaitMs, refundKeyScope, refundProviderKey, refundRefusal, transferReversalKey } from './refund.rules.js';

/** One refund asked for: of an order, an amount in cents, why, and by whom. */
export interface RefundRequest {
  orderId: string;
  amountCents: number;
  reason: string;
  actor: RefundActor;
  actorId: string | null;
}

/** A refund the provider made, as its answer tells it. */
export interface MadeRefund {
  id: string;
  cents: number;
  providerRef: string | null;
  createdAt: Date;
}

/** How long a repeat of an Idempotency-Key waits for the refund of the request that holds it (Stripe may take 60 s). */
const KEY_WAIT_MS = 65_000;

const KEY_REUSED = 'This Idempotency-Key was already used for another refund (another order or amount): send a new key for a new refund';
const KEY_BUSY = 'A refund with this Idempotency-Key is still being made; try again in a moment';

/** What a reservation found: the refund reserved, or an Idempotency-Key another request holds. */
type Reservation = { kind: 'reserved'; order: Order; refund: OrderPayment } | { kind: 'taken' };

const made = (r: OrderPayment, providerRef = r.providerRef ?? null): MadeRefund => ({ id: r.id, cents: storedCents(r.amount), providerRef, createdAt: r.createdAt });

export const refundDto = (r: MadeRefund): RefundDto => ({
  id: r.id,
  amount: formatCents(r.cents),
  status: 'succeeded',
  providerRef: r.providerRef,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Refunds (issue 31). Each refund is reserved under the order's row lock, in a short transaction that also checks
 * what is left (refunds in flight count as made): the provider is then asked outside any transaction under the
 * refund's own key, and a second short transaction under the same lock applies exactly that refund. So
 * concurrent refunds of one order are serialised where it matters, a request answers 2xx only for the refund it
 * made, and no transaction waits on the network or on a second connection. With an Idempotency-Key (the
 * console), a repeat is the same refund: it waits for the first and gets its answer.
 */
@injectable()
export class RefundService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(PaymentEventsService) private readonly events: PaymentEventsService,
    @inject(EscrowService) private readonly escrow: EscrowService,
    @inject(PaymentIdempotencyStore) private readonly keys: PaymentIdempotencyStore,
    @inject(AuditLog) private readonly audit: AuditLog,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Refunds `amountCents` of an order (OrdersApi.refund, cancellations, late payments) and answers the refund
   * made. AppError: 404 unknown order; 409 when the order cannot be refunded, what is left does not allow it, or
   * the provider refused or has not answered (then it stays pending and is settled by a job).
   */
  async refund(input: RefundRequest): Promise<MadeRefund> {
    const r = (await this.reserve(input, null)) as Extract<Reservation, { kind: 'reserved' }>;
    return this.make(r.order, r.refund, false);
  }

  /**
   * POST /api/admin/orders/{id}/refund: the refund and its answer (the order as `render` shows it, and the
   * refund). With an Idempotency-Key: one refund per key and user, every repeat answered with the first answer
   * (waiting while the first is being made), and the key with another order or amount refused (409).
   */
  async consoleRefund(input: RefundRequest & { actorId: string }, key: string | undefined, render: () => Promise<OrderDto>): Promise<StoredAnswer> {
    const answer = async (refund: MadeRefund): Promise<{ status: number; body: RefundResultDto }> => ({ status: 200, body: { ...(await render()), refund: refundDto(refund) } });
    if (!key) return answer(await this.refund(input));
    const scope = refundKeyScope(input.orderId, input.amountCents);
    const store = async (refund: MadeRefund) => {
      const first = await answer(refund);
      return this.keys.answerOnce(this.db.em, input.actorId, key, first.status, first.body);
    };
    let waited = 0;
    for (let attempt = 0; waited < KEY_WAIT_MS; attempt++) {
      // A look without a lock or a transaction first: a repeat of an answered key costs one read.
      const seen = await this.keys.peek(this.db.em, input.actorId, key);
      if (seen && seen.endpoint !== scope) throw new AppError('conflict', 'idempotency_key_reused', KEY_REUSED);
      if (seen && seen.status !== 0) return { status: seen.status, body: seen.body };
      if (seen?.paymentStatus === 'succeeded' && seen.paymentId) {
        // Made, its answer not stored yet (its request is rendering it, or died): the first stored is everyone's.
        return store(made((await this.db.em.findOneOrFail(OrderPayment, seen.paymentId, { refresh: true }))));
      }
      if (!seen) {
        const r = await this.reserve(input, { userId: input.actorId, key, scope });
        if (r.kind === 'reserved') return store(await this.make(r.order, r.refund, false));
        continue;
      }
      const ms = keyWaitMs(attempt);
      await sleep(ms);
      waited += ms;
    }
    throw new AppError('conflict', 'refund_in_progress', KEY_BUSY);
  }

  /**
   * Under the order's lock: claims the Idempotency-Key (if any), checks the order and what is left, and reserves
   * the refund (a pending row counted as made until it fails). A refusal rolls the claim back with it.
   */
  private async reserve(input: RefundRequest, key: { userId: string; key: string; scope: string } | null): Promise<Reservation> {
    return this.db.transaction(async (em): Promise<Reservation> => {
      const order = await lockOrder(em, input.orderId);
      if (!order) throw new AppError('not_found', 'order_not_found', 'Order not found');
      if (key) {
        const taken = await this.keys.claim(em, key.userId, key.key, key.scope).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'idempotency_key_reused' ? new AppError('conflict', 'idempotency_key_reused', KEY_REUSED) : error;
        });
        if (taken) return { kind: 'taken' };
      }
      const inFlight = await moneyInFlight(em, order.id);
      const money = orderCents(order);
      const refusal = refundRefusal(
        {
          state: order.state,
          paid: Boolean(order.paidAt),
          totalCents: money.total,
          refundedCents: money.refunded,
          pendingRefundCents: inFlight.refundCents,
          transferPending: inFlight.transferPending,
        },
        input.amountCents,
      );
      if (refusal) throw new AppError(refusal.kind, refusal.code, refusal.message, refusal.kind === 'invalid' ? { amount: refusal.message } : undefined);
      const at = this.clock.now();
      const refund = em.create(OrderPayment, {
        orderId: order.id,
        kind: 'refund',
        provider: order.provider ?? this.provider.name,
        providerRef: null,
        status: 'pending',
        amount: formatCents(input.amountCents),
        actor: input.actor,
        actorId: input.actorId,
        reason: input.reason.trim().slice(0, 300),
        createdAt: at,
      });
      if (key) await this.keys.attach(em, key.userId, key.key, refund.id);
      // The safety net of a request that dies before the provider's answer is recorded.
      await this.jobs.add(em, PAYMENTS_TASKS.settle, { orderId: order.id }, { runAt: new Date(at.getTime() + SETTLE_AFTER), jobKey: settleJobKey(order.id) });
      return { kind: 'reserved', order, refund };
    });
  }

  /**
   * Asks the provider for a reserved refund (outside any transaction; `lookFirst`: after looking for it by its
   * metadata, for a retry whose key may have expired) and records the answer. Made: applied under the order's
   * lock. Refused: failed, its key freed, 409. No answer: it stays pending for the settle job, 409.
   */
  private async make(order: Order, refund: OrderPayment, lookFirst: boolean): Promise<MadeRefund> {
    const cents = storedCents(refund.amount);
    const amount = `$${formatCents(cents)}`;
    let providerRef: string;
    try {
      const found = lookFirst ? await this.provider.findRefund({ intentId: order.paymentIntentId ?? '', refundId: refund.id }) : null;
      providerRef = (
        found ??
        (await this.provider.refund({
          orderId: order.id,
          refundId: refund.id,
          intentId: order.paymentIntentId ?? '',
          amountCents: cents,
          destinationCharge: order.escrowChoice !== 'escrow',
          idempotencyKey: refundProviderKey(order.id, refund.id),
        }))
      ).id;
    } catch (error) {
      if (!(error instanceof ProviderRefusal)) {
        this.logger.warn({ err: error, orderId: order.id, refundId: refund.id }, 'refund not confirmed by the provider; left pending for the settle job');
        throw new AppError('conflict', 'refund_pending', `The payment provider has not confirmed the refund of ${amount} yet. It is kept as pending and completed automatically: do not refund it again.`);
      }
      const settled = await this.db.transaction(async (em) => {
        const locked = (await lockOrder(em, order.id))!;
        const row = (await em.findOne(OrderPayment, refund.id, { refresh: true }))!;
        if (row.status !== 'pending') return row;
        em.assign(row, { status: 'failed', error: error.message.slice(0, 300) });
        await this.keys.release(em, refund.id);
        const note = `Refund of ${amount} refused by the payment provider: ${error.message}`.slice(0, 500);
        em.create(OrderHistory, { orderId: order.id, state: locked.state, note, actor: refund.actor ?? 'system', actorId: refund.actorId, at: this.clock.now(), audience: 'seller' });
        return null;
      });
      // Settled meanwhile by the settle job under the same key: that answer stands.
      if (settled?.status === 'succeeded') return made(settled);
      throw new AppError('conflict', 'refund_refused', `The payment provider refused the refund of ${amount}: ${error.message}`);
    }
    return this.applyMade(order.id, refund.id, providerRef);
  }

  /** Applies a refund the provider made (once: a second call finds it made), then tries its transfer reversal. */
  private async applyMade(orderId: string, refundId: string, providerRef: string): Promise<MadeRefund> {
    const { row, reversal } = await this.db.transaction(async (em) => {
      const locked = (await lockOrder(em, orderId))!;
      const r = (await lockRefund(em, refundId))!;
      if (r.status === 'succeeded') return { row: made(r), reversal: null };
      // Refused to one caller and made for another under the same key cannot both be: the provider's word is final.
      if (r.status === 'failed') throw new Error(`refund ${refundId} was made at the provider after it was marked refused`);
      const money = orderCents(locked);
      const cents = storedCents(r.amount);
      const newRefunded = money.refunded + cents;
      await this.events.applyRefund(em, locked, newRefunded, {
        ref: providerRef,
        paymentId: r.id,
        actor: r.actor ?? 'system',
        actorId: r.actorId ?? null,
        note: `Refunded $${formatCents(cents)}${r.reason ? `: ${r.reason}` : ''}`,
        at: this.clock.now(),
        reverseNow: true,
      });
      if (r.actor === 'admin' && r.actorId) {
        await this.audit.record(em, {
          actorId: r.actorId,
          action: 'order.refunded',
          entityType: 'order',
          entityId: orderId,
          reason: r.reason || null,
          before: { state: locked.state, refunded: formatCents(money.refunded) },
          after: { refunded: formatCents(newRefunded), refund: r.id, amount: formatCents(cents) },
        });
      }
      return { row: made(r, providerRef), reversal: locked.escrowChoice === 'escrow' ? transferReversalKey(orderId, newRefunded) : null };
    });
    // A refund after an escrow release takes the seller's share back now. The refund is done whatever happens
    // here: a refusal leaves the reversal owed, and any other error too; the order's job retries either.
    if (reversal) await this.escrow.reverseTransfers(orderId, { fresh: reversal }).catch(() => undefined);
    return row;
  }

  /**
   * The settle job: refunds of the order pending for SETTLE_AFTER (their request died or lost the provider's
   * answer) are asked for again under their key, after a look for them by metadata, and recorded; a release in
   * flight is sent again under its key. Younger ones are left to their request, and the job comes back for them.
   */
  async settle(orderId: string): Promise<string> {
    const em = this.db.em;
    const order = await em.findOne(Order, orderId, { refresh: true });
    if (!order) return 'no order';
    const now = this.clock.now().getTime();
    const pending = await em.find(OrderPayment, { orderId, kind: 'refund', status: 'pending' }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], refresh: true });
    let madeNow = 0;
    let refused = 0;
    for (const refund of pending.filter((r) => now - r.createdAt.getTime() >= SETTLE_AFTER)) {
      try {
        await this.make(order, refund, true);
        madeNow++;
      } catch (error) {
        // Refused: failed and freed. No answer: thrown, so graphile-worker retries the job with its backoff.
        if (!(error instanceof AppError && error.code === 'refund_refused')) throw error;
        refused++;
      }
    }
    const young = pending.filter((r) => now - r.createdAt.getTime() < SETTLE_AFTER);
    if (young.length) {
      const runAt = new Date(Math.max(...young.map((r) => r.createdAt.getTime())) + SETTLE_AFTER);
      await this.jobs.add(em, PAYMENTS_TASKS.settle, { orderId }, { runAt, jobKey: settleJobKey(orderId) });
    }
    const transferInFlight = await em.findOne(OrderPayment, { orderId, kind: 'transfer', status: 'pending' }, { refresh: true });
    const release = transferInFlight ? await this.escrow.releaseEscrow(orderId, 'Escrow released to the seller') : false;
    return `${madeNow} refunds made, ${refused} refused, ${young.length} left to their requests${release ? ', escrow released' : ''}`;
  }
}
