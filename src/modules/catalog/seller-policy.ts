import type { Role } from '../../platform/roles.js';

export interface ListingTerms {
  /** Whether the user may create listings. */
  canList: boolean;
  /** Whether new listings wait for an admin's approval before going public. */
  requiresListingApproval: boolean;
}

/** Who may list parts, and on what terms; bound by the sellers module (from seller records). */
export abstract class SellerPolicy {
  /** The listing terms of a user; `role` saves a look-up when the caller already knows it. */
  abstract listingTerms(userId: string, role?: Role): Promise<ListingTerms>;
}
