import type { UserBadgeDto } from '../../../modules/sellers/reputation.dto';

/** Spec 000 §9: the part page shows up to 6 seller badges. */
export const DETAIL_BADGE_LIMIT = 6;

/** The name a badge is shown by (the server always sends the badge's definition with its name). */
export function badgeName(badge: Pick<UserBadgeDto, 'badge'>): string {
  return badge.badge.name.trim() || 'Badge';
}

/** Up to `limit` badges and the count of the rest ("+N more"). */
export function visibleBadges<T>(badges: readonly T[], limit = DETAIL_BADGE_LIMIT): { shown: T[]; more: number } {
  return { shown: badges.slice(0, limit), more: Math.max(0, badges.length - limit) };
}
