export { featuredModule } from './featured.module.js';
export { FeaturedApi } from './featured.api.js';
export type {
  FeaturedListingDto,
  FeaturedMonthRevenueDto,
  FeaturedRevenueReportDto,
  PublicFeaturedListingDto,
} from './featured-listing.dto.js';
