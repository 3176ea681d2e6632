import type { DataProvider, RaRecord } from 'react-admin';

/**
 * Every record of `resource` that matches `filter`, page by page (`perPage` at most the server's largest page), in
 * `sort` order: all of them, not just the rows on screen.
 */
export async function fetchAllPages<T extends RaRecord>(
  dataProvider: DataProvider,
  resource: string,
  options: { filter: Record<string, unknown>; sort: { field: string; order: 'ASC' | 'DESC' }; perPage: number },
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await dataProvider.getList<T>(resource, { pagination: { page, perPage: options.perPage }, sort: options.sort, filter: options.filter });
    all.push(...data);
    if (data.length < options.perPage || (total !== undefined && all.length >= total)) return all;
  }
}
