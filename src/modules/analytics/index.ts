export { analyticsModule } from './analytics.module.js';
export type { ActiveListingRow, ListingActivityAcceptedDto, SellerPerformanceRow } from './analytics.dto.js';
