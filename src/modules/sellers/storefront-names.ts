import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { approvedStorefronts } from './seller.repository.js';

/** An approved seller's public names. */
export interface SellerStorefrontName {
  businessName: string;
  storefrontSlug: string | null;
  /** The name buyers know the seller by: the storefront's display name, else the business name. */
  displayName: string;
}

/**
 * The names buyers know sellers by, for any module that shows a seller to a buyer (auctions, orders, offers,
 * messages). It needs the database only, so the modules the sellers' own services depend on (orders, through the
 * review purchases) may use it without a cycle.
 */
@injectable()
export class StorefrontNames {
  constructor(@inject(Database) private readonly db: Database) {}

  /** The business name and storefront of the approved sellers among `userIds` (by user id), in one query. */
  async storefronts(userIds: readonly string[]): Promise<Map<string, SellerStorefrontName>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const rows = await approvedStorefronts(this.db.em, ids);
    return new Map(
      rows.map((r) => [r.user_id, { businessName: r.business_name, storefrontSlug: r.slug, displayName: r.display_name?.trim() || r.business_name }]),
    );
  }

  /**
   * The name buyers see for each approved seller among `userIds`, by user id; users who are not approved sellers
   * are left out, for the caller's own fallback (an admin's listing has no storefront).
   */
  async displayNames(userIds: readonly string[]): Promise<Map<string, string>> {
    return new Map([...(await this.storefronts(userIds))].map(([userId, f]) => [userId, f.displayName]));
  }
}
