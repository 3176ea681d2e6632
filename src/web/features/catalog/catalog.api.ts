import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listQueryFn, type ListPage } from '../../lib/api';
import type { CategoryDto, MakeDto, WatchlistEntryDto } from '../../../modules/catalog/part.dto';

export const CATEGORIES_KEY = ['/api/categories'] as const;
export const MAKES_KEY = ['/api/makes'] as const;
export const WATCHLIST_KEY = ['/api/watchlist'] as const;
/** The watchlist page and the watch toggle read the newest 100 entries (the API's largest page). */
export const WATCHLIST_PAGE = { limit: 100 } as const;
const WATCHLIST_LIST_KEY = [WATCHLIST_KEY[0], WATCHLIST_PAGE] as const;

const itemsOf = <T>(page: ListPage<T>): T[] => page.items;

/** All categories, by name. */
export function useCategories() {
  return useQuery({ queryKey: CATEGORIES_KEY, queryFn: listQueryFn<CategoryDto>(), select: itemsOf<CategoryDto> });
}

/** All makes, by name. */
export function useMakes() {
  return useQuery({ queryKey: MAKES_KEY, queryFn: listQueryFn<MakeDto>(), select: itemsOf<MakeDto> });
}

/** The signed-in user's newest watchlist entries (WATCHLIST_PAGE); ask only when someone is signed in. */
export function useWatchlist(enabled = true) {
  return useQuery({ queryKey: WATCHLIST_LIST_KEY, queryFn: listQueryFn<WatchlistEntryDto>(), select: itemsOf<WatchlistEntryDto>, enabled });
}

/** Changes the cached watchlist at once (after an add or a remove), before the refetch confirms it. */
export function editCachedWatchlist(client: QueryClient, edit: (entries: WatchlistEntryDto[]) => WatchlistEntryDto[]): void {
  client.setQueryData<ListPage<WatchlistEntryDto>>(WATCHLIST_LIST_KEY, (old) => {
    const before = old?.items ?? [];
    const items = edit(before);
    return { items, total: Math.max(0, (old?.total ?? 0) + items.length - before.length), headers: old?.headers ?? new Headers() };
  });
}
