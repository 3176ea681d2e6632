import { ContainerModule } from 'inversify';
import { z } from 'zod';
import type { PitlaneModule } from '../../platform/module.js';
import { ActivityService } from './activity.service.js';
import { auctionAdminRoutes, auctionRoutes } from './auction.routes.js';
import { AuctionService, END_TASK, START_TASK } from './auction.service.js';
import { BiddingService } from './bidding.service.js';
import { AuctionLifecycleService, OUTBID_TASK, RELIST_TASK, RESULT_TASK, TICK_TASK } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';

const auctionPayload = z.object({ auctionId: z.uuid() });
const outbidNotice = z.object({ auctionId: z.uuid(), userId: z.uuid(), bidSeq: z.string().regex(/^\d+$/) });
/** A batch of notices (bidding.service.ts), or one (jobs queued before batching). */
const outbidPayload = z.union([z.array(outbidNotice), outbidNotice.transform((n) => [n])]);

/**
 * The auctions module: scheduling, proxy bidding, Buy It Now, anti-sniping, watchers, live activity,
 * results, relists and reminders. Tables are read and written with plain SQL (see docs/decisions.md).
 */
export const auctionsModule: PitlaneModule = {
  name: 'auctions',
  containerModule: new ContainerModule(({ bind }) => {
    bind(AuctionSettingsService).toSelf();
    bind(ActivityService).toSelf();
    bind(AuctionService).toSelf();
    bind(AuctionLifecycleService).toSelf();
    bind(BiddingService).toSelf();
  }),
  entities: [],
  routes: auctionRoutes,
  adminRoutes: auctionAdminRoutes,
  tasks: {
    [START_TASK]: (c) => async (payload) => {
      await c.get(AuctionLifecycleService).start(auctionPayload.parse(payload).auctionId);
    },
    [END_TASK]: (c) => async (payload) => {
      await c.get(AuctionLifecycleService).end(auctionPayload.parse(payload).auctionId);
    },
    [RELIST_TASK]: (c) => async (payload) => {
      await c.get(AuctionLifecycleService).relist(auctionPayload.parse(payload).auctionId);
    },
    [RESULT_TASK]: (c) => async (payload) => {
      await c.get(AuctionLifecycleService).notifyResult(auctionPayload.parse(payload).auctionId);
    },
    [OUTBID_TASK]: (c) => async (payload) => {
      await c.get(AuctionLifecycleService).notifyOutbid(outbidPayload.parse(payload));
    },
    [TICK_TASK]: (c) => async () => {
      await c.get(AuctionLifecycleService).tick();
    },
  },
  crontab: [`* * * * * ${TICK_TASK} ?max=1&jobKey=auctions-tick`],
  // A restart never leaves an auction active past its end: the tick runs as soon as a worker starts.
  startupTasks: [TICK_TASK],
  live: (container, hub) => container.get(ActivityService).attach(hub),
};
