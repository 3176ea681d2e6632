import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { EarnedBadgesDto } from '../../../modules/sellers/reputation.dto';

/** The server's limit of user ids per GET /api/badges/earned. */
export const EARNED_BADGES_BATCH = 100;

/**
 * Gathers the ids asked for within one tick into requests of at most `max` ids: a page of part cards asks for its
 * sellers' badges together instead of once per card. Each caller gets its own user's answer (an empty list when the
 * server names none); a failed request fails the callers of that request only.
 */
export function createBatcher(fetchMany: (ids: string[]) => Promise<EarnedBadgesDto[]>, max = EARNED_BADGES_BATCH) {
  let waiting = new Map<string, { resolve: (names: string[]) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += max) {
      const chunk = ids.slice(i, i + max);
      fetchMany(chunk).then(
        (rows) => {
          const byUser = new Map(rows.map((r) => [r.userId, r.names]));
          for (const id of chunk) for (const caller of batch.get(id)!) caller.resolve(byUser.get(id) ?? []);
        },
        (error: unknown) => {
          for (const id of chunk) for (const caller of batch.get(id)!) caller.reject(error);
        },
      );
    }
  };

  return (userId: string): Promise<string[]> =>
    new Promise((resolve, reject) => {
      waiting.set(userId, [...(waiting.get(userId) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}

const shownNames = createBatcher((ids) =>
  apiRequest<EarnedBadgesDto[]>(`/api/badges/earned?userIds=${ids.map(encodeURIComponent).join(',')}`),
);

/** Query key prefix of the shown badge names (refreshed when the holder hides or shows a badge). */
export const EARNED_BADGES_KEY = 'earned-badge-names';

/** The names of the badges a seller shows, newest first, fetched with the other cards' sellers. */
export function useShownBadgeNames(userId: string | undefined) {
  return useQuery({
    queryKey: [EARNED_BADGES_KEY, userId ?? ''],
    queryFn: () => shownNames(userId!),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}

/** A part card's badges: the part's own, then its seller's, each name once (the seeded "Verified Seller" is both). */
export function cardBadgeNames(own: readonly string[], sellers: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...own, ...sellers].filter((name) => {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
