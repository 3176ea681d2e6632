import { useQuery } from '@tanstack/react-query';
import { apiRequest, buildQueryUrl } from '../../lib/api';
import type { FeaturedPlacementType, PublicFeaturedListingDto } from '../../../modules/featured/featured-listing.dto';

export const FEATURED_KEY = ['/api/featured-listings'] as const;
export const FEATURED_PART_IDS_KEY = ['/api/featured-listings/part-ids'] as const;
/** Spec 000 §9: slots of each page. */
export const FEATURED_SLOTS: Record<FeaturedPlacementType, number> = { homepage: 12, category: 8 };
/** Spec 000 §8: the featured call failed. */
export const FEATURED_FETCH_FAILED = 'Failed to fetch featured listings';

/** The page's featured listings (spec 000 §7); a non-array answer is treated as empty. */
export function useFeaturedListings(placementType: FeaturedPlacementType, categoryId?: string | null, enabled = true) {
  return useQuery({
    queryKey: [FEATURED_KEY[0], placementType === 'category' ? { placementType, categoryId } : { placementType }],
    queryFn: async ({ queryKey, signal }) => {
      const body = await apiRequest<unknown>(buildQueryUrl(queryKey), { signal });
      return Array.isArray(body) ? (body as PublicFeaturedListingDto[]) : [];
    },
    enabled: enabled && (placementType === 'homepage' || Boolean(categoryId)),
  });
}

/** Ids of the parts featured now (the cards' Featured mark); an empty set until known or when it fails. */
export function useFeaturedPartIds(): ReadonlySet<string> {
  const query = useQuery({
    queryKey: FEATURED_PART_IDS_KEY,
    queryFn: async ({ signal }) => {
      const body = await apiRequest<unknown>(FEATURED_PART_IDS_KEY[0], { signal });
      return new Set(Array.isArray(body) ? (body as string[]) : []);
    },
  });
  return query.data ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

/** Tells the server a featured card was clicked; fire and forget, and it survives the navigation (keepalive). */
export function recordFeaturedClick(id: string): void {
  void fetch(`/api/featured-listings/${encodeURIComponent(id)}/click`, { method: 'POST', credentials: 'include', keepalive: true }).catch(() => undefined);
}
