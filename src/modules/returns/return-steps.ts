import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import type { ReturnEventDto } from './return.dto.js';
import { Return } from './return.entity.js';
import { ReturnEvent } from './return-event.entity.js';
import { ACTION_PAST, canDo, RETURN_TEXT, type ReturnAction, type ReturnState } from './return.rules.js';
import { RETURNS_EVENTS } from './returns.events.js';

/** The side of a return someone is on. */
export type Viewer = 'buyer' | 'seller' | 'admin';

/** The event each state a return enters publishes. */
const EVENT_OF: Record<ReturnState, string> = {
  requested: RETURNS_EVENTS.requested,
  approved: RETURNS_EVENTS.approved,
  declined: RETURNS_EVENTS.declined,
  shipped_back: RETURNS_EVENTS.shippedBack,
  received: RETURNS_EVENTS.received,
  refunded: RETURNS_EVENTS.refunded,
  closed: RETURNS_EVENTS.closed,
  escalated: RETURNS_EVENTS.escalated,
};

/** One step of a return's history as `ReturnSteps.record` writes it. */
export interface ReturnStep {
  action: ReturnEventDto['action'];
  state: ReturnState;
  actorId: string | null;
  actorRole: ReturnEventDto['actorRole'];
  note: string | null;
  mail: { subject: string; text: string };
  refundCents?: number | null;
}

/**
 * What every step of a return shares: who may act, the row lock that serialises the steps, and the record of a
 * step (a return_events row, the event, and a mail to both sides), all in the step's transaction.
 */
@injectable()
export class ReturnSteps {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /** The return's page in the web app. */
  link(id: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/account/returns/${id}`;
  }

  /** The actor's side of the return, or null when it is none of theirs. */
  viewerOf(row: Pick<Return, 'buyerId' | 'sellerId'>, actor: Actor): Viewer | null {
    if (row.buyerId === actor.id) return 'buyer';
    if (row.sellerId === actor.id) return 'seller';
    if (hasRole(actor.role, 'admin')) return 'admin';
    return null;
  }

  /** The return, read fresh (null when unknown). */
  find(id: string): Promise<Return | null> {
    return this.db.em.findOne(Return, { id }, { refresh: true });
  }

  /** The return under its row lock, in `em`'s transaction: every step of a return runs after the one before. */
  lock(em: EntityManager, id: string): Promise<Return | null> {
    return em.findOne(Return, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** The return when `actor` is on `side` and `action` may happen in its state; else 404, 403 or 409. */
  check(row: Return | null, actor: Actor, side: Viewer, action: ReturnAction): Return {
    const viewer = row ? this.viewerOf(row, actor) : null;
    if (!row || !viewer) throw Errors.notFound(RETURN_TEXT.notFound);
    if (side === 'admin' ? !hasRole(actor.role, 'admin') : viewer !== side) {
      throw Errors.forbidden(side === 'seller' ? RETURN_TEXT.onlySeller : side === 'buyer' ? RETURN_TEXT.onlyBuyer : undefined);
    }
    if (!canDo(action, row.state)) throw Errors.conflict('wrong_state', RETURN_TEXT.wrongState(ACTION_PAST[action], row.state));
    return row;
  }

  /** Locks the return, checks side and state, and runs `work` in one transaction (the changes flush at its end). */
  async change(id: string, actor: Actor, side: Viewer, action: ReturnAction, work: (em: EntityManager, row: Return) => Promise<void>): Promise<void> {
    await this.db.transaction(async (em) => {
      const row = this.check(await this.lock(em, id), actor, side, action);
      await work(em, row);
    });
  }

  /** Writes one history row, publishes the state's event and mails both sides, in `em`'s transaction. */
  async record(em: EntityManager, row: Return, step: ReturnStep): Promise<void> {
    em.create(ReturnEvent, {
      returnId: row.id,
      state: step.state,
      action: step.action,
      actorId: step.actorId,
      actorRole: step.actorRole,
      note: step.note,
      at: this.clock.now(),
    });
    await this.events.publish(em, {
      name: EVENT_OF[step.state],
      payload: { returnId: row.id, orderId: row.orderId, buyerId: row.buyerId, sellerId: row.sellerId, state: step.state, refundCents: step.refundCents ?? null },
    });
    const users = await this.accounts.findUsers([row.buyerId, row.sellerId]);
    const mails = users.filter((u) => u.email).map((u) => ({ to: u.email!, subject: step.mail.subject, text: `${step.mail.text}\n\n${this.link(row.id)}` }));
    await this.mail.queueMany(em, mails);
  }
}
