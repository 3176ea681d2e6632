import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { OrdersApi } from '../payments/index.js';
import type { ReturnActionName, ReturnDto, ReturnEventDto } from './return.dto.js';
import {
  ACTION_FROM,
  addBusinessDays,
  canDo,
  ESCALATION_WINDOW_DAYS,
  PHOTO_REASONS,
  RETURN_MESSAGES,
  returnEligibility,
  returnPolicyNote,
  returnShippingPaidBy,
  SELLER_RESPONSE_BUSINESS_DAYS,
  type ReturnAction,
  type ReturnReason,
  type ReturnState,
} from './return.rules.js';
import type { DecideInput, ReturnCreateInput } from './return.schemas.js';
import { RETURNS_EVENTS } from './returns.events.js';
import { Database } from '../../platform/db/database.js';

export const ESCALATE_UNANSWERED_TASK = 'returns/escalate-unanswered';
export const CLOSE_DECLINED_TASK = 'returns/close-declined';

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETURN_TEXT = {
  notFound: 'Return',
  orderNotFound: 'Order',
  wrongState: (action: string, state: string) => `This return cannot be ${action} while it is ${state.replace('_', ' ')}.`,
  onlySeller: 'Only the seller can do this.',
  onlyBuyer: 'Only the buyer can do this.',
  refundTooLarge: (max: string) => `The refund cannot be more than $${max}, what is left of the order's total.`,
  nothingToRefund: 'Nothing is left to refund on this order.',
  amountForRefund: 'Give the refund amount',
  escalatedByDeadline: `The seller did not answer within ${SELLER_RESPONSE_BUSINESS_DAYS} business days; Pitlane's team will decide.`,
  closedAfterDecline: `The return was declined and not escalated within ${ESCALATION_WINDOW_DAYS} days.`,
} as const;

const PAST: Record<ReturnAction, string> = {
  approve: 'approved',
  decline: 'declined',
  ship: 'marked shipped',
  receive: 'marked received',
  refund: 'refunded',
  escalate: 'escalated',
  decide: 'decided',
  deadline: 'escalated',
  close: 'closed',
};

interface ReturnRow {
  id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  part_id: string | null;
  part_title: string;
  reason: ReturnReason;
  details: string;
  photos: { url: string }[];
  state: ReturnState;
  shipping_paid_by: 'buyer' | 'seller' | 'carrier_claim';
  order_total: string;
  respond_by: Date;
  instructions: string | null;
  decline_reason: string | null;
  carrier: string | null;
  tracking_number: string | null;
  refund_amount: string | null;
  escalated_at: Date | null;
  escalation_reason: string | null;
  admin_decision: 'refund' | 'approve' | 'reject' | null;
  admin_note: string | null;
  created_at: Date;
  updated_at: Date;
}

interface EventRow {
  id: string;
  return_id: string;
  state: ReturnState;
  action: ReturnEventDto['action'];
  actor_id: string | null;
  actor_role: ReturnEventDto['actorRole'];
  note: string | null;
  at: Date;
}

type Viewer = 'buyer' | 'seller' | 'admin';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const money = (v: string | null) => (v === null ? null : formatCents(storedCents(v)));

/** What `viewer` may do with a return in `state`. */
function actionsOf(viewer: Viewer, state: ReturnState): ReturnActionName[] {
  const mine: Record<Viewer, ReturnActionName[]> = {
    buyer: ['ship', 'escalate'],
    seller: ['approve', 'decline', 'receive', 'refund'],
    admin: ['decide'],
  };
  return mine[viewer].filter((a) => canDo(a, state));
}

/**
 * Returns of delivered orders: the buyer's request with photos, the seller's answer within 3 business days (else
 * the admins take over), the shipment back, the refund through payments, escalations decided by admins. Every change
 * is a return_events row, an event and a mail to both sides.
 */
