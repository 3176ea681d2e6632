/** The sellers and reputation APIs as the web app reads them (issue 4 contract; money as decimal strings). */

export type SellerStatus = 'pending' | 'approved' | 'rejected' | (string & {});

/** GET /api/sellers/by-user/{userId} */
export interface Seller {
  id: string;
  userId: string;
  businessName: string;
  businessType?: string;
  businessCity?: string | null;
  businessState?: string | null;
  status: SellerStatus;
  requiresListingApproval: boolean;
  rejectionReason?: string | null;
  approvedAt?: string | null;
  createdAt?: string;
}

export interface StorefrontCategory {
  slug: string;
  name: string;
}

/** GET /api/storefronts/slug/{slug} */
export interface SellerStorefront {
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
  location?: string | null;
  /** The figures sit at the top level or under `stats`; read them with storefrontStats(). */
  totalParts?: number;
  featuredParts?: number;
  memberSince?: string | number | null;
  categories?: StorefrontCategory[];
  stats?: {
    totalParts?: number;
    featuredParts?: number;
    memberSince?: string | number | null;
    categories?: StorefrontCategory[];
  } | null;
}

/** The fields a seller edits on their storefront (PATCH /api/storefronts/{id}). */
export interface StorefrontUpdate {
  displayName: string;
  logo: string | null;
  bannerImage: string | null;
  description: string | null;
  policies: string | null;
}

type Amount = number | string | null;

/** GET /api/sellers/{id}/reputation; percentages unless noted. */
export interface SellerReputation {
  reputationPoints: number;
  overallRating: Amount;
  totalReviews: number;
  totalSales: number;
  totalRevenue: Amount;
  /** Hours. */
  averageResponseTime: Amount;
  shippingAccuracy: Amount;
  onTimeDelivery: Amount;
  returnRate: Amount;
  customerSatisfaction: Amount;
  repeatCustomerRate: Amount;
  monthlyGrowth: Amount;
  currentLevel: number;
  levelName: string;
  nextLevelPoints: number | null;
  /** Null while the seller has no reviews. */
  ratingBand?: string | null;
}

/** One entry of GET /api/sellers/{id}/reviews. */
export interface SellerReview {
  id: string;
  rating: number;
  isVerifiedPurchase: boolean;
  title: string | null;
  reviewText: string | null;
  pros: string[] | null;
  cons: string[] | null;
  sellerResponse: string | null;
  createdAt: string;
  buyerName?: string | null;
  reviewerName?: string | null;
}

export type BadgeRarity = 'common' | 'rare' | 'epic' | 'legendary' | (string & {});

/** One entry of GET /api/users/{id}/badges. */
export interface EarnedBadge {
  id: string;
  badgeId: string;
  earnedAt: string;
  badge: {
    name: string;
    description?: string | null;
    icon?: string | null;
    rarity?: BadgeRarity | null;
    category?: string | null;
  } | null;
}
