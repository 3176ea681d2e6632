import { inject, injectable } from 'inversify';

import { SellerNames } from '../catalog/index.js';
import { Seller, Storefront } from './seller.entity.js';
import { Database } from '../../platform/db/database.js';

/**
 * The catalog's seller names (Part.sellerName): the storefront's display name, which the seller edits and buyers see
 * on the storefront, else the approved seller record's business name. One query when every seller has a storefront
 * (approval creates it), a second only for those without.
 */
@injectable()
export class SellerShopNames extends SellerNames {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async shopNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    const names = new Map<string, string>();
    if (!ids.length) return names;
    const em = this.db.em;
    const fronts = await em.find(Storefront, { userId: { $in: ids } }, { orderBy: { createdAt: 'asc' } });
    for (const f of fronts) if (f.displayName.trim()) names.set(f.userId, f.displayName);
    const rest = ids.filter((id) => !names.has(id));
    if (!rest.length) return names;
    const sellers = await em.find(Seller, { userId: { $in: rest }, status: 'approved' }, { orderBy: { createdAt: 'asc' } });
    for (const s of sellers) if (s.businessName.trim()) names.set(s.userId, s.businessName);
    return names;
  }
}
