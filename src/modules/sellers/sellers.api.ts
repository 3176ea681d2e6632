import { inject, injectable } from 'inversify';

import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { SellerAnalyticsRow } from './seller.dto.js';
import { ReputationService } from './reputation.service.js';
import { Seller, Storefront } from './seller.entity.js';
import { SellerService } from './seller.service.js';
import { Database } from '../../platform/db/database.js';
import { sellersWithSpecialties } from './seller.repository.js';
import { StorefrontNames, type SellerStorefrontName } from './storefront-names.js';

/** A seller as other modules see it. */
export interface SellerSummary {
  id: string;
  userId: string;
  businessName: string;
  status: string;
  requiresListingApproval: boolean;
}

/** An approved seller as a buyer comparing quotes sees them: business, storefront and rating. */
export interface SellerQuoteProfile {
  userId: string;
  businessName: string;
  storefrontSlug: string | null;
  rating: number;
  totalReviews: number;
}

/** What other modules may ask of sellers. */
export abstract class SellersApi {
  /** The user's current seller record (pending or approved, else their newest application), or null. */
  abstract findByUser(userId: string): Promise<SellerSummary | null>;
  /**
   * The business name and storefront of the approved sellers among `userIds` (by user id), in one query.
   * `displayName` is the name buyers know the seller by: the storefront's display name, else the business name.
   */
  abstract storefronts(userIds: readonly string[]): Promise<Map<string, SellerStorefrontName>>;
  /** The approved sellers among `userIds` (by user id) with their storefront and rating, in one pass. */
  abstract quoteProfiles(userIds: readonly string[]): Promise<Map<string, SellerQuoteProfile>>;
  /**
   * User ids of approved sellers whose specialties name `terms` (any, case-insensitive), ordered by user id,
   * after `afterUserId`, at most `limit`: a page of a bounded fan-out.
   */
  abstract sellersWithSpecialties(terms: readonly string[], afterUserId: string | null, limit: number): Promise<string[]>;
  /** A console page of approved sellers with their listing, sales and reputation figures. */
  abstract analytics(page: ConsolePage): Promise<{ rows: SellerAnalyticsRow[]; total: number }>;
}

@injectable()
export class SellersApiImpl extends SellersApi {
  constructor(
    @inject(SellerService) private readonly sellers: SellerService,
    @inject(ReputationService) private readonly reputation: ReputationService,
    @inject(Database) private readonly db: Database,
    @inject(StorefrontNames) private readonly names: StorefrontNames,
  ) {
    super();
  }

  analytics(page: ConsolePage): Promise<{ rows: SellerAnalyticsRow[]; total: number }> {
    return this.sellers.analytics(page);
  }

  storefronts(userIds: readonly string[]): Promise<Map<string, SellerStorefrontName>> {
    return this.names.storefronts(userIds);
  }

  async quoteProfiles(userIds: readonly string[]): Promise<Map<string, SellerQuoteProfile>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const em = this.db.em;
    const sellers = await em.find(Seller, { userId: { $in: ids }, status: 'approved' });
    const storefronts = sellers.length ? await em.find(Storefront, { sellerId: { $in: sellers.map((s) => s.id) } }) : [];
    const slugs = new Map(storefronts.map((f) => [f.sellerId, f.slug]));
    const ratings = await this.reputation.forUsers(sellers.map((s) => s.userId));
    return new Map(
      sellers.map((s) => [
        s.userId,
        {
          userId: s.userId,
          businessName: s.businessName,
          storefrontSlug: slugs.get(s.id) ?? null,
          rating: ratings.get(s.userId)?.overallRating ?? 0,
          totalReviews: ratings.get(s.userId)?.totalReviews ?? 0,
        },
      ]),
    );
  }

  async sellersWithSpecialties(terms: readonly string[], afterUserId: string | null, limit: number): Promise<string[]> {
    const wanted = terms.map((t) => t.trim().toLowerCase()).filter(Boolean);
    if (!wanted.length) return [];
    return sellersWithSpecialties(this.db.em, wanted, afterUserId, limit);
  }

  async findByUser(userId: string): Promise<SellerSummary | null> {
    const s = await this.sellers.findCurrentByUser(userId);
    return s
      ? { id: s.id, userId: s.userId, businessName: s.businessName, status: s.status, requiresListingApproval: s.requiresListingApproval }
      : null;
  }
}
