import { inject, injectable } from 'inversify';
import { hasRole, type Role } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';

export interface ListingTerms {
  /** Whether the user may create listings. */
  canList: boolean;
  /** Whether new listings wait for an admin's approval before going public. */
  requiresListingApproval: boolean;
}

/** Who may list parts, and on what terms; the sellers module will bind its own implementation. */
export abstract class SellerPolicy {
  /** The listing terms of a user; `role` saves a look-up when the caller already knows it. */
  abstract listingTerms(userId: string, role?: Role): Promise<ListingTerms>;
}

/** Interim rule until seller applications exist: sellers and admins may list, and every listing is reviewed. */
@injectable()
export class RoleSellerPolicy extends SellerPolicy {
  constructor(@inject(AccountsApi) private readonly accounts: AccountsApi) {
    super();
  }

  async listingTerms(userId: string, role?: Role): Promise<ListingTerms> {
    const actual = role ?? (await this.accounts.findUser(userId))?.role;
    return { canList: hasRole(actual, 'seller'), requiresListingApproval: true };
  }
}
