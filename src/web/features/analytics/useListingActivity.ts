import { type MouseEvent, useCallback, useEffect } from 'react';
import { listingOfHref, reportClick, reportImpressions, reportView, type ListingItemType } from './listingActivity';

/** Reports one view of a listing page once it has loaded (again when the page shows another listing). */
export function useListingView(itemType: ListingItemType, itemId: string | undefined): void {
  useEffect(() => {
    if (itemId) reportView(itemType, itemId);
  }, [itemType, itemId]);
}

/**
 * Reports the parts a results list shows, and returns a click handler for the list's container that reports
 * which result was opened (any link to a part or an auction inside it).
 */
export function useSearchResultsActivity(partIds: readonly string[]): (event: MouseEvent<HTMLElement>) => void {
  const key = partIds.join(',');
  useEffect(() => {
    if (key) reportImpressions(key.split(',').map((itemId) => ({ itemType: 'part' as const, itemId })));
  }, [key]);
  return useCallback((event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const listing = listingOfHref(link?.getAttribute('href') ?? null);
    if (listing) reportClick(listing.itemType, listing.itemId);
  }, []);
}
