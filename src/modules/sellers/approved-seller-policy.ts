import { inject, injectable } from 'inversify';

import { hasRole, type Role } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { SellerPolicy, type ListingTerms } from '../catalog/index.js';
import { Seller } from './seller.entity.js';
import { Database } from '../../platform/db/database.js';

/**
 * Listing terms from seller records: an approved seller lists on their record's terms; admins list freely.
 * Reads the table itself (not through SellerService), since the catalog's services depend on this policy.
 */
@injectable()
export class ApprovedSellerPolicy extends SellerPolicy {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {
    super();
  }

  async listingTerms(userId: string, role?: Role): Promise<ListingTerms> {
    const actual = role ?? (await this.accounts.findUser(userId))?.role;
    if (hasRole(actual, 'admin')) return { canList: true, requiresListingApproval: false };
    const seller = await this.db.em.findOne(
      Seller,
      { userId, status: 'approved' },
      { fields: ['id', 'requiresListingApproval'], refresh: true },
    );
    return seller
      ? { canList: true, requiresListingApproval: seller.requiresListingApproval }
      : { canList: false, requiresListingApproval: true };
  }
}
