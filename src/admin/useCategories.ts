import { useQuery } from '@tanstack/react-query';
import { httpClient } from './dataProvider';
import type { CategoryDto } from '../modules/catalog/part.dto';

/** The marketplace's categories (the public list), for the console's category pickers and filters. */
export function useCategories() {
  return useQuery({
    queryKey: ['/api/categories'],
    queryFn: async () => {
      const body: unknown = (await httpClient('/api/categories')).json;
      return Array.isArray(body) ? (body as CategoryDto[]) : [];
    },
    staleTime: 5 * 60_000,
  });
}
