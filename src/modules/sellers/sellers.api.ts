import { inject, injectable } from 'inversify';
import { SellerService } from './seller.service.js';

/** A seller as other modules see it. */
export interface SellerSummary {
  id: string;
  userId: string;
  businessName: string;
  status: string;
  requiresListingApproval: boolean;
}

/** What other modules may ask of sellers. */
export abstract class SellersApi {
  /** The user's current seller record (pending or approved, else their newest application), or null. */
  abstract findByUser(userId: string): Promise<SellerSummary | null>;
}

@injectable()
export class SellersApiImpl extends SellersApi {
  constructor(@inject(SellerService) private readonly sellers: SellerService) {
    super();
  }

  async findByUser(userId: string): Promise<SellerSummary | null> {
    const s = await this.sellers.findCurrentByUser(userId);
    return s
      ? { id: s.id, userId: s.userId, businessName: s.businessName, status: s.status, requiresListingApproval: s.requiresListingApproval }
      : null;
  }
}
