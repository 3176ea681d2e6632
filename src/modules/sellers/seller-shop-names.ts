import { inject, injectable } from 'inversify';

import { SellerNames } from '../catalog/index.js';
import { StorefrontNames } from './storefront-names.js';

/**
 * The catalog's seller names (Part.sellerName): the same names buyers see everywhere else, from StorefrontNames
 * (the storefront's display name, else the business name); the catalog falls back to the username.
 */
@injectable()
export class SellerShopNames extends SellerNames {
  constructor(@inject(StorefrontNames) private readonly names: StorefrontNames) {
    super();
  }

  shopNames(userIds: readonly string[]): Promise<Map<string, string>> {
    return this.names.displayNames(userIds);
  }
}
