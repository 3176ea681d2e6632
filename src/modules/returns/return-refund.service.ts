import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { formatCents } from '../../platform/money.js';
import { OrdersApi } from '../payments/index.js';
import type { ReturnDto } from './return.dto.js';
import { Return } from './return.entity.js';
import { ACTION_FROM, ACTION_PAST, RETURN_TEXT } from './return.rules.js';
import type { RefundInput } from './return.schemas.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';

/** Refunds of returns through payments: the seller's, and an admin's when deciding an escalation with a refund. */
@injectable()
export class ReturnRefundService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(OrdersApi) private readonly orders: OrdersApi,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(ReturnViewService) private readonly views: ReturnViewService,
  ) {}

  /** The seller refunds (all that is left of the order's total when no amount is given) through payments. */
  async refund(id: string, input: RefundInput, actor: Actor): Promise<ReturnDto> {
    const row = this.steps.check(await this.steps.find(id), actor, 'seller', 'refund');
    await this.refundThrough(row, input.amount, input.note, actor, 'seller', 'refund');
    return this.views.view(id, actor);
  }

  /** An admin decides an escalated return with a refund (full when no amount is given). */
  async decideRefund(id: string, amount: number | undefined, note: string, actor: Actor): Promise<ReturnDto> {
    const row = this.steps.check(await this.steps.find(id), actor, 'admin', 'decide');
    await this.refundThrough(row, amount, note, actor, 'admin', 'decide');
    return this.views.view(id, actor);
  }

  /**
   * Refunds through payments. The refund amount column is claimed first (only one refund can run), payments is
   * called outside the transaction (it talks to the provider), then the state follows; a failed refund frees the claim.
   */
  private async refundThrough(row: Return, amount: number | undefined, note: string | null, actor: Actor, role: 'seller' | 'admin', action: 'refund' | 'decide'): Promise<void> {
    const order = await this.orders.findOrder(row.orderId);
    if (!order) throw Errors.notFound(RETURN_TEXT.orderNotFound);
    const left = order.totalCents - order.refundedCents;
    if (left <= 0) throw Errors.conflict('nothing_to_refund', RETURN_TEXT.nothingToRefund);
    const cents = amount ?? left;
    if (cents > left) throw Errors.invalid('refund_too_large', RETURN_TEXT.refundTooLarge(formatCents(left)), { amount: RETURN_TEXT.refundTooLarge(formatCents(left)) });
    const em = this.db.em;
    const claimed = await em.nativeUpdate(
      Return,
      { id: row.id, state: { $in: [...ACTION_FROM[action]] }, refundAmount: null },
      { refundAmount: formatCents(cents), updatedAt: this.clock.now() },
    );
    if (!claimed) throw Errors.conflict('wrong_state', RETURN_TEXT.wrongState(ACTION_PAST[action], row.state));
    try {
      await this.orders.refund({ orderId: row.orderId, amountCents: cents, reason: `Return ${row.id}: ${row.reason}`, actorId: actor.id, actor: role });
    } catch (error) {
      await em.nativeUpdate(Return, { id: row.id }, { refundAmount: null });
      throw error;
    }
    await this.db.transaction(async (tx) => {
      const locked = (await this.steps.lock(tx, row.id))!;
      const now = this.clock.now();
      Object.assign(locked, { state: 'refunded', refundedAt: now, updatedAt: now } satisfies Partial<Return>);
      if (role === 'admin') Object.assign(locked, { adminDecision: 'refund', adminNote: note, decidedBy: actor.id, decidedAt: now } satisfies Partial<Return>);
      await this.steps.record(tx, locked, {
        action: action === 'decide' ? 'decide' : 'refund',
        state: 'refunded',
        actorId: actor.id,
        actorRole: role,
        note: `Refund of $${formatCents(cents)}${cents < left ? ' (partial)' : ''}${note ? `: ${note}` : ''}`,
        mail: {
          subject: `Return refunded: ${row.partTitle}`,
          text: `${role === 'admin' ? "Pitlane's team" : 'The seller'} refunded $${formatCents(cents)} for the return of "${row.partTitle}". The money goes back to the card used for the order.${note ? `\n\n${note}` : ''}`,
        },
        refundCents: cents,
      });
    });
  }
}
