import type { Container } from 'inversify';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate.js';
import type { TaskFactories } from '../../platform/module.js';
import { returnJobPayload } from './return.schemas.js';
import { CLOSE_DECLINED_TASK, ESCALATE_UNANSWERED_TASK, ReturnService } from './return.service.js';

export const RECORD_DELIVERED_TASK = 'returns/record-delivered';

const deliveredEvent = z.object({
  event: z.string(),
  payload: z.object({ orderId: z.uuid(), sellerId: z.uuid(), buyerId: z.uuid() }).loose(),
});

/** graphile-worker tasks of the returns module. */
export const returnsTasks: TaskFactories = {
  /** Escalates a return the seller has not answered within 3 business days (keyed per return); idempotent. */
  [ESCALATE_UNANSWERED_TASK]: (container: Container) => async (payload) => {
    const { returnId } = parseOrThrow(returnJobPayload, payload);
    await container.get(ReturnService).escalateIfUnanswered(returnId);
  },
  /** Closes a declined return the buyer did not escalate within 7 days (keyed per return); idempotent. */
  [CLOSE_DECLINED_TASK]: (container: Container) => async (payload) => {
    const { returnId } = parseOrThrow(returnJobPayload, payload);
    await container.get(ReturnService).closeIfNotEscalated(returnId);
  },
  /** Keeps a delivered order for the sellers' return rate and repeat customers (payments.order.delivered); idempotent. */
  [RECORD_DELIVERED_TASK]: (container: Container) => async (payload) => {
    const { payload: order } = parseOrThrow(deliveredEvent, payload);
    await container.get(ReturnService).recordDelivered(order);
  },
};
