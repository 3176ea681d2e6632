import { Router } from 'express';
import { ContainerModule } from 'inversify';
import { ConsoleFigures } from '../../platform/console-figures.js';
import { SellerConsoleFigures } from './seller.console-figures.js';
import type { PitlaneModule } from '../../platform/module.js';
import { SellerNames, SellerPolicy, UploadClaims } from '../catalog/index.js';
import { ApprovedSellerPolicy } from './approved-seller-policy.js';
import { SellerShopNames } from './seller-shop-names.js';
import { BadgeService } from './badge.service.js';
import { Badge, SellerReputation, SellerReview, SellerSale, UserBadge } from './reputation.entity.js';
import { ReputationService, RECORD_SALE_TASK, REFRESH_REPUTATION_TASK } from './reputation.service.js';
import { reviewAdminRoutes } from './review.admin-routes.js';
import { ReviewHelpfulVote } from './review-helpful-vote.entity.js';
import { ReviewReport } from './review-report.entity.js';
import { ReviewService } from './review.service.js';
import { sellerAdminRoutes } from './seller.admin-routes.js';
import { Seller, Storefront } from './seller.entity.js';
import { sellerRoutes } from './seller.routes.js';
import { SellerService } from './seller.service.js';
import { SellersApi, SellersApiImpl } from './sellers.api.js';
import { StorefrontNames } from './storefront-names.js';
import { StorefrontUploadClaims } from './storefront.upload-claims.js';
import { SUBSCRIBED_EVENTS } from './sellers.events.js';
import { seedSellers } from './sellers.seed.js';
import { sellersDemo } from './sellers.demo.js';
import { sellersReferenceData } from './sellers.reference-data.js';
import { sellerCrontab, sellerTasks } from './sellers.tasks.js';

/**
 * The sellers module: applications and approval, listing terms (SellerPolicy), storefronts, and the
 * reputation side (reputation figures, reviews, badges).
 */
export const sellersModule: PitlaneModule = {
  name: 'sellers',
  containerModule: new ContainerModule(({ bind }) => {
    bind(SellerService).toSelf();
    bind(ReputationService).toSelf();
    bind(ReviewService).toSelf();
    bind(BadgeService).toSelf();
    bind(SellerPolicy).to(ApprovedSellerPolicy);
    bind(SellerNames).to(SellerShopNames);
    bind(SellersApi).to(SellersApiImpl);
    bind(StorefrontNames).toSelf();
    bind(ConsoleFigures).to(SellerConsoleFigures);
    bind(UploadClaims).to(StorefrontUploadClaims);
  }),
  entities: [Seller, Storefront, SellerReputation, SellerSale, SellerReview, ReviewHelpfulVote, ReviewReport, Badge, UserBadge],
  routes: sellerRoutes,
  adminRoutes: (container) => Router().use(sellerAdminRoutes(container), reviewAdminRoutes(container)),
  tasks: sellerTasks,
  subscriptions: {
    [SUBSCRIBED_EVENTS.auctionWon]: [RECORD_SALE_TASK],
    [SUBSCRIBED_EVENTS.orderDelivered]: [REFRESH_REPUTATION_TASK],
    [SUBSCRIBED_EVENTS.orderPaid]: [REFRESH_REPUTATION_TASK],
    [SUBSCRIBED_EVENTS.orderShipped]: [REFRESH_REPUTATION_TASK],
    [SUBSCRIBED_EVENTS.orderRefunded]: [REFRESH_REPUTATION_TASK],
    [SUBSCRIBED_EVENTS.orderCancelled]: [REFRESH_REPUTATION_TASK],
    [SUBSCRIBED_EVENTS.returnRequested]: [REFRESH_REPUTATION_TASK],
  },
  crontab: sellerCrontab,
  seed: seedSellers,
  referenceData: sellersReferenceData,
  demo: sellersDemo,
};
