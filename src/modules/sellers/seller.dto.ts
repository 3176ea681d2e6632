/**
 * The sellers API's answers (seller records, storefronts, the console's analytics), declared once here: the server
 * builds them (seller.mapper.ts, the services) and both front ends read them with `import type`. Declarations only.
 */

import type { RatingBand } from './reputation.rules.js';

/** Where a seller application stands. */
export type SellerStatus = 'pending' | 'approved' | 'rejected';

/** A seller record as its owner and admins see it. */
export interface SellerDto {
  id: string;
  userId: string;
  businessName: string;
  businessType: string;
  taxId: string | null;
  businessLicense: string | null;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  businessCountry: string;
  contactPhone: string;
  website: string | null;
  description: string | null;
  yearsInBusiness: number | null;
  specialties: string[];
  status: SellerStatus;
  requiresListingApproval: boolean;
  rejectionReason: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The console's view adds the applicant's account: username, email and personal name, and spec 001's seller row for
 * the featured form (contactEmail, businessEmail, isApproved). An application has no email field of its own, so both
 * emails are the account's; `isApproved` is true when approved, false when rejected and null while pending.
 */
export interface AdminSellerDto extends SellerDto {
  username: string | null;
  email: string | null;
  contactEmail: string | null;
  businessEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  isApproved: boolean | null;
}

/** A storefront with its seller's location and listing figures. */
export interface StorefrontDto {
  id: string;
  sellerId: string;
  userId: string;
  slug: string;
  displayName: string;
  logo: string | null;
  bannerImage: string | null;
  description: string | null;
  policies: string | null;
  isActive: boolean;
  createdAt: string;
  /** "City, ST". */
  location: string;
  businessCity: string;
  businessState: string;
  stats: {
    totalParts: number;
    featuredParts: number;
    memberSince: number;
    categories: { slug: string; name: string }[];
  };
}

/** One row of the console's seller analytics, from real figures. */
export interface SellerAnalyticsRow {
  id: string;
  userId: string;
  businessName: string;
  businessCity: string;
  businessState: string;
  approvedAt: string | null;
  partsListed: number;
  activeParts: number;
  soldCount: number;
  revenue: string;
  rating: number;
  ratingBand: RatingBand | null;
  reviews: number;
  reputationPoints: number;
  level: number;
  levelName: string;
}
