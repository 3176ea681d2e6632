import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import type { ReturnDto } from './return.dto.js';
import type { Return } from './return.entity.js';
import type { ShipInput } from './return.schemas.js';
import { ESCALATION_WINDOW_DAYS, returnPolicyNote } from './return.rules.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';
import { CLOSE_DECLINED_TASK, closeDeclinedJobKey, respondByJobKey } from './returns.tasks.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seller's answer to a request (approve with instructions, or decline), the shipment back and its receipt. */
@injectable()
export class ReturnAnswerService {
  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(ReturnViewService) private readonly views: ReturnViewService,
  ) {}

  /** The seller approves, with return instructions. */
  async approve(id: string, instructions: string, actor: Actor): Promise<ReturnDto> {
    await this.steps.change(id, actor, 'seller', 'approve', async (em, row) => {
      const now = this.clock.now();
      Object.assign(row, { state: 'approved', instructions, respondedAt: now, updatedAt: now } satisfies Partial<Return>);
      await this.steps.record(em, row, {
        action: 'approve',
        state: 'approved',
        actorId: actor.id,
        actorRole: 'seller',
        note: instructions,
        mail: {
          subject: `Return approved: ${row.partTitle}`,
          text: `The seller approved the return of "${row.partTitle}".\n\nReturn instructions:\n${instructions}\n\n${returnPolicyNote(row.reason, row.fitmentQuestionId != null)}`,
        },
      });
      await this.jobs.remove(em, respondByJobKey(id));
    });
    return this.views.view(id, actor);
  }

  /** The seller declines, with a reason; the buyer may escalate within 7 days, else it closes. */
  async decline(id: string, reason: string, actor: Actor): Promise<ReturnDto> {
    await this.steps.change(id, actor, 'seller', 'decline', async (em, row) => {
      const now = this.clock.now();
      Object.assign(row, { state: 'declined', declineReason: reason, respondedAt: now, updatedAt: now } satisfies Partial<Return>);
      await this.steps.record(em, row, {
        action: 'decline',
        state: 'declined',
        actorId: actor.id,
        actorRole: 'seller',
        note: reason,
        mail: {
          subject: `Return declined: ${row.partTitle}`,
          text: `The seller declined the return of "${row.partTitle}".\n\nReason: ${reason}\n\nThe buyer may escalate to Pitlane's team within ${ESCALATION_WINDOW_DAYS} days.`,
        },
      });
      await this.jobs.remove(em, respondByJobKey(id));
      await this.jobs.add(em, CLOSE_DECLINED_TASK, { returnId: id }, {
        jobKey: closeDeclinedJobKey(id),
        runAt: new Date(now.getTime() + ESCALATION_WINDOW_DAYS * DAY_MS),
      });
    });
    return this.views.view(id, actor);
  }

  /** The buyer shipped the part back (carrier and tracking number). */
  async ship(id: string, input: ShipInput, actor: Actor): Promise<ReturnDto> {
    await this.steps.change(id, actor, 'buyer', 'ship', async (em, row) => {
      const now = this.clock.now();
      Object.assign(row, { state: 'shipped_back', carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: now, updatedAt: now } satisfies Partial<Return>);
      await this.steps.record(em, row, {
        action: 'ship',
        state: 'shipped_back',
        actorId: actor.id,
        actorRole: 'buyer',
        note: `Shipped with ${input.carrier}, tracking ${input.trackingNumber}`,
        mail: {
          subject: `Return shipped: ${row.partTitle}`,
          text: `The buyer shipped "${row.partTitle}" back with ${input.carrier}, tracking number ${input.trackingNumber}.`,
        },
      });
    });
    return this.views.view(id, actor);
  }

  /** The seller received the part back. */
  async receive(id: string, actor: Actor): Promise<ReturnDto> {
    await this.steps.change(id, actor, 'seller', 'receive', async (em, row) => {
      const now = this.clock.now();
      Object.assign(row, { state: 'received', receivedAt: now, updatedAt: now } satisfies Partial<Return>);
      await this.steps.record(em, row, {
        action: 'receive',
        state: 'received',
        actorId: actor.id,
        actorRole: 'seller',
        note: null,
        mail: { subject: `Return received: ${row.partTitle}`, text: `The seller received "${row.partTitle}" back. The refund comes next.` },
      });
    });
    return this.views.view(id, actor);
  }
}
