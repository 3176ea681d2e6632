import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { formatCents } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { CatalogApi } from '../catalog/index.js';
import { OrdersApi } from '../payments/index.js';
import { FitEvidence } from './fit-evidence.port.js';
import { DeliveredOrder } from './delivered-order.entity.js';
import type { ReturnDto } from './return.dto.js';
import { Return } from './return.entity.js';
import {
  addBusinessDays,
  PHOTO_REASONS,
  RETURN_MESSAGES,
  RETURN_TEXT,
  returnEligibility,
  returnPolicyNote,
  returnShippingPaidBy,
  SELLER_RESPONSE_BUSINESS_DAYS,
} from './return.rules.js';
import type { ReturnCreateInput } from './return.schemas.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';
import { ESCALATE_UNANSWERED_TASK, respondByJobKey } from './returns.tasks.js';

/** The start of a return: the buyer's request of a delivered order, and the delivered orders it may be asked for. */
@injectable()
export class ReturnRequestService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OrdersApi) private readonly orders: OrdersApi,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(ReturnViewService) private readonly views: ReturnViewService,
    @inject(FitEvidence) private readonly fitment: FitEvidence,
  ) {}

  /**
   * The buyer's return request of a delivered order, within 7 days of delivery and under the FAQ's rules; the
   * seller has 3 business days to answer, else the escalation job hands it to the admins.
   */
  async request(orderId: string, input: ReturnCreateInput, actor: Actor): Promise<ReturnDto> {
    const order = await this.orders.findOrder(orderId);
    if (!order || (order.buyerId !== actor.id && order.sellerId !== actor.id && !hasRole(actor.role, 'admin'))) {
      throw Errors.notFound(RETURN_TEXT.orderNotFound);
    }
    if (order.buyerId !== actor.id) throw Errors.forbidden(RETURN_MESSAGES.onlyBuyer);
    const [part] = order.partId ? await this.catalog.findParts([order.partId]) : [];
    const now = this.clock.now();
    // "Doesn't fit" after the seller said it fits the buyer's vehicle (before the order): looked up now, not recorded by the order.
    const fit =
      input.reason === "doesn't fit" && order.partId ? await this.fitment.confirmedFit(order.buyerId, order.partId, new Date(order.createdAt)) : null;
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
      fit !== null,
    );
    if (!eligibility.ok) throw Errors.conflict(eligibility.code, eligibility.message);
    if (PHOTO_REASONS.includes(input.reason) && input.photos.length === 0) {
      throw Errors.invalid('photos_required', RETURN_MESSAGES.photosRequired, { photos: RETURN_MESSAGES.photosRequired });
    }
    const respondBy = addBusinessDays(now, SELLER_RESPONSE_BUSINESS_DAYS);
    const id = await this.db.transaction(async (em) => {
      const row = em.create(Return, {
        orderId: order.id,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        partId: order.partId,
        partTitle: order.partTitle,
        reason: input.reason,
        details: input.details,
        photos: input.photos,
        state: 'requested',
        shippingPaidBy: returnShippingPaidBy(input.reason, fit !== null),
        fitmentQuestionId: fit?.id ?? null,
        orderTotal: formatCents(order.totalCents),
        respondBy,
        createdAt: now,
        updatedAt: now,
      });
      try {
        await em.flush();
      } catch (error) {
        // One return per order: the unique order id answers a second request, even one sent at the same moment.
        if (error instanceof UniqueConstraintViolationException) throw Errors.conflict('return_exists', RETURN_MESSAGES.alreadyRequested);
        throw error;
      }
      await this.steps.record(em, row, {
        action: 'request',
        state: 'requested',
        actorId: actor.id,
        actorRole: 'buyer',
        note: `${input.reason}: ${input.details}`,
        mail: {
          subject: `Return requested: ${order.partTitle}`,
          text: `A return was requested for "${order.partTitle}" (reason: ${input.reason}).\n\n${input.details}\n\n${returnPolicyNote(input.reason, fit !== null)}\n\nThe seller answers by ${respondBy.toUTCString()}.`,
        },
      });
      await this.jobs.add(em, ESCALATE_UNANSWERED_TASK, { returnId: row.id }, { jobKey: respondByJobKey(row.id), runAt: respondBy });
      return row.id;
    });
    return this.views.view(id, actor);
  }

  /** Keeps the delivered order for the sellers' figures (from payments.order.delivered); idempotent. */
  async recordDelivered(order: { orderId: string; sellerId: string; buyerId: string }): Promise<void> {
    await this.db.em.upsert(
      DeliveredOrder,
      { orderId: order.orderId, sellerId: order.sellerId, buyerId: order.buyerId, deliveredAt: this.clock.now() },
      { onConflictFields: ['orderId'], onConflictAction: 'ignore' },
    );
  }
}
