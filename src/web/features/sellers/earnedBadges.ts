import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { createTickBatcher } from '../../lib/tickBatcher';
import type { EarnedBadgesDto } from '../../../modules/sellers/reputation.dto';

/** The server's limit of user ids per GET /api/badges/earned. */
export const EARNED_BADGES_BATCH = 100;

/** Part cards ask for their sellers' shown badge names together (see createTickBatcher). */
export function createBatcher(fetchMany: (ids: string[]) => Promise<EarnedBadgesDto[]>, max = EARNED_BADGES_BATCH) {
  return createTickBatcher({ fetchMany, idOf: (r) => r.userId, valueOf: (r) => r.names, empty: (): string[] => [], max });
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
