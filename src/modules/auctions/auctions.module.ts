import { Router } from 'express';
import { ContainerModule } from 'inversify';
import { ConsoleFigures } from '../../platform/console-figures.js';
import { RelistStatusSource } from '../../platform/relist-status.js';
import { AuctionRelistStatus } from './auction.relist-status.js';
import { AuctionConsoleFigures } from './auction.console-figures.js';
import { MetricsSource } from '../../platform/metrics.js';
import { AuctionMetrics } from './auction.metrics.js';
import type { PitlaneModule } from '../../platform/module.js';
import { ActivityService } from './activity.service.js';
import { AuctionCancelService } from './auction-cancel.service.js';
import { AuctionAdminService } from './auction-admin.service.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionNotificationService } from './auction-notification.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { auctionAdminRoutes } from './auction.admin-routes.js';
import { auctionRoutes } from './auction.routes.js';
import { AuctionService } from './auction.service.js';
import { AuctionsApi, AuctionsApiImpl } from './auctions.api.js';
import { AuctionRelistService } from './auction-relist.service.js';
import { AuctionSchedulingService } from './auction-scheduling.service.js';
import { auctionCrontab, auctionStartupTasks, auctionTasks, CLOSE_FOR_SOLD_PART_TASK, RESERVE_AGREED_TASK } from './auctions.tasks.js';
import { AUCTIONS_SUBSCRIBED_EVENTS } from './auctions.events.js';
import { PartHolds } from '../catalog/index.js';
import { OpenAuctionHolds } from './open-auction.holds.js';
import { BidBatchService } from './bid-batch.service.js';
import { BidQueue } from './bid.queue.js';
import { BiddingPatternService } from './bidding-pattern.service.js';
import { BiddingPatternReviewService } from './bidding-pattern-review.service.js';
import { biddingPatternAdminRoutes } from './bidding-pattern.admin-routes.js';
import { BiddingService } from './bidding.service.js';
import { BidderEligibilityService } from './bidder-eligibility.service.js';
import { BuyItNowService } from './buy-it-now.service.js';
import { IdempotencyKeyStore } from './idempotency-key.store.js';
import { auctionsDemo } from './auctions.demo.js';
import { AuctionActivity } from './auction-activity.entity.js';
import { AuctionIdempotencyKey } from './auction-idempotency-key.entity.js';
import { AuctionNotification } from './auction-notification.entity.js';
import { AuctionOutbidNotice } from './auction-outbid-notice.entity.js';
import { AuctionRelist } from './auction-relist.entity.js';
import { AuctionSetting } from './auction-setting.entity.js';
import { AuctionWatcher } from './auction-watcher.entity.js';
import { Auction } from './auction.entity.js';
import { Bid } from './bid.entity.js';
import { BiddingPattern } from './bidding-pattern.entity.js';

/**
 * The auctions module: scheduling, proxy bidding, Buy It Now, anti-sniping, watchers, live activity,
 * results, relists and reminders. Its tables are entities (`*.entity.ts`); the bid engine's SQL is in
 * bid-batch.sql.ts and the functions of migrations/auctions-bid-functions.ts, reports and locks in `*.repository.ts`.
 */
export const auctionsModule: PitlaneModule = {
  name: 'auctions',
  containerModule: new ContainerModule(({ bind }) => {
    bind(AuctionSettingsService).toSelf();
    bind(ActivityService).toSelf();
    bind(AuctionService).toSelf();
    bind(AuctionSchedulingService).toSelf();
    bind(AuctionRelistService).toSelf();
    bind(AuctionNotificationService).toSelf();
    bind(AuctionLifecycleService).toSelf();
    bind(AuctionAdminService).toSelf();
    bind(AuctionCancelService).toSelf();
    bind(IdempotencyKeyStore).toSelf();
    bind(BidderEligibilityService).toSelf();
    bind(BiddingPatternService).toSelf();
    bind(BiddingPatternReviewService).toSelf();
    bind(BidBatchService).toSelf();
    bind(BidQueue).toSelf();
    bind(BiddingService).toSelf();
    bind(BuyItNowService).toSelf();
    bind(AuctionsApi).to(AuctionsApiImpl);
    bind(PartHolds).to(OpenAuctionHolds);
    bind(ConsoleFigures).to(AuctionConsoleFigures);
    bind(MetricsSource).to(AuctionMetrics);
    bind(RelistStatusSource).to(AuctionRelistStatus);
  }),
  entities: [
    Auction,
    Bid,
    AuctionWatcher,
    AuctionActivity,
    AuctionNotification,
    AuctionOutbidNotice,
    AuctionRelist,
    AuctionSetting,
    AuctionIdempotencyKey,
    BiddingPattern,
  ],
  routes: auctionRoutes,
  adminRoutes: (container) => Router().use(auctionAdminRoutes(container), biddingPatternAdminRoutes(container)),
  tasks: auctionTasks,
  crontab: auctionCrontab,
  startupTasks: auctionStartupTasks,
  demo: auctionsDemo,
  subscriptions: {
    [AUCTIONS_SUBSCRIBED_EVENTS.partSold]: [CLOSE_FOR_SOLD_PART_TASK],
    [AUCTIONS_SUBSCRIBED_EVENTS.reserveAgreed]: [RESERVE_AGREED_TASK],
  },
  live: (container, hub) => container.get(ActivityService).attach(hub),
};
