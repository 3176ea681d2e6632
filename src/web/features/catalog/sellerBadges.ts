import type { UserBadge } from './catalog.types';

/** Spec 000 §9: the part page shows up to 6 seller badges. */
export const DETAIL_BADGE_LIMIT = 6;

/** The name a badge is shown by: its definition's name, else its id without the "badge-" prefix. */
export function badgeName(badge: UserBadge): string {
  const name = badge.badge?.name?.trim();
  if (name) return name;
  const id = (badge.badgeId ?? '').replace(/^badge-/, '').replace(/[-_]+/g, ' ').trim();
  return id ? id.charAt(0).toUpperCase() + id.slice(1) : 'Badge';
}

/** Up to `limit` badges and the count of the rest ("+N more"). */
export function visibleBadges(badges: readonly UserBadge[], limit = DETAIL_BADGE_LIMIT): { shown: UserBadge[]; more: number } {
  return { shown: badges.slice(0, limit), more: Math.max(0, badges.length - limit) };
}
