import { describe, expect, it } from 'vitest';
import type { BadgeDto } from '../../../modules/sellers/reputation.dto';
import { badgeName, visibleBadges } from './sellerBadges';

const definition = (name: string): BadgeDto => ({
  id: 'b1',
  name,
  description: 'Completed a first sale.',
  icon: '🏁',
  category: 'milestone',
  type: 'seller',
  rarity: 'common',
  pointsAwarded: 10,
  requirement: { minSales: 1 },
  isActive: true,
  sortOrder: 30,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('badgeName', () => {
  it("uses the badge definition's name, else Badge", () => {
    expect(badgeName({ badge: definition(' Top Seller ') })).toBe('Top Seller');
    expect(badgeName({ badge: definition('  ') })).toBe('Badge');
  });
});

describe('visibleBadges', () => {
  it('shows six and counts the rest', () => {
    const badges = Array.from({ length: 9 }, (_, i) => ({ id: String(i) }));
    const { shown, more } = visibleBadges(badges);
    expect(shown).toHaveLength(6);
    expect(more).toBe(3);
    expect(visibleBadges(badges.slice(0, 2)).more).toBe(0);
  });
});
