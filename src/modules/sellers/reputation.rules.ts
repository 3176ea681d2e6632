/** Reputation tiers, rating bands, points and badge requirements: pure rules, no I/O. */

export interface Tier {
  level: number;
  name: string;
  minPoints: number;
}

/** Spec 001 §4: the six tiers by reputation points. */
export const TIERS: readonly Tier[] = [
  { level: 1, name: 'New Seller', minPoints: 0 },
  { level: 2, name: 'Trusted Seller', minPoints: 100 },
  { level: 3, name: 'Expert Seller', minPoints: 500 },
  { level: 4, name: 'Elite Seller', minPoints: 1500 },
  { level: 5, name: 'Master Seller', minPoints: 4000 },
  { level: 6, name: 'Legendary Seller', minPoints: 10000 },
];

/** The tier of a points total, and the points where the next tier starts (null at the top). */
export function tierOf(points: number): { level: number; levelName: string; nextLevelPoints: number | null } {
  let index = 0;
  for (let i = 0; i < TIERS.length; i++) if (points >= TIERS[i]!.minPoints) index = i;
  const tier = TIERS[index]!;
  return { level: tier.level, levelName: tier.name, nextLevelPoints: TIERS[index + 1]?.minPoints ?? null };
}

export type RatingBand = 'Excellent' | 'Good' | 'Average' | 'Poor';

/** Spec 000 §9: 4.5 and up Excellent, 4 and up Good, 3.5 and up Average, else Poor. */
export function ratingBand(rating: number): RatingBand {
  if (rating >= 4.5) return 'Excellent';
  if (rating >= 4) return 'Good';
  if (rating >= 3.5) return 'Average';
  return 'Poor';
}

/** Points for each recorded sale. */
export const POINTS_PER_SALE = 10;
/** Points for one review by its star rating: good reviews lift, poor ones cost. */
export const REVIEW_POINTS: Record<number, number> = { 1: -5, 2: -2, 3: 1, 4: 3, 5: 5 };

/** Reputation points: 10 per sale, rating-weighted review points, plus badge points; never below 0. */
export function reputationPoints(input: { sales: number; ratings: Record<number, number>; badgePoints: number }): number {
  let review = 0;
  for (const [stars, count] of Object.entries(input.ratings)) review += (REVIEW_POINTS[Number(stars)] ?? 0) * count;
  return Math.max(0, input.sales * POINTS_PER_SALE + review + input.badgePoints);
}

/** A badge's category, who earns it and its rarity (spec 001 §3): the entity, the API's schemas and the console's form. */
export const BADGE_CATEGORIES = ['sales', 'service', 'quality', 'milestone', 'special'] as const;
export const BADGE_TYPES = ['buyer', 'seller', 'both'] as const;
export const BADGE_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];
export type BadgeType = (typeof BADGE_TYPES)[number];
export type BadgeRarity = (typeof BADGE_RARITIES)[number];

/** The keys a badge requirement may hold (spec 001 §3); the console's badge form imports this list. */
export const REQUIREMENT_KEYS = [
  'minSales',
  'minRevenue',
  'minRating',
  'minReviews',
  'maxResponseTime',
  'minOnTimeDelivery',
  'maxReturnRate',
  'verified',
  'earlyAdopter',
] as const;

export interface BadgeRequirement {
  minSales?: number;
  minRevenue?: number;
  minRating?: number;
  minReviews?: number;
  maxResponseTime?: number;
  minOnTimeDelivery?: number;
  maxReturnRate?: number;
  verified?: boolean;
  earlyAdopter?: boolean;
}

/** What a seller has achieved, as badge requirements read it. */
export interface SellerStanding {
  totalSales: number;
  /** Revenue in cents. */
  revenueCents: number;
  overallRating: number;
  totalReviews: number;
  /** Hours; null while nothing measures it. */
  averageResponseTime: number | null;
  onTimeDelivery: number;
  returnRate: number;
  /** An approved seller. */
  verified: boolean;
  /** Among the first approved sellers. */
  earlyAdopter: boolean;
}

/**
 * Whether a standing meets every key of a requirement. Rating needs at least one review; delivery and
 * return rates need at least one sale (the defaults of 100% and 0% prove nothing); response time needs a measurement.
 */
export function meetsRequirement(req: BadgeRequirement, s: SellerStanding): boolean {
  const checks: boolean[] = [];
  if (req.minSales !== undefined) checks.push(s.totalSales >= req.minSales);
  if (req.minRevenue !== undefined) checks.push(s.revenueCents >= Math.round(req.minRevenue * 100));
  if (req.minRating !== undefined) checks.push(s.totalReviews > 0 && s.overallRating >= req.minRating);
  if (req.minReviews !== undefined) checks.push(s.totalReviews >= req.minReviews);
  if (req.maxResponseTime !== undefined) {
    checks.push(s.averageResponseTime !== null && s.averageResponseTime <= req.maxResponseTime);
  }
  if (req.minOnTimeDelivery !== undefined) checks.push(s.totalSales > 0 && s.onTimeDelivery >= req.minOnTimeDelivery);
  if (req.maxReturnRate !== undefined) checks.push(s.totalSales > 0 && s.returnRate <= req.maxReturnRate);
  if (req.verified !== undefined) checks.push(!req.verified || s.verified);
  if (req.earlyAdopter !== undefined) checks.push(!req.earlyAdopter || s.earlyAdopter);
  return checks.length > 0 && checks.every(Boolean);
}

/** How many of the first approved sellers count as early adopters. */
export const EARLY_ADOPTER_SELLERS = 100;
