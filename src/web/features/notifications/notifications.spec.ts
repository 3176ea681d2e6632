import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, notificationHref, relativeTime } from './notifications';

describe('notification bell helpers', () => {
  it('names the bell with its unread count', () => {
    expect(bellLabel(0)).toBe('Notifications, 0 unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('shows no badge at zero and caps it at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });

  it('tells the time relatively, then as a date after a week', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-11-01T12:00:00Z', now)).toBe('Nov 1, 2026');
    // A clock slightly behind the server's never says "in the future".
    expect(relativeTime('2026-11-24T12:00:05Z', now)).toBe('just now');
  });

  it("opens the notification's link, else its item's page, else the full list of notifications", () => {
    expect(notificationHref({ link: '/parts/p1', relatedItemType: 'part', relatedItemId: 'p1' })).toBe('/parts/p1');
    expect(notificationHref({ link: null, relatedItemType: 'auction', relatedItemId: 'a1' })).toBe('/auctions/a1');
    expect(notificationHref({ link: null, relatedItemType: 'order', relatedItemId: 'o1' })).toBe('/account/orders/o1');
    expect(notificationHref({ link: 'https://evil.example.com/x', relatedItemType: 'reverse_auction', relatedItemId: 'r1' })).toBe('/reverse-auctions/r1');
    expect(notificationHref({ link: '//evil.example.com', relatedItemType: null, relatedItemId: null })).toBe('/notifications');
  });
});
