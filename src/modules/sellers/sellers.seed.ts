import { Database } from '../../platform/db/database.js';
import type { Container } from 'inversify';
import { RequestContext } from '@mikro-orm/postgresql';
import { seedDefaultBadges } from './badge.repository.js';

/** The default badges; matched by name, so admins' later edits of other fields are kept. */
export const SEED_BADGES = [
  { name: 'Verified Seller', description: 'Approved to sell on Pitlane.', icon: '✅', category: 'special', type: 'seller', rarity: 'common', pointsAwarded: 10, requirement: { verified: true }, sortOrder: 10 },
  { name: 'Early Adopter', description: 'One of the first 100 approved sellers.', icon: '🚀', category: 'special', type: 'seller', rarity: 'rare', pointsAwarded: 25, requirement: { earlyAdopter: true }, sortOrder: 20 },
  { name: 'First Sale', description: 'Completed a first sale.', icon: '🏁', category: 'milestone', type: 'seller', rarity: 'common', pointsAwarded: 10, requirement: { minSales: 1 }, sortOrder: 30 },
  { name: 'Ten Sales', description: 'Completed 10 sales.', icon: '🔧', category: 'sales', type: 'seller', rarity: 'common', pointsAwarded: 25, requirement: { minSales: 10 }, sortOrder: 40 },
  { name: 'Power Seller', description: '100 sales and $10,000 in revenue.', icon: '⚡', category: 'sales', type: 'seller', rarity: 'epic', pointsAwarded: 100, requirement: { minSales: 100, minRevenue: 10000 }, sortOrder: 50 },
  { name: 'Top Rated', description: 'An average rating of 4.8 or more over at least 10 reviews.', icon: '⭐', category: 'quality', type: 'seller', rarity: 'rare', pointsAwarded: 50, requirement: { minRating: 4.8, minReviews: 10 }, sortOrder: 60 },
  { name: 'Well Reviewed', description: 'Received 5 reviews.', icon: '💬', category: 'milestone', type: 'seller', rarity: 'common', pointsAwarded: 10, requirement: { minReviews: 5 }, sortOrder: 70 },
  { name: 'Quick Responder', description: 'Answers buyers within 2 hours on average.', icon: '⏱️', category: 'service', type: 'seller', rarity: 'rare', pointsAwarded: 25, requirement: { maxResponseTime: 2 }, sortOrder: 80 },
  { name: 'On Time, Every Time', description: 'Ships on time 98% of the time or better.', icon: '📦', category: 'service', type: 'seller', rarity: 'rare', pointsAwarded: 25, requirement: { minOnTimeDelivery: 98, minSales: 10 }, sortOrder: 90 },
  { name: 'Legend of the Pitlane', description: '1,000 sales with a rating of 4.9 or more.', icon: '🏆', category: 'milestone', type: 'seller', rarity: 'legendary', pointsAwarded: 500, requirement: { minSales: 1000, minRating: 4.9 }, sortOrder: 100 },
] as const;

/** Inserts the default badges that are missing (by name); a second run changes nothing. */
export async function seedSellers(container: Container): Promise<string[]> {
  const orm = container.get(Database).orm;
  return RequestContext.create(orm.em, async () => {
    const added = await seedDefaultBadges(orm.em, SEED_BADGES);
    return [`badges: ${added} added, ${SEED_BADGES.length - added} unchanged`];
  });
}
