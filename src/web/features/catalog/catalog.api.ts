import { useQuery } from '@tanstack/react-query';
import type { Category, Make } from './catalog.types';

export const CATEGORIES_KEY = ['/api/categories'] as const;
export const MAKES_KEY = ['/api/makes'] as const;
export const WATCHLIST_KEY = ['/api/watchlist'] as const;
/** The watchlist page and the watch toggle read the newest 100 entries (the API's largest page). */
export const WATCHLIST_PAGE = { limit: 100 } as const;

/** All categories, by name. */
export function useCategories() {
  return useQuery<Category[]>({ queryKey: CATEGORIES_KEY });
}

/** All makes, by name. */
export function useMakes() {
  return useQuery<Make[]>({ queryKey: MAKES_KEY });
}