@injectable()
export class ReturnService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OrdersApi) private readonly orders: OrdersApi,
  ) {}

  private link(id: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/account/returns/${id}`;
  }

  /** The buyer's return request of a delivered order, within 7 days of delivery and under the FAQ's rules. */
  async request(orderId: string, input: ReturnCreateInput, actor: Actor): Promise<ReturnDto> {
    const order = await this.orders.findOrder(orderId);
    if (!order || (order.buyerId !== actor.id && order.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) {
      throw Errors.notFound(RETURN_TEXT.orderNotFound);
    }
    if (order.buyerId !== actor.id) throw Errors.forbidden(RETURN_MESSAGES.onlyBuyer);
    const [part] = order.partId ? await this.catalog.findParts([order.partId]) : [];
    const now = this.clock.now();
    const eligibility = returnEligibility(
      {
        state: order.state,
        source: order.source,
        finalSale: order.finalSale,
        deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
        category: part?.category ?? null,
        title: part?.title ?? order.partTitle,
      },
      input.reason,
      now,
    );
    if (!eligibility.ok) throw Errors.conflict(eligibility.code, eligibility.message);
    if (PHOTO_REASONS.includes(input.reason) && input.photos.length === 0) {
      throw Errors.invalid('photos_required', RETURN_MESSAGES.photosRequired, { photos: RETURN_MESSAGES.photosRequired });
    }
    const respondBy = addBusinessDays(now, SELLER_RESPONSE_BUSINESS_DAYS);
    const id = await this.db.em.transactional(async (tx) => {
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into returns (order_id, buyer_id, seller_id, part_id, part_title, reason, details, photos, state,
           shipping_paid_by, order_total, respond_by, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, 'requested', ?, ?::numeric, ?, ?, ?)
         on conflict (order_id) do nothing returning id`,
        [
          order.id,
          order.buyerId,
          order.sellerId,
          order.partId,
          order.partTitle,
          input.reason,
          input.details,
          JSON.stringify(input.photos),
          returnShippingPaidBy(input.reason),
          formatCents(order.totalCents),
          respondBy.toISOString(),
          now.toISOString(),
          now.toISOString(),
        ],
      );
      if (!inserted.length) throw Errors.conflict('return_exists', RETURN_MESSAGES.alreadyRequested);
      const returnId = inserted[0]!.id;
      const row = (await this.lock(tx, returnId))!;
      await this.record(tx, row, 'request', 'requested', actor.id, 'buyer', `${input.reason}: ${input.details}`, {
        subject: `Return requested: ${order.partTitle}`,
        text: `A return was requested for "${order.partTitle}" (reason: ${input.reason}).\n\n${input.details}\n\n${returnPolicyNote(input.reason)}\n\nThe seller answers by ${respondBy.toUTCString()}.`,
      });
      await this.jobs.add(tx, ESCALATE_UNANSWERED_TASK, { returnId }, { jobKey: `return-respond-by:${returnId}`, runAt: respondBy });
      return returnId;
    });
    return this.view(id, actor);
  }

  /** One return, for its buyer, its seller and admins; anyone else gets a 404. */
  async view(id: string, actor: Actor): Promise<ReturnDto> {
    const em = this.db.em;
    const [row] = await em.execute<ReturnRow[]>(`select * from returns where id = ?`, [id]);
    const viewer = row ? this.viewerOf(row, actor) : null;
    if (!row || !viewer) throw Errors.notFound(RETURN_TEXT.notFound);
    const [dto] = await this.toDtos(em, [row], () => viewer, true);
    return dto!;
  }

  /** The actor's returns as buyer (or `as: 'seller'`, as seller), newest first. */
  async list(actor: Actor, query: { as: 'buyer' | 'seller'; orderId?: string; state?: ReturnState; limit: number; offset: number }): Promise<{ rows: ReturnDto[]; total: number }> {
    const em = this.db.em;
    const column = query.as === 'seller' ? 'seller_id' : 'buyer_id';
    const params: unknown[] = [actor.id];
    let where = `${column} = ?`;
    if (query.state) {
      where += ' and state = ?';
      params.push(query.state);
    }
    if (query.orderId) {
      where += ' and order_id = ?';
      params.push(query.orderId);
    }
    const rows = await em.execute<ReturnRow[]>(
      `select * from returns where ${where} order by created_at desc, id desc limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from returns where ${where}`, params);
    return { rows: await this.toDtos(em, rows, () => query.as, false), total: count!.n };
  }

  /** The console's list: every return, filtered by state, sorted as asked. */
  async adminList(page: { offset: number; limit: number; orderBy: Record<string, 'asc' | 'desc'> }, filter: { state?: ReturnState; ids?: string[] }): Promise<{ rows: ReturnDto[]; total: number }> {
    const em = this.db.em;
    const columns: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', state: 'state', respondBy: 'respond_by', reason: 'reason', id: 'id' };
    const order = Object.entries(page.orderBy)
      .map(([field, dir]) => `${columns[field] ?? 'created_at'} ${dir === 'asc' ? 'asc' : 'desc'}`)
      .concat('id asc')
      .join(', ');
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.state) {
      where.push('state = ?');
      params.push(filter.state);
    }
    if (filter.ids) {
      where.push('id = any(?::uuid[])');
      params.push(`{${filter.ids.join(',')}}`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const rows = await em.execute<ReturnRow[]>(`select * from returns ${clause} order by ${order} limit ? offset ?`, [...params, page.limit, page.offset]);
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from returns ${clause}`, params);
    return { rows: await this.toDtos(em, rows, () => 'admin', true), total: count!.n };
  }

  /** The seller approves, with return instructions. */
  async approve(id: string, instructions: string, actor: Actor): Promise<ReturnDto> {
    await this.change(id, actor, 'seller', 'approve', async (tx, row) => {
      await tx.execute(`update returns set state = 'approved', instructions = ?, responded_at = ?, updated_at = ? where id = ?`, [instructions, this.now(), this.now(), id]);
      await this.record(tx, row, 'approve', 'approved', actor.id, 'seller', instructions, {
        subject: `Return approved: ${row.part_title}`,
        text: `The seller approved the return of "${row.part_title}".\n\nReturn instructions:\n${instructions}\n\n${returnPolicyNote(row.reason)}`,
      });
      await this.cancelDeadline(tx, id);
    });
    return this.view(id, actor);
  }

  /** The seller declines, with a reason; the buyer may escalate within 7 days, else it closes. */
  async decline(id: string, reason: string, actor: Actor): Promise<ReturnDto> {
    await this.change(id, actor, 'seller', 'decline', async (tx, row) => {
      await tx.execute(`update returns set state = 'declined', decline_reason = ?, responded_at = ?, updated_at = ? where id = ?`, [reason, this.now(), this.now(), id]);
      await this.record(tx, row, 'decline', 'declined', actor.id, 'seller', reason, {
        subject: `Return declined: ${row.part_title}`,
        text: `The seller declined the return of "${row.part_title}".\n\nReason: ${reason}\n\nThe buyer may escalate to Pitlane's team within ${ESCALATION_WINDOW_DAYS} days.`,
      });
      await this.cancelDeadline(tx, id);
      await this.jobs.add(tx, CLOSE_DECLINED_TASK, { returnId: id }, {
        jobKey: `return-close:${id}`,
        runAt: new Date(this.clock.now().getTime() + ESCALATION_WINDOW_DAYS * DAY_MS),
      });
    });
    return this.view(id, actor);
  }

  /** The buyer shipped the part back (carrier and tracking number). */
  async ship(id: string, input: { carrier: string; trackingNumber: string }, actor: Actor): Promise<ReturnDto> {
    await this.change(id, actor, 'buyer', 'ship', async (tx, row) => {
      await tx.execute(`update returns set state = 'shipped_back', carrier = ?, tracking_number = ?, shipped_at = ?, updated_at = ? where id = ?`, [input.carrier, input.trackingNumber, this.now(), this.now(), id]);
      await this.record(tx, row, 'ship', 'shipped_back', actor.id, 'buyer', `Shipped with ${input.carrier}, tracking ${input.trackingNumber}`, {
        subject: `Return shipped: ${row.part_title}`,
        text: `The buyer shipped "${row.part_title}" back with ${input.carrier}, tracking number ${input.trackingNumber}.`,
      });
    });
    return this.view(id, actor);
  }

  /** The seller received the part back. */
  async receive(id: string, actor: Actor): Promise<ReturnDto> {
    await this.change(id, actor, 'seller', 'receive', async (tx, row) => {
      await tx.execute(`update returns set state = 'received', received_at = ?, updated_at = ? where id = ?`, [this.now(), this.now(), id]);
      await this.record(tx, row, 'receive', 'received', actor.id, 'seller', null, {
        subject: `Return received: ${row.part_title}`,
        text: `The seller received "${row.part_title}" back. The refund comes next.`,
      });
    });
    return this.view(id, actor);
  }

  /** The seller refunds (all that is left of the order's total when no amount is given) through payments. */
  async refund(id: string, input: { amount?: number; note: string | null }, actor: Actor): Promise<ReturnDto> {
    const row = await this.readFor(id, actor, 'seller', 'refund');
    await this.refundThrough(row, input.amount, input.note, actor, 'seller', 'refund');
    return this.view(id, actor);
  }

  /** The buyer escalates a declined return (or one the seller has not refunded) to the admins. */
  async escalate(id: string, reason: string | null, actor: Actor): Promise<ReturnDto> {
    await this.change(id, actor, 'buyer', 'escalate', async (tx, row) => {
      await this.escalateIn(tx, row, reason ?? 'The buyer asked Pitlane to decide.', actor.id, 'buyer');
    });
    return this.view(id, actor);
  }

  /** An admin decides an escalated return: refund (full or partial), approve the return, or reject it. */
  async decide(id: string, input: DecideInput, actor: Actor): Promise<ReturnDto> {
    if (!hasRole(actor.role, 'admin')) throw Errors.forbidden();
    if (input.decision === 'refund') {
      const row = await this.readFor(id, actor, 'admin', 'decide');
      await this.refundThrough(row, input.amount, input.note, actor, 'admin', 'decide');
      return this.view(id, actor);
    }
    await this.change(id, actor, 'admin', 'decide', async (tx, row) => {
      const state: ReturnState = input.decision === 'approve' ? 'approved' : 'closed';
      await tx.execute(
        `update returns set state = ?, admin_decision = ?, admin_note = ?, decided_by = ?, decided_at = ?, updated_at = ?,
           instructions = case when ? = 'approved' then ? else instructions end, closed_at = case when ? = 'closed' then ?::timestamptz else closed_at end
         where id = ?`,
        [state, input.decision, input.note, actor.id, this.now(), this.now(), state, input.note, state, this.now(), id],
      );
      await this.record(tx, row, 'decide', state, actor.id, 'admin', input.note, {
        subject: `Return ${input.decision === 'approve' ? 'approved' : 'closed'} by Pitlane: ${row.part_title}`,
        text:
          input.decision === 'approve'
            ? `Pitlane's team approved the return of "${row.part_title}".\n\nInstructions:\n${input.note}`
            : `Pitlane's team rejected the return of "${row.part_title}"; the return is closed.\n\n${input.note}`,
      });
    });
    return this.view(id, actor);
  }

  /** The deadline job: a request still unanswered at its respond-by moment goes to the admins. Idempotent. */
  async escalateIfUnanswered(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const row = await this.lock(tx, id);
      if (!row || row.state !== 'requested') return false;
      if (this.clock.now().getTime() < new Date(row.respond_by).getTime()) {
        // Early (a clock moved back, or a manual run): wait for the deadline again.
        await this.jobs.add(tx, ESCALATE_UNANSWERED_TASK, { returnId: id }, { jobKey: `return-respond-by:${id}`, runAt: new Date(row.respond_by) });
        return false;
      }
      await this.escalateIn(tx, row, RETURN_TEXT.escalatedByDeadline, null, 'system');
      return true;
    });
  }

  /** The close job: a declined return not escalated within 7 days closes. Idempotent. */
  async closeIfNotEscalated(id: string): Promise<boolean> {
    return this.db.em.transactional(async (tx) => {
      const row = await this.lock(tx, id);
      if (!row || row.state !== 'declined') return false;
      await tx.execute(`update returns set state = 'closed', closed_at = ?, updated_at = ? where id = ?`, [this.now(), this.now(), id]);
      await this.record(tx, row, 'close', 'closed', null, 'system', RETURN_TEXT.closedAfterDecline, {
        subject: `Return closed: ${row.part_title}`,
        text: `The return of "${row.part_title}" is closed: ${RETURN_TEXT.closedAfterDecline}`,
      });
      return true;
    });
  }

  /** Keeps the delivered order for the sellers' figures (from payments.order.delivered); idempotent. */
  async recordDelivered(order: { orderId: string; sellerId: string; buyerId: string }): Promise<void> {
    await this.db.em.execute(
      `insert into returns_delivered_orders (order_id, seller_id, buyer_id, delivered_at) values (?, ?, ?, ?) on conflict do nothing`,
      [order.orderId, order.sellerId, order.buyerId, this.now()],
    );
  }

  // --- internals ---

  private now(): string {
    return this.clock.now().toISOString();
  }

  private viewerOf(row: Pick<ReturnRow, 'buyer_id' | 'seller_id'>, actor: Actor): Viewer | null {
    if (row.buyer_id === actor.id) return 'buyer';
    if (row.seller_id === actor.id) return 'seller';
    if (hasRole(actor.role, 'admin')) return 'admin';
    return null;
  }

  private async lock(tx: SqlExecutor, id: string): Promise<ReturnRow | null> {
    const [row] = await tx.execute<ReturnRow[]>(`select * from returns where id = ? for update`, [id]);
    return row ?? null;
  }

  private check(row: ReturnRow | null, actor: Actor, side: Viewer, action: ReturnAction): ReturnRow {
    const viewer = row ? this.viewerOf(row, actor) : null;
    if (!row || !viewer) throw Errors.notFound(RETURN_TEXT.notFound);
    if (side === 'admin' ? !hasRole(actor.role, 'admin') : viewer !== side) {
      throw Errors.forbidden(side === 'seller' ? RETURN_TEXT.onlySeller : side === 'buyer' ? RETURN_TEXT.onlyBuyer : undefined);
    }
    if (!canDo(action, row.state)) throw Errors.conflict('wrong_state', RETURN_TEXT.wrongState(PAST[action], row.state));
    return row;
  }

  private async readFor(id: string, actor: Actor, side: Viewer, action: ReturnAction): Promise<ReturnRow> {
    const [row] = await this.db.em.execute<ReturnRow[]>(`select * from returns where id = ?`, [id]);
    return this.check(row ?? null, actor, side, action);
  }

  /** Locks the return, checks side and state, and runs `work` in one transaction. */
  private async change(id: string, actor: Actor, side: Viewer, action: ReturnAction, work: (tx: EntityManager, row: ReturnRow) => Promise<void>): Promise<void> {
    await this.db.em.transactional(async (tx) => {
      const row = this.check(await this.lock(tx, id), actor, side, action);
      await work(tx, row);
    });
  }

  private async escalateIn(tx: SqlExecutor, row: ReturnRow, reason: string, actorId: string | null, role: 'buyer' | 'system'): Promise<void> {
    await tx.execute(`update returns set state = 'escalated', escalated_at = ?, escalation_reason = ?, updated_at = ? where id = ?`, [this.now(), reason, this.now(), row.id]);
    await this.cancelDeadline(tx, row.id);
    await this.jobs.remove(tx, `return-close:${row.id}`);
    await this.record(tx, row, 'escalate', 'escalated', actorId, role, reason, {
      subject: `Return escalated to Pitlane: ${row.part_title}`,
      text: `The return of "${row.part_title}" is now with Pitlane's team, who will decide it.\n\n${reason}`,
    });
    // The team's inbox hears of it too; the console's Returns list opens on escalated returns.
    await this.mail.queue(tx, {
      to: this.config.supportEmail,
      subject: `Return to decide: ${row.part_title}`,
      text: `A return needs a decision (${role === 'system' ? 'the seller did not answer in time' : 'the buyer escalated'}).\n\n${reason}\n\n${this.config.publicUrl.replace(/\/$/, '')}/admin/returns/${row.id}/show`,
    });
  }

  private async cancelDeadline(tx: SqlExecutor, id: string): Promise<void> {
    await this.jobs.remove(tx, `return-respond-by:${id}`);
  }

  /**
   * Refunds through payments. The refund amount column is claimed first (only one refund can run), payments is
   * called outside the transaction (it talks to the provider), then the state follows; a failed refund frees the claim.
   */
  private async refundThrough(row: ReturnRow, amount: number | undefined, note: string | null, actor: Actor, role: 'seller' | 'admin', action: 'refund' | 'decide'): Promise<void> {
    const order = await this.orders.findOrder(row.order_id);
    if (!order) throw Errors.notFound(RETURN_TEXT.orderNotFound);
    const left = order.totalCents - order.refundedCents;
    if (left <= 0) throw Errors.conflict('nothing_to_refund', RETURN_TEXT.nothingToRefund);
    const cents = amount ?? left;
    if (cents > left) throw Errors.invalid('refund_too_large', RETURN_TEXT.refundTooLarge(formatCents(left)), { amount: RETURN_TEXT.refundTooLarge(formatCents(left)) });
    const claimed = await this.db.em.execute<{ id: string }[]>(
      `update returns set refund_amount = ?::numeric, updated_at = ? where id = ? and state = any(?::text[]) and refund_amount is null returning id`,
      [formatCents(cents), this.now(), row.id, `{${ACTION_FROM[action].join(',')}}`],
    );
    if (!claimed.length) throw Errors.conflict('wrong_state', RETURN_TEXT.wrongState(PAST[action], row.state));
    try {
      await this.orders.refund({ orderId: row.order_id, amountCents: cents, reason: `Return ${row.id}: ${row.reason}`, actorId: actor.id, actor: role });
    } catch (error) {
      await this.db.em.execute(`update returns set refund_amount = null where id = ?`, [row.id]);
      throw error;
    }
    await this.db.em.transactional(async (tx) => {
      const locked = (await this.lock(tx, row.id))!;
      await tx.execute(
        `update returns set state = 'refunded', refunded_at = ?, updated_at = ?,
           admin_decision = case when ? then 'refund' else admin_decision end,
           admin_note = case when ? then ? else admin_note end,
           decided_by = case when ? then ?::uuid else decided_by end,
           decided_at = case when ? then ?::timestamptz else decided_at end
         where id = ?`,
        [this.now(), this.now(), role === 'admin', role === 'admin', note, role === 'admin', actor.id, role === 'admin', this.now(), row.id],
      );
      const text = `Refund of $${formatCents(cents)}${cents < left ? ' (partial)' : ''}${note ? `: ${note}` : ''}`;
      await this.record(tx, locked, action === 'decide' ? 'decide' : 'refund', 'refunded', actor.id, role, text, {
        subject: `Return refunded: ${row.part_title}`,
        text: `${role === 'admin' ? "Pitlane's team" : 'The seller'} refunded $${formatCents(cents)} for the return of "${row.part_title}". The money goes back to the card used for the order.${note ? `\n\n${note}` : ''}`,
      }, cents);
    });
  }

  /** Writes one history row, publishes the event and mails both sides, in `tx`. */
  private async record(
    tx: SqlExecutor,
    row: ReturnRow,
    action: ReturnEventDto['action'],
    state: ReturnState,
    actorId: string | null,
    actorRole: ReturnEventDto['actorRole'],
    note: string | null,
    mail: { subject: string; text: string },
    refundCents: number | null = null,
  ): Promise<void> {
    await tx.execute(`insert into return_events (return_id, state, action, actor_id, actor_role, note, at) values (?, ?, ?, ?, ?, ?, ?)`, [
      row.id,
      state,
      action,
      actorId,
      actorRole,
      note,
      this.now(),
    ]);
    const name = {
      requested: RETURNS_EVENTS.requested,
      approved: RETURNS_EVENTS.approved,
      declined: RETURNS_EVENTS.declined,
      shipped_back: RETURNS_EVENTS.shippedBack,
      received: RETURNS_EVENTS.received,
      refunded: RETURNS_EVENTS.refunded,
      closed: RETURNS_EVENTS.closed,
      escalated: RETURNS_EVENTS.escalated,
    }[state];
    await this.events.publish(tx, {
      name,
      payload: { returnId: row.id, orderId: row.order_id, buyerId: row.buyer_id, sellerId: row.seller_id, state, refundCents },
    });
    const users = await this.accounts.findUsers([row.buyer_id, row.seller_id]);
    const mails = users
      .filter((u) => u.email)
      .map((u) => ({ to: u.email!, subject: mail.subject, text: `${mail.text}\n\n${this.link(row.id)}` }));
    await this.mail.queueMany(tx, mails);
  }

  private async toDtos(em: SqlExecutor, rows: ReturnRow[], viewer: (r: ReturnRow) => Viewer, withHistory: boolean): Promise<ReturnDto[]> {
    if (!rows.length) return [];
    const users = await this.accounts.findUsers([...new Set(rows.flatMap((r) => [r.buyer_id, r.seller_id]))]);
    const names = new Map(users.map((u) => [u.id, u.username]));
    const history = new Map<string, ReturnEventDto[]>();
    if (withHistory) {
      const events = await em.execute<EventRow[]>(`select * from return_events where return_id = any(?::uuid[]) order by id`, [`{${rows.map((r) => r.id).join(',')}}`]);
      for (const e of events) {
        const list = history.get(e.return_id) ?? [];
        list.push({ id: String(e.id), state: e.state, action: e.action, actorRole: e.actor_role, actorId: e.actor_id, note: e.note, at: iso(e.at)! });
        history.set(e.return_id, list);
      }
    }
    return rows.map((r) => {
      const v = viewer(r);
      return {
        id: r.id,
        orderId: r.order_id,
        buyerId: r.buyer_id,
        buyerName: names.get(r.buyer_id) ?? null,
        sellerId: r.seller_id,
        sellerName: names.get(r.seller_id) ?? null,
        partId: r.part_id,
        partTitle: r.part_title,
        reason: r.reason,
        details: r.details,
        photos: r.photos,
        state: r.state,
        shippingPaidBy: r.shipping_paid_by,
        policyNote: returnPolicyNote(r.reason),
        orderTotal: money(r.order_total)!,
        respondBy: iso(r.respond_by)!,
        instructions: r.instructions,
        declineReason: r.decline_reason,
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
        refundAmount: r.state === 'refunded' ? money(r.refund_amount) : null,
        escalatedAt: iso(r.escalated_at),
        escalationReason: r.escalation_reason,
        adminDecision: r.admin_decision,
        adminNote: r.admin_note,
        createdAt: iso(r.created_at)!,
        updatedAt: iso(r.updated_at)!,
        viewerRole: v,
        actions: actionsOf(v, r.state),
        history: history.get(r.id) ?? [],
      };
    });
  }
}
