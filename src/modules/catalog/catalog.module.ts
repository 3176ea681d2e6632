import { Router } from 'express';
import { ContainerModule } from 'inversify';
import { interchangeAdminRoutes } from './interchange.admin-routes.js';
import { InterchangeService } from './interchange.service.js';
import { ConsoleFigures } from '../../platform/console-figures.js';
import { PartConsoleFigures } from './part.console-figures.js';
import type { PitlaneModule } from '../../platform/module.js';
import { CatalogApi, CatalogApiImpl } from './catalog.api.js';
import { CatalogLookups } from './catalog.lookups.js';
import { CatalogReference } from './garage.ports.js';
import { catalogCrontab, catalogTasks } from './catalog.tasks.js';
import { catalogRoutes } from './catalog.routes.js';
import { seedCatalog } from './catalog.seed.js';
import { catalogDemo } from './catalog.demo.js';
import { catalogReferenceData } from './catalog.reference-data.js';
import { CatalogPublicCount } from './catalog-public-count.entity.js';
import { Category } from './category.entity.js';
import { Favorite } from './favorite.entity.js';
import { Make } from './make.entity.js';
import { partAdminRoutes } from './part.admin-routes.js';
import { Part } from './part.entity.js';
import { PartFitment } from './part-fitment.entity.js';
import { InterchangeGroup, InterchangeNumber, PartNumber } from './part-number.entity.js';
import { PartSearchWord } from './part-search-word.entity.js';
import { PartListingService } from './part-listing.service.js';
import { PartReviewService } from './part-review.service.js';
import { CATALOG_SUBSCRIBED_EVENTS, MARK_SOLD_BY_AUCTION_TASK, PartSaleService, RELIST_CANCELLED_ORDER_PART_TASK } from './part-sale.service.js';
import { PartService } from './part.service.js';
import { PartUploadClaims } from './part.upload-claims.js';
import { UploadClaims } from './upload.claims.js';
import { UploadCleanupService } from './upload-cleanup.service.js';
import { SearchRecentService } from './search-recent.service.js';
import { PartSearchRecent, PartSearchRecentFloor } from './part-search-recent.entity.js';
import { UploadService } from './upload.service.js';
import { WatchlistService } from './watchlist.service.js';
import { SELLER_SUSPENSION_SUBSCRIPTIONS, SellerSuspensionService, sellerSuspensionTasks } from './seller-suspension.service.js';

/** The catalog module: categories, makes, parts and their search, listing review, photos, the watchlist. */
export const catalogModule: PitlaneModule = {
  name: 'catalog',
  containerModule: new ContainerModule(({ bind }) => {
    bind(PartService).toSelf();
    bind(InterchangeService).toSelf();
    bind(PartListingService).toSelf();
    bind(PartReviewService).toSelf();
    bind(PartSaleService).toSelf();
    bind(SellerSuspensionService).toSelf();
    bind(CatalogLookups).toSelf();
    bind(WatchlistService).toSelf();
    bind(CatalogReference).toSelf();
    bind(UploadService).toSelf();
    bind(UploadCleanupService).toSelf();
    bind(SearchRecentService).toSelf();
    bind(UploadClaims).to(PartUploadClaims);
    bind(CatalogApi).to(CatalogApiImpl);
    bind(ConsoleFigures).to(PartConsoleFigures);
  }),
  entities: [Category, Make, Part, PartFitment, PartNumber, InterchangeGroup, InterchangeNumber, Favorite, PartSearchWord, CatalogPublicCount, PartSearchRecent, PartSearchRecentFloor],
  routes: catalogRoutes,
  adminRoutes: (container) => Router().use(partAdminRoutes(container), interchangeAdminRoutes(container)),
  tasks: { ...catalogTasks, ...sellerSuspensionTasks },
  crontab: catalogCrontab,
  subscriptions: { [CATALOG_SUBSCRIBED_EVENTS.auctionWon]: [MARK_SOLD_BY_AUCTION_TASK], [CATALOG_SUBSCRIBED_EVENTS.orderPaid]: [MARK_SOLD_BY_AUCTION_TASK], [CATALOG_SUBSCRIBED_EVENTS.orderCancelled]: [RELIST_CANCELLED_ORDER_PART_TASK], ...SELLER_SUSPENSION_SUBSCRIPTIONS },
  seed: seedCatalog,
  referenceData: catalogReferenceData,
  demo: catalogDemo,
};
