import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';
import { ReverseNotificationService } from './reverse-notification.service.js';
import { MATCHING_SOURCES } from './reverse.rules.js';
import { reversePayload } from './reverse.schemas.js';

/** Task names of the reverse module; the per-request jobs take {reverseAuctionId}. */
export const START_TASK = 'reverse/start';
export const END_TASK = 'reverse/end';
export const CLOSE_TASK = 'reverse/close';
export const RELIST_TASK = 'reverse/relist';
export const TICK_TASK = 'reverse/tick';
export const MATCHING_SELLERS_TASK = 'reverse/notify-matching-sellers';
export const NEW_QUOTES_TASK = 'reverse/notify-new-quotes';
export const OUTQUOTED_TASK = 'reverse/notify-outquoted';
export const RESULT_TASK = 'reverse/notify-result';
export const CANCELLED_TASK = 'reverse/notify-cancelled';
/** Works through the notices quotes stored (reverse_quote_notices), asked for after each quote's commit. */
export const QUOTE_NOTICES_SWEEP_TASK = 'reverse/sweep-quote-notices';

/** Job keys: one pending job per request and purpose. */
export const startJobKey = (id: string) => `reverse-start:${id}`;
export const endJobKey = (id: string) => `reverse-end:${id}`;
export const closeJobKey = (id: string) => `reverse-close:${id}`;
export const relistJobKey = (id: string) => `reverse-relist:${id}`;
export const newQuotesJobKey = (id: string) => `reverse-new-quotes:${id}`;
export const resultJobKey = (id: string) => `reverse-result:${id}`;
export const matchingJobKey = (id: string) => `reverse-matching:${id}`;
export const cancelledJobKey = (id: string) => `reverse-cancelled:${id}`;
/** Every pending job a request may have (a demo request's clear removes them all). */
export const requestJobKeys = (id: string) => [
  startJobKey(id),
  endJobKey(id),
  closeJobKey(id),
  relistJobKey(id),
  newQuotesJobKey(id),
  resultJobKey(id),
  matchingJobKey(id),
];
export const TICK_JOB_KEY = 'reverse-tick';
export const QUOTE_NOTICES_SWEEP_JOB_KEY = 'reverse-quote-notices-sweep';

const idOf = (payload: unknown) => reversePayload.parse(payload).reverseAuctionId;
const matchingPayload = z.object({
  reverseAuctionId: z.uuid(),
  after: z.uuid().nullable().default(null),
  source: z.enum(MATCHING_SOURCES).default('specialties'),
});
const outquotedPayload = z.object({ reverseAuctionId: z.uuid(), sellerId: z.uuid(), bidSeq: z.string().regex(/^\d+$/) });

/** graphile-worker tasks of the reverse module; each re-checks the request's state, so running twice is harmless. */
export const reverseTasks: TaskFactories = {
  /** Opens a scheduled request at its start time. */
  [START_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseLifecycleService).start(idOf(payload));
  },
  /** Ends a request at its end time. */
  [END_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseLifecycleService).end(idOf(payload));
  },
  /** Closes, unawarded, a request whose 7-day award window passed. */
  [CLOSE_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseLifecycleService).close(idOf(payload));
  },
  /** Relists a request that got no award, once its relist delay has passed. */
  [RELIST_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseLifecycleService).relist(idOf(payload));
  },
  /** Tells matching sellers a request was posted, one page per run: by specialties, then by listed parts. */
  [MATCHING_SELLERS_TASK]: (c: Container) => async (payload) => {
    const { reverseAuctionId, after, source } = matchingPayload.parse(payload);
    await c.get(ReverseNotificationService).notifyMatchingSellers(reverseAuctionId, after, source);
  },
  /** Mails the buyer the new quotes (grouped, at most one mail per 15 minutes). */
  [NEW_QUOTES_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseNotificationService).notifyNewQuotes(idOf(payload));
  },
  /** Queues the buyers' new-quotes mails and tells outquoted sellers, for the notices quotes stored. */
  [QUOTE_NOTICES_SWEEP_TASK]: (c: Container) => async () => {
    await c.get(ReverseNotificationService).sweepQuoteNotices();
  },
  /** Tells a seller they lost the lowest quote (jobs queued before the quote notices table). */
  [OUTQUOTED_TASK]: (c: Container) => async (payload) => {
    const { reverseAuctionId, sellerId, bidSeq } = outquotedPayload.parse(payload);
    await c.get(ReverseNotificationService).notifyOutquoted(reverseAuctionId, sellerId, bidSeq);
  },
  /** Mails the end, the award or the unawarded close. */
  [RESULT_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseNotificationService).notifyResult(idOf(payload));
  },
  /** Mails an admin's cancellation, with the reason, to the buyer. */
  [CANCELLED_TASK]: (c: Container) => async (payload) => {
    await c.get(ReverseNotificationService).notifyCancelled(idOf(payload));
  },
  /** Catch-up every minute: whatever is due by the Clock, and the due reminders. */
  [TICK_TASK]: (c: Container) => async () => {
    await c.get(ReverseLifecycleService).tick();
  },
};

export const reverseCrontab = [
  `* * * * * ${TICK_TASK} ?max=1&jobKey=${TICK_JOB_KEY}`,
  `* * * * * ${QUOTE_NOTICES_SWEEP_TASK} ?max=1&jobKey=${QUOTE_NOTICES_SWEEP_JOB_KEY}`,
];

/** A restart never leaves a request active past its end: the tick runs as soon as a worker starts. */
export const reverseStartupTasks = [TICK_TASK, QUOTE_NOTICES_SWEEP_TASK];
