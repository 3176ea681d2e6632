import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import type { ReturnDto } from './return.dto.js';
import type { Return } from './return.entity.js';
import { RETURN_TEXT, type ReturnState } from './return.rules.js';
import type { DecideInput } from './return.schemas.js';
import { ReturnRefundService } from './return-refund.service.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';
import { closeDeclinedJobKey, ESCALATE_UNANSWERED_TASK, respondByJobKey } from './returns.tasks.js';

/**
 * When the two sides do not settle a return: the buyer's escalation, the seller's missed deadline (a job), the
 * close of a decline nobody escalated (a job), and the admins' decision.
 */
@injectable()
export class ReturnEscalationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(ReturnRefundService) private readonly refunds: ReturnRefundService,
    @inject(ReturnViewService) private readonly views: ReturnViewService,
  ) {}

  /** The buyer escalates a declined return (or one the seller has not refunded) to the admins. */
  async escalate(id: string, reason: string | null, actor: Actor): Promise<ReturnDto> {
    await this.steps.change(id, actor, 'buyer', 'escalate', (em, row) => this.escalateIn(em, row, reason ?? 'The buyer asked Pitlane to decide.', actor.id, 'buyer'));
    return this.views.view(id, actor);
  }

  /** An admin decides an escalated return: refund (full or partial), approve the return, or reject it. */
  async decide(id: string, input: DecideInput, actor: Actor): Promise<ReturnDto> {
    if (!hasRole(actor.role, 'admin')) throw Errors.forbidden();
    if (input.decision === 'refund') return this.refunds.decideRefund(id, input.amount, input.note, actor);
    await this.steps.change(id, actor, 'admin', 'decide', async (em, row) => {
      const now = this.clock.now();
      const state: ReturnState = input.decision === 'approve' ? 'approved' : 'closed';
      Object.assign(row, { state, adminDecision: input.decision, adminNote: input.note, decidedBy: actor.id, decidedAt: now, updatedAt: now } satisfies Partial<Return>);
      if (state === 'approved') row.instructions = input.note;
      else row.closedAt = now;
      await this.steps.record(em, row, {
        action: 'decide',
        state,
        actorId: actor.id,
        actorRole: 'admin',
        note: input.note,
        mail: {
          subject: `Return ${input.decision === 'approve' ? 'approved' : 'closed'} by Pitlane: ${row.partTitle}`,
          text:
            input.decision === 'approve'
              ? `Pitlane's team approved the return of "${row.partTitle}".\n\nInstructions:\n${input.note}`
              : `Pitlane's team rejected the return of "${row.partTitle}"; the return is closed.\n\n${input.note}`,
        },
      });
    });
    return this.views.view(id, actor);
  }

  /** The deadline job: a request still unanswered at its respond-by moment goes to the admins. Idempotent. */
  async escalateIfUnanswered(id: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const row = await this.steps.lock(em, id);
      if (!row || row.state !== 'requested') return false;
      if (this.clock.now().getTime() < row.respondBy.getTime()) {
        // Early (a clock moved back, or a manual run): wait for the deadline again.
        await this.jobs.add(em, ESCALATE_UNANSWERED_TASK, { returnId: id }, { jobKey: respondByJobKey(id), runAt: row.respondBy });
        return false;
      }
      await this.escalateIn(em, row, RETURN_TEXT.escalatedByDeadline, null, 'system');
      return true;
    });
  }

  /** The close job: a declined return not escalated within 7 days closes. Idempotent. */
  async closeIfNotEscalated(id: string): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const row = await this.steps.lock(em, id);
      if (!row || row.state !== 'declined') return false;
      const now = this.clock.now();
      Object.assign(row, { state: 'closed', closedAt: now, updatedAt: now } satisfies Partial<Return>);
      await this.steps.record(em, row, {
        action: 'close',
        state: 'closed',
        actorId: null,
        actorRole: 'system',
        note: RETURN_TEXT.closedAfterDecline,
        mail: { subject: `Return closed: ${row.partTitle}`, text: `The return of "${row.partTitle}" is closed: ${RETURN_TEXT.closedAfterDecline}` },
      });
      return true;
    });
  }

  private async escalateIn(em: EntityManager, row: Return, reason: string, actorId: string | null, role: 'buyer' | 'system'): Promise<void> {
    const now = this.clock.now();
    Object.assign(row, { state: 'escalated', escalatedAt: now, escalationReason: reason, updatedAt: now } satisfies Partial<Return>);
    await this.jobs.remove(em, respondByJobKey(row.id), closeDeclinedJobKey(row.id));
    await this.steps.record(em, row, {
      action: 'escalate',
      state: 'escalated',
      actorId,
      actorRole: role,
      note: reason,
      mail: {
        subject: `Return escalated to Pitlane: ${row.partTitle}`,
        text: `The return of "${row.partTitle}" is now with Pitlane's team, who will decide it.\n\n${reason}`,
      },
    });
    // The team's inbox hears of it too; the console's Returns list opens on escalated returns.
    await this.mail.queue(em, {
      to: this.config.supportEmail,
      subject: `Return to decide: ${row.partTitle}`,
      text: `A return needs a decision (${role === 'system' ? 'the seller did not answer in time' : 'the buyer escalated'}).\n\n${reason}\n\n${this.config.publicUrl.replace(/\/$/, '')}/admin/returns/${row.id}/show`,
    });
  }
}
