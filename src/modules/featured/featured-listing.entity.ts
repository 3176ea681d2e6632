import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { FeaturedListingType, FeaturedPlacementType } from './featured-listing.dto.js';

/**
 * A paid placement of a part, auction or reverse auction on the home page or a category page, booked in the console.
 * The listing is a plain id of another module (the one `listingType` names); `createdBy` is the admin's user id.
 * Money is exact (numeric(10,2) as text). The migration's exclusion constraint keeps two active placements off the
 * same position of the same page at overlapping times.
 */
export const FeaturedListing = defineEntity({
  name: 'FeaturedListing',
  tableName: 'featured_listings',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    listingType: p.string().length(20).$type<FeaturedListingType>().default('part'),
    partId: p.uuid().strictNullable(),
    auctionId: p.uuid().strictNullable(),
    reverseAuctionId: p.uuid().strictNullable(),
    position: p.smallint(),
    placementType: p.string().length(20).$type<FeaturedPlacementType>().default('homepage'),
    categoryId: p.uuid().strictNullable(),
    isActive: p.boolean().default(true),
    startDate: p.datetime(),
    endDate: p.datetime(),
    price: p.decimal('string').precision(10).scale(2).default('0'),
    notes: p.text().strictNullable(),
    createdBy: p.uuid(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type FeaturedListing = InferEntity<typeof FeaturedListing>;
