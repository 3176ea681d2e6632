import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import type { FeaturedPlacementType, PublicFeaturedListingDto } from './featured-listing.dto.js';
import { FeaturedListingResolver } from './featured-listing.resolver.js';
import { FEATURED_SLOTS } from './featured-listing.schemas.js';
import { readFeaturedPartIds, readPagePlacements } from './featured-listing.sql.js';

/** How long one page's answer is served from memory. */
export const FEATURED_CACHE_MS = 3_000;
/** Pages kept in memory at most (the home page and the categories). */
const MAX_CACHED_PAGES = 500;

interface Entry {
  expires: number;
  value: Promise<PublicFeaturedListingDto[]>;
}

/**
 * GET /api/featured-listings: the placements of one page live now, read from the read pool and kept for
 * FEATURED_CACHE_MS (one read per page at a time, whatever the traffic). A placement whose listing stopped being
 * live is left out; the console's writes drop the cache at once.
 */
@injectable()
export class FeaturedPublicService {
  private readonly cache = new Map<string, Entry>();

  private readonly db: SqlRunner;

  constructor(
    @inject(Database) database: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(FeaturedListingResolver) private readonly resolver: FeaturedListingResolver,
  ) {
    this.db = database.runner('read');
  }

  /** The live placements of the page, by position, never more than its slots. */
  list(placementType: FeaturedPlacementType, categoryId: string | null): Promise<PublicFeaturedListingDto[]> {
    const key = `${placementType}|${categoryId ?? ''}`;
    const now = this.clock.now().getTime();
    const cached = this.cache.get(key);
    if (cached && cached.expires > now) return cached.value;
    if (this.cache.size >= MAX_CACHED_PAGES) this.cache.clear();
    const value = this.read(placementType, categoryId);
    this.cache.set(key, { expires: now + FEATURED_CACHE_MS, value });
    // A failed read is not kept.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    return value;
  }

  /** Forgets every cached page (after a console change). */
  invalidate(): void {
    this.cache.clear();
    this.partIdsCache = null;
  }

  private partIdsCache: { expires: number; ids: Promise<string[]> } | null = null;

  /** Ids of the parts featured now on any page (the Featured mark of part cards), cached as the pages are. */
  featuredPartIds(): Promise<string[]> {
    const now = this.clock.now().getTime();
    if (this.partIdsCache && this.partIdsCache.expires > now) return this.partIdsCache.ids;
    const ids = readFeaturedPartIds(this.db, this.clock.now());
    this.partIdsCache = { expires: now + FEATURED_CACHE_MS, ids };
    ids.catch(() => (this.partIdsCache = null));
    return ids;
  }

  private async read(placementType: FeaturedPlacementType, categoryId: string | null): Promise<PublicFeaturedListingDto[]> {
    const slots = FEATURED_SLOTS[placementType];
    const now = this.clock.now();
    const rows = await readPagePlacements(this.db, placementType, categoryId, now, slots);
    const listings = await this.resolver.resolve(
      rows.map((r) => ({ listingType: r.listing_type, partId: r.part_id, auctionId: r.auction_id, reverseAuctionId: r.reverse_auction_id })),
    );
    const out: PublicFeaturedListingDto[] = [];
    rows.forEach((r, i) => {
      const listing = listings[i]!;
      if (!listing.live) return;
      out.push({
        id: r.id,
        listingType: r.listing_type,
        position: r.position,
        placementType,
        categoryId,
        endDate: r.end_date.toISOString(),
        ...(listing.part ? { part: listing.part } : {}),
        ...(listing.auction ? { auction: listing.auction } : {}),
        ...(listing.reverseAuction ? { reverseAuction: listing.reverseAuction } : {}),
      });
    });
    return out.slice(0, slots);
  }
}
