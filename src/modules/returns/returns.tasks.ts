import type { Container } from 'inversify';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import type { TaskFactories } from '../../platform/module.js';
import { returnJobPayload } from './return.schemas.js';
import { ReturnEscalationService } from './return-escalation.service.js';
import { ReturnRequestService } from './return-request.service.js';

/** Escalates a return its seller has not answered by its respond-by moment (payload {returnId}). */
export const ESCALATE_UNANSWERED_TASK = 'returns/escalate-unanswered';
/** Closes a declined return the buyer did not escalate in time (payload {returnId}). */
export const CLOSE_DECLINED_TASK = 'returns/close-declined';
/** Keeps a delivered order for the sellers' figures (event payments.order.delivered). */
export const RECORD_DELIVERED_TASK = 'returns/record-delivered';

/** The pending ESCALATE_UNANSWERED_TASK of a return, at its respond-by moment. */
export const respondByJobKey = (returnId: string) => `return-respond-by:${returnId}`;
/** The pending CLOSE_DECLINED_TASK of a declined return. */
export const closeDeclinedJobKey = (returnId: string) => `return-close:${returnId}`;

const deliveredEvent = z.object({
  event: z.string(),
  payload: z.object({ orderId: z.uuid(), sellerId: z.uuid(), buyerId: z.uuid() }).loose(),
});

/** graphile-worker tasks of the returns module. */
export const returnsTasks: TaskFactories = {
  /** Escalates a return the seller has not answered within 3 business days (keyed per return); idempotent. */
  [ESCALATE_UNANSWERED_TASK]: (container: Container) => async (payload) => {
    const { returnId } = parseOrThrow(returnJobPayload, payload);
    await container.get(ReturnEscalationService).escalateIfUnanswered(returnId);
  },
  /** Closes a declined return the buyer did not escalate within 7 days (keyed per return); idempotent. */
  [CLOSE_DECLINED_TASK]: (container: Container) => async (payload) => {
    const { returnId } = parseOrThrow(returnJobPayload, payload);
    await container.get(ReturnEscalationService).closeIfNotEscalated(returnId);
  },
  /** Keeps a delivered order for the sellers' return rate and repeat customers (payments.order.delivered); idempotent. */
  [RECORD_DELIVERED_TASK]: (container: Container) => async (payload) => {
    const { payload: order } = parseOrThrow(deliveredEvent, payload);
    await container.get(ReturnRequestService).recordDelivered(order);
  },
};
