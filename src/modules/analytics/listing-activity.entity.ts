import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** What an analytics row counts: a part or an auction. */
export type ListingItemType = 'part' | 'auction';

/**
 * A listing's activity on one UTC day (`listing_activity_daily`): views (unique visitors), search impressions
 * and clicks. Written in batches by the recorder (listing-activity.repository.ts).
 */
export const ListingActivityDay = defineEntity({
  name: 'ListingActivityDay',
  tableName: 'listing_activity_daily',
  properties: {
    itemType: p.text().$type<ListingItemType>().primary(),
    itemId: p.uuid().primary(),
    /** `YYYY-MM-DD` (UTC). */
    day: p.date().primary(),
    views: p.integer().default(0),
    impressions: p.integer().default(0),
    clicks: p.integer().default(0),
  },
});
export type ListingActivityDay = InferEntity<typeof ListingActivityDay>;

/**
 * Who viewed which listing on which UTC day (`listing_view_visitors`), so a page view counts once per visitor
 * and day; kept for a few days only (the daily counts keep the figures).
 */
export const ListingViewVisitor = defineEntity({
  name: 'ListingViewVisitor',
  tableName: 'listing_view_visitors',
  properties: {
    day: p.date().primary(),
    itemType: p.text().$type<ListingItemType>().primary(),
    itemId: p.uuid().primary(),
    /** The signed-in user (`u:<id>`) or a one-way hash of the address and browser (`a:<hash>`). */
    visitor: p.text().primary(),
  },
});
export type ListingViewVisitor = InferEntity<typeof ListingViewVisitor>;
