/**
 * The reputation API's answers (reputation, reviews, badges), declared once here: the services build them and both
 * front ends read them with `import type`. Declarations only, besides the pure rules they name.
 */
import type { BadgeCategory, BadgeRarity, BadgeType, RatingBand } from './reputation.rules.js';

/** Seller reputation as the API returns it; money as a decimal string, rates as numbers. */
export interface ReputationDto {
  sellerId: string | null;
  userId: string;
  overallRating: number;
  totalReviews: number;
  totalSales: number;
  totalRevenue: string;
  averageResponseTime: number;
  shippingAccuracy: number;
  onTimeDelivery: number;
  returnRate: number;
  customerSatisfaction: number;
  repeatCustomerRate: number;
  monthlyGrowth: number;
  reputationPoints: number;
  currentLevel: number;
  nextLevelPoints: number | null;
  levelName: string;
  /** Null while the seller has no reviews. */
  ratingBand: RatingBand | null;
}

/**
 * A buyer's review of a seller as anyone reads it (GET /api/sellers/{id}/reviews): the reviewer only by display
 * name and the verified-purchase mark, never by account or order.
 */
export interface ReviewDto {
  id: string;
  sellerId: string;
  sellerUserId: string;
  reviewerName: string | null;
  /** Whether the signed-in reader wrote it (false when signed out): no Helpful or Report on one's own review. */
  isOwnReview: boolean;
  rating: number;
  qualityRating: number | null;
  serviceRating: number | null;
  shippingRating: number | null;
  title: string | null;
  reviewText: string | null;
  pros: string[];
  cons: string[];
  wouldRecommend: boolean | null;
  isVerifiedPurchase: boolean;
  helpfulCount: number;
  sellerResponse: string | null;
  sellerResponseAt: string | null;
  createdAt: string;
}

/** A review as its author (their new review, `?orderId=` on their own order) and admins read it. */
export interface OwnReviewDto extends ReviewDto {
  reviewerId: string;
  /** The order reviewed; null for reviews written before purchases were required. */
  orderId: string | null;
}

/** A reported review as the console's reported-reviews resource shows it. */
export interface ReportedReviewDto extends OwnReviewDto {
  reportCount: number;
  isPublic: boolean;
  moderatedAt: string | null;
  sellerName: string | null;
  reports: { userId: string; username: string | null; reason: string; createdAt: string }[];
}

/** A badge (GET /api/badges, the console's badges resource). */
export interface BadgeDto {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: BadgeCategory;
  type: BadgeType;
  rarity: BadgeRarity;
  pointsAwarded: number;
  requirement: Record<string, unknown>;
  isActive: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** A badge a user earned (GET /api/users/{id}/badges). */
export interface UserBadgeDto {
  id: string;
  badgeId: string;
  badge: BadgeDto;
  earnedAt: string;
  /** Spec 001 §9: 100 for an earned badge. */
  progress: number;
  /** False when its holder hid it: only the holder's own list includes it. */
  isDisplayed: boolean;
}

/** The names of the badges one user shows, newest first (GET /api/badges/earned?userIds=...: part cards). */
export interface EarnedBadgesDto {
  userId: string;
  names: string[];
}
