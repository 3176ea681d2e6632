import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { fetchAllPages } from './fetchAllPages';

/** A data provider over `count` rows that records the pages asked for. */
function provider(count: number, reportTotal = true) {
  const calls: unknown[] = [];
  const rows = Array.from({ length: count }, (_, i) => ({ id: String(i) }));
  const dataProvider = {
    getList: async (_resource: string, params: { pagination: { page: number; perPage: number }; filter: unknown; sort: unknown }) => {
      calls.push(params);
      const { page, perPage } = params.pagination;
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: reportTotal ? count : undefined };
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

describe('fetchAllPages', () => {
  it('reads every page with the list filters and sort, and stops at the total', async () => {
    const { dataProvider, calls } = provider(250);
    const all = await fetchAllPages(dataProvider, 'things', { filter: { q: 'x' }, sort: { field: 'name', order: 'ASC' }, perPage: 100 });
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => String(i)));
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual({ pagination: { page: 1, perPage: 100 }, filter: { q: 'x' }, sort: { field: 'name', order: 'ASC' } });
  });

  it('stops at a short page when no total is given, and reads one page for an exact multiple', async () => {
    const exact = provider(200);
    expect(await fetchAllPages(exact.dataProvider, 'things', { filter: {}, sort: { field: 'id', order: 'ASC' }, perPage: 100 })).toHaveLength(200);
    expect(exact.calls).toHaveLength(2);
    const noTotal = provider(150, false);
    expect(await fetchAllPages(noTotal.dataProvider, 'things', { filter: {}, sort: { field: 'id', order: 'ASC' }, perPage: 100 })).toHaveLength(150);
    expect(noTotal.calls).toHaveLength(2);
  });
});
