import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { AuctionLifecycleService, RELIST_TASK, TICK_TASK } from './auction-lifecycle.service.js';
import {
  AuctionNotificationService,
  CLOSED_TASK,
  OUTBID_SWEEP_JOB_KEY,
  OUTBID_SWEEP_TASK,
  OUTBID_TASK,
  RESULT_TASK,
} from './auction-notification.service.js';
import { END_TASK, START_TASK } from './auction.service.js';
import { partSoldEvent, reserveAgreedEvent } from './auctions.events.js';

export const CLOSE_FOR_SOLD_PART_TASK = 'auctions/close-sold-part';
export const RESERVE_AGREED_TASK = 'auctions/reserve-agreed';

const auctionPayload = z.object({ auctionId: z.uuid() });
const outbidNotice = z.object({ auctionId: z.uuid(), userId: z.uuid(), bidSeq: z.string().regex(/^\d+$/) });
/** A batch of notices (one job per auction collects them, see outbidJobKey), or one (jobs queued before batching). */
const outbidPayload = z.union([z.array(outbidNotice), outbidNotice.transform((n) => [n])]);

/** graphile-worker tasks of the auctions module; each re-checks the auction's state, so running twice is harmless. */
export const auctionTasks: TaskFactories = {
  /** Opens a scheduled auction at its start time. */
  [START_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionLifecycleService).start(auctionPayload.parse(payload).auctionId);
  },
  /** Closes an auction at its (possibly extended) end time. */
  [END_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionLifecycleService).end(auctionPayload.parse(payload).auctionId);
  },
  /** Relists an unsold auction once its relist delay has passed. */
  [RELIST_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionLifecycleService).relist(auctionPayload.parse(payload).auctionId);
  },
  /** Mails the result to the seller and the winner. */
  [RESULT_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionNotificationService).notifyResult(auctionPayload.parse(payload).auctionId);
  },
  /** Mails an admin's early end or cancellation, with the reason, to the bidders and the seller. */
  [CLOSED_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionNotificationService).notifyClosed(auctionPayload.parse(payload).auctionId);
  },
  /** Mails the outbid notices waiting in auction_outbid_notices (issue 26). */
  [OUTBID_SWEEP_TASK]: (c: Container) => async () => {
    await c.get(AuctionNotificationService).sweepOutbid();
  },
  /** Mails "you have been outbid" for a batch of notices (jobs queued before the notices table). */
  [OUTBID_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionNotificationService).notifyOutbid(outbidPayload.parse(payload));
  },
  /** Ends the open auctions of a part that sold (event `catalog.part.sold`); idempotent. */
  [CLOSE_FOR_SOLD_PART_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionLifecycleService).closeForSoldPart(partSoldEvent.parse(payload).payload.partId);
  },
  /** Skips the relist of an auction whose seller and high bidder agreed after the reserve was not met (event `offers.reserve.agreed`). */
  [RESERVE_AGREED_TASK]: (c: Container) => async (payload) => {
    await c.get(AuctionLifecycleService).skipRelist(reserveAgreedEvent.parse(payload).payload.auctionId);
  },
  /** Catch-up every minute: whatever is due by the Clock, and the due reminders. */
  [TICK_TASK]: (c: Container) => async () => {
    await c.get(AuctionLifecycleService).tick();
  },
};

export const auctionCrontab = [
  `* * * * * ${TICK_TASK} ?max=1&jobKey=auctions-tick`,
  `* * * * * ${OUTBID_SWEEP_TASK} ?max=1&jobKey=${OUTBID_SWEEP_JOB_KEY}`,
];

/**
 * A restart never leaves an auction active past its end: the tick runs as soon as a worker starts; nor an
 * outbid notice unmailed: so does the sweep.
 */
export const auctionStartupTasks = [TICK_TASK, OUTBID_SWEEP_TASK];
