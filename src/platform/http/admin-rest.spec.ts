import { describe, expect, it } from 'vitest';
import { adminListQuery, parseAdminList } from './admin-rest.js';

const spec = { sortable: ['createdAt', 'username'] as const, defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'] };

describe('parseAdminList', () => {
  it('reads sort, range and filter as ra-data-simple-rest sends them', () => {
    const query = adminListQuery.parse({ sort: '["username","ASC"]', range: '[10,19]', filter: '{"q":"bob"}' });
    expect(parseAdminList(query, { ...spec, sortable: [...spec.sortable] })).toEqual({
      orderBy: { username: 'asc' },
      offset: 10,
      limit: 10,
      filter: { q: 'bob' },
      ids: undefined,
    });
  });

  it('turns a getMany id filter into ids', () => {
    const query = adminListQuery.parse({ filter: '{"id":["a","b"]}' });
    const list = parseAdminList(query, { ...spec, sortable: [...spec.sortable] });
    expect(list.ids).toEqual(['a', 'b']);
    expect(list.filter).toEqual({});
  });

  it('defaults to the first page of 25 and caps the page size', () => {
    expect(parseAdminList(adminListQuery.parse({}), { ...spec, sortable: [...spec.sortable] })).toMatchObject({ offset: 0, limit: 25, orderBy: { createdAt: 'desc' } });
    expect(parseAdminList(adminListQuery.parse({ range: '[0,5000]' }), { ...spec, sortable: [...spec.sortable] }).limit).toBe(100);
  });

  it('refuses a sort field that is not offered', () => {
    expect(() => parseAdminList(adminListQuery.parse({ sort: '["password","ASC"]' }), { ...spec, sortable: [...spec.sortable] })).toThrow('Cannot sort by password');
  });

  it('refuses parameters that are not JSON', () => {
    expect(adminListQuery.safeParse({ range: '[0,' }).success).toBe(false);
  });
});
