import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BADGE_CATEGORIES, BADGE_RARITIES, BADGE_TYPES } from './reputation.rules.js';

/** Spec 001 §9 seller_reputation, one row per seller's user id; recomputed from reviews, sales and badges. */
export const SellerReputation = defineEntity({
  name: 'SellerReputation',
  tableName: 'seller_reputation',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    overallRating: p.decimal('string').precision(3).scale(2).default('0'),
    totalReviews: p.integer().default(0),
    totalSales: p.integer().default(0),
    totalRevenue: p.decimal('string').precision(14).scale(2).default('0'),
    averageResponseTime: p.decimal('string').precision(8).scale(2).default('0'),
    shippingAccuracy: p.decimal('string').precision(5).scale(2).default('100'),
    onTimeDelivery: p.decimal('string').precision(5).scale(2).default('100'),
    returnRate: p.decimal('string').precision(5).scale(2).default('0'),
    customerSatisfaction: p.decimal('string').precision(5).scale(2).default('0'),
    repeatCustomerRate: p.decimal('string').precision(5).scale(2).default('0'),
    monthlyGrowth: p.decimal('string').precision(8).scale(2).default('0'),
    reputationPoints: p.integer().default(0),
    currentLevel: p.smallint().default(1),
    nextLevelPoints: p.integer().nullable().default(100),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SellerReputation = InferEntity<typeof SellerReputation>;

/** One sale credited to a seller (from `auctions.auction.won`); the auction id makes it count once. */
export const SellerSale = defineEntity({
  name: 'SellerSale',
  tableName: 'seller_sales',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    auctionId: p.uuid(),
    partId: p.uuid().nullable(),
    sellerUserId: p.uuid(),
    buyerId: p.uuid(),
    amount: p.decimal('string').precision(10).scale(2),
    soldAt: p.datetime(),
  },
});
export type SellerSale = InferEntity<typeof SellerSale>;

/** A buyer's review of a seller. `sellerUserId` and `reviewerId` are user ids. */
export const SellerReview = defineEntity({
  name: 'SellerReview',
  tableName: 'seller_reviews',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    sellerId: p.uuid(),
    sellerUserId: p.uuid(),
    reviewerId: p.uuid(),
    /** The order reviewed (one review per order); null for reviews written before purchases were required. */
    orderId: p.uuid().nullable(),
    rating: p.smallint(),
    qualityRating: p.smallint().nullable(),
    serviceRating: p.smallint().nullable(),
    shippingRating: p.smallint().nullable(),
    title: p.string().length(200).nullable(),
    reviewText: p.text().nullable(),
    pros: p.array(),
    cons: p.array(),
    /** Spec 001 default true; null only on reviews written before the default. */
    wouldRecommend: p.boolean().nullable().default(true),
    isVerifiedPurchase: p.boolean().default(false),
    helpfulCount: p.integer().default(0),
    reportCount: p.integer().default(0),
    /** False once an admin hid the review after reports. */
    isPublic: p.boolean().default(true),
    moderatedAt: p.datetime().nullable(),
    moderatedBy: p.uuid().nullable(),
    sellerResponse: p.text().nullable(),
    sellerResponseAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SellerReview = InferEntity<typeof SellerReview>;

/** An achievement badge and the requirement (JSON) that earns it. */
export const Badge = defineEntity({
  name: 'Badge',
  tableName: 'badges',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(100),
    description: p.text(),
    icon: p.string().length(20),
    category: p.enum(BADGE_CATEGORIES),
    type: p.enum(BADGE_TYPES),
    rarity: p.enum(BADGE_RARITIES).default('common'),
    pointsAwarded: p.integer().default(0),
    requirement: p.json<Record<string, unknown>>(),
    isActive: p.boolean().default(true),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Badge = InferEntity<typeof Badge>;

/**
 * A badge a user earned; `pointsAwarded` is what it added to their reputation when earned. `progress` is 100 (a row
 * exists only once the badge is earned); `isDisplayed` false hides it from everyone but its holder.
 */
export const UserBadge = defineEntity({
  name: 'UserBadge',
  tableName: 'user_badges',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    badgeId: p.uuid(),
    pointsAwarded: p.integer().default(0),
    progress: p.smallint().default(100),
    isDisplayed: p.boolean().default(true),
    earnedAt: p.datetime(),
  },
});
export type UserBadge = InferEntity<typeof UserBadge>;
