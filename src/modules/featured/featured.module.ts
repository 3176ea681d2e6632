import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { FeaturedApi, FeaturedApiImpl } from './featured.api.js';
import { featuredDemo } from './featured.demo.js';
import { featuredAdminRoutes } from './featured-listing.admin-routes.js';
import { FeaturedListingDaily } from './featured-listing-daily.entity.js';
import { FeaturedListing } from './featured-listing.entity.js';
import { FeaturedListingResolver } from './featured-listing.resolver.js';
import { featuredRoutes } from './featured-listing.routes.js';
import { FeaturedListingService } from './featured-listing.service.js';
import { FeaturedPublicService } from './featured-public.service.js';
import { FeaturedRevenueService } from './featured-revenue.service.js';
import { FeaturedStatsRecorder } from './featured-stats.recorder.js';

/**
 * The featured module: paid placements on the home page (12 slots) and category pages (8), booked in the
 * console, served to every page load from the read pool with a short cache, with impressions and clicks
 * counted in batches and the revenue report. The console's bookings read and write the entities; the public reads,
 * the counters' batch writes and the revenue report run their measured SQL (featured-listing.sql.ts,
 * featured-revenue.sql.ts).
 */
export const featuredModule: PitlaneModule = {
  name: 'featured',
  containerModule: new ContainerModule(({ bind }) => {
    bind(FeaturedListingResolver).toSelf().inSingletonScope();
    bind(FeaturedPublicService).toSelf().inSingletonScope();
    bind(FeaturedStatsRecorder).toSelf().inSingletonScope();
    bind(FeaturedListingService).toSelf().inSingletonScope();
    bind(FeaturedRevenueService).toSelf().inSingletonScope();
    bind(FeaturedApi).to(FeaturedApiImpl).inSingletonScope();
  }),
  entities: [FeaturedListing, FeaturedListingDaily],
  routes: featuredRoutes,
  adminRoutes: featuredAdminRoutes,
  demo: featuredDemo,
};
