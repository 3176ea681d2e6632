import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A placement's impressions and clicks of one UTC day, written in batches by FeaturedStatsRecorder (one upsert per
 * batch, featured-listing.sql.ts); removed with its placement (on delete cascade).
 */
export const FeaturedListingDaily = defineEntity({
  name: 'FeaturedListingDaily',
  tableName: 'featured_listing_daily',
  properties: {
    featuredListingId: p.uuid().primary(),
    /** The UTC day, "YYYY-MM-DD". */
    day: p.date().primary(),
    impressions: p.bigint('number').default(0),
    clicks: p.bigint('number').default(0),
  },
});
export type FeaturedListingDaily = InferEntity<typeof FeaturedListingDaily>;
