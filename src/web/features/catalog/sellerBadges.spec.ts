import { describe, expect, it } from 'vitest';
import { badgeName, visibleBadges } from './sellerBadges';

describe('badgeName', () => {
  it("uses the badge definition's name, else a readable id", () => {
    expect(badgeName({ id: '1', badge: { name: 'Top Seller' } })).toBe('Top Seller');
    expect(badgeName({ id: '1', badgeId: 'badge-fast-shipper' })).toBe('Fast shipper');
    expect(badgeName({ id: '1' })).toBe('Badge');
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
