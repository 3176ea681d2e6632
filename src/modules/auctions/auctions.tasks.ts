import { z } from 'zod';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { TaskFactories } from '../../platform/module.js';
import { partSoldEvent, reserveAgreedEvent } from './auctions.events.js';

/** Opens a scheduled auction at its start time (one pending job per auction: startJobKey). */
export const START_TASK = 'auctions/start';
/** Closes an auction at its end time; anti-sniping moves it (one pending job per auction: endJobKey). */
export const END_TASK = 'auctions/end';
/** Relists an unsold auction once its relist delay has passed (relistJobKey). */
export const RELIST_TASK = 'auctions/relist';
/** The minute's catch-up: whatever is due by the Clock, and the due reminders (TICK_JOB_KEY). */
export const TICK_TASK = 'auctions/tick';
/** Mails the result to the seller and the winner (resultJobKey). */
export const RESULT_TASK = 'auctions/notify-result';
/** Mails an admin's early end or cancellation to the bidders and the seller (closedJobKey). */
export const CLOSED_TASK = 'auctions/notify-closed';
/**
 * Mails the notices waiting in auction_outbid_notices (issue 26: a bid batch stores its notices there instead of
 * adding a job). One job key: a bid batch that outbid someone asks for a sweep after its commit (BidBatchService),
 * the crontab sweeps every minute and at start, so notices left by a process that died are mailed too.
 */
export const OUTBID_SWEEP_TASK = 'auctions/sweep-outbid';
/** Mails "you have been outbid" for a batch of notices (jobs queued before auction_outbid_notices; none are added now). */
export const OUTBID_TASK = 'auctions/notify-outbid';
/** Ends the open auctions of a part that sold (event `catalog.part.sold`). */
export const CLOSE_FOR_SOLD_PART_TASK = 'auctions/close-sold-part';
/** Skips the relist of an auction whose seller and high bidder agreed (event `offers.reserve.agreed`). */
export const RESERVE_AGREED_TASK = 'auctions/reserve-agreed';

export const startJobKey = (auctionId: string) => `auction-start:${auctionId}`;
export const endJobKey = (auctionId: string) => `auction-end:${auctionId}`;
export const relistJobKey = (auctionId: string) => `auction-relist:${auctionId}`;
export const resultJobKey = (auctionId: string) => `auction-result:${auctionId}`;
export const closedJobKey = (auctionId: string) => `auction-closed:${auctionId}`;
export const TICK_JOB_KEY = 'auctions-tick';
export const OUTBID_SWEEP_JOB_KEY = 'auctions-outbid-sweep';

/** Adds (or moves) the end job of `auctionId` to `endTime`, in `tx`'s transaction. */
export function addEndJob(jobs: JobQueue, tx: SqlExecutor, auctionId: string, endTime: Date): Promise<void> {
  return jobs.add(tx, END_TASK, { auctionId }, { runAt: endTime, jobKey: endJobKey(auctionId), jobKeyMode: 'replace' });
}

/** Adds (or moves) the start and end jobs of `auctionId`, in `tx`'s transaction. */
export async function addStartAndEndJobs(jobs: JobQueue, tx: SqlExecutor, auctionId: string, startTime: Date, endTime: Date): Promise<void> {
  await jobs.add(tx, START_TASK, { auctionId }, { runAt: startTime, jobKey: startJobKey(auctionId), jobKeyMode: 'replace' });
  await addEndJob(jobs, tx, auctionId, endTime);
}

/** Removes the pending start and end jobs of `auctionId` (a cancelled or removed auction). */
export function removeStartAndEndJobs(jobs: JobQueue, tx: SqlExecutor, auctionId: string): Promise<void> {
  return jobs.remove(tx, startJobKey(auctionId), endJobKey(auctionId));
}

const auctionPayload = z.object({ auctionId: z.uuid() });
const outbidNotice = z.object({ auctionId: z.uuid(), userId: z.uuid(), bidSeq: z.string().regex(/^\d+$/) });
/** A batch of notices (one job per auction collected them), or one (jobs queued before batching). */
const outbidPayload = z.union([z.array(outbidNotice), outbidNotice.transform((n) => [n])]);

/*
 * The services the tasks call are imported when a task first runs: they import the names above, and a static
 * import of them here would make a cycle whose order of evaluation depends on which file is imported first.
 */
const lifecycle = () => import('./auction-lifecycle.service.js').then((m) => m.AuctionLifecycleService);
const relists = () => import('./auction-relist.service.js').then((m) => m.AuctionRelistService);
const notifications = () => import('./auction-notification.service.js').then((m) => m.AuctionNotificationService);

/** graphile-worker tasks of the auctions module; each re-checks the auction's state, so running twice is harmless. */
export const auctionTasks: TaskFactories = {
  [START_TASK]: (c) => async (payload) => {
    const { auctionId } = auctionPayload.parse(payload);
    await c.get(await lifecycle()).start(auctionId);
  },
  [END_TASK]: (c) => async (payload) => {
    const { auctionId } = auctionPayload.parse(payload);
    await c.get(await lifecycle()).end(auctionId);
  },
  [RELIST_TASK]: (c) => async (payload) => {
    const { auctionId } = auctionPayload.parse(payload);
    await c.get(await relists()).relist(auctionId);
  },
  [RESULT_TASK]: (c) => async (payload) => {
    const { auctionId } = auctionPayload.parse(payload);
    await c.get(await notifications()).notifyResult(auctionId);
  },
  [CLOSED_TASK]: (c) => async (payload) => {
    const { auctionId } = auctionPayload.parse(payload);
    await c.get(await notifications()).notifyClosed(auctionId);
  },
  [OUTBID_SWEEP_TASK]: (c) => async () => {
    await c.get(await notifications()).sweepOutbid();
  },
  [OUTBID_TASK]: (c) => async (payload) => {
    const notices = outbidPayload.parse(payload);
    await c.get(await notifications()).notifyOutbid(notices);
  },
  [CLOSE_FOR_SOLD_PART_TASK]: (c) => async (payload) => {
    const { partId } = partSoldEvent.parse(payload).payload;
    await c.get(await lifecycle()).closeForSoldPart(partId);
  },
  [RESERVE_AGREED_TASK]: (c) => async (payload) => {
    const { auctionId } = reserveAgreedEvent.parse(payload).payload;
    await c.get(await relists()).skipRelist(auctionId);
  },
  [TICK_TASK]: (c) => async () => {
    await c.get(await lifecycle()).tick();
  },
};

export const auctionCrontab = [
  `* * * * * ${TICK_TASK} ?max=1&jobKey=${TICK_JOB_KEY}`,
  `* * * * * ${OUTBID_SWEEP_TASK} ?max=1&jobKey=${OUTBID_SWEEP_JOB_KEY}`,
];

/**
 * A restart never leaves an auction active past its end: the tick runs as soon as a worker starts; nor an
 * outbid notice unmailed: so does the sweep.
 */
export const auctionStartupTasks = [TICK_TASK, OUTBID_SWEEP_TASK];
