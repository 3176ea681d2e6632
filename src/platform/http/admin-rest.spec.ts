import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { adminListQuery, parseAdminList } from './admin-rest.js';

const filter = z.object({ q: z.string().max(10).optional(), role: z.enum(['admin', 'buyer']).optional() });
const spec = { sortable: ['createdAt', 'username'], defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'], filter };
const A = '5e0c6d5c-7d1f-4f53-9b7e-0b5d8b0f6a11';
const B = '0b1f5c1e-2d4a-4c3b-8e6f-7a8b9c0d1e2f';

/** The field errors of the 400 that `fn` throws. */
function errorsOf(fn: () => unknown): Record<string, string> | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).details;
  }
  throw new Error('expected a 400');
}

describe('parseAdminList', () => {
  it('reads sort, range and filter as ra-data-simple-rest sends them', () => {
    const query = adminListQuery.parse({ sort: '["username","ASC"]', range: '[10,19]', filter: '{"q":"bob"}' });
    expect(parseAdminList(query, spec)).toEqual({
      orderBy: { username: 'asc' },
      offset: 10,
      limit: 10,
      filter: { q: 'bob' },
      ids: undefined,
    });
  });

  it('turns a getMany id filter into ids', () => {
    const list = parseAdminList(adminListQuery.parse({ filter: JSON.stringify({ id: [A, B] }) }), spec);
    expect(list.ids).toEqual([A, B]);
    expect(list.filter).toEqual({});
    expect(parseAdminList(adminListQuery.parse({ filter: JSON.stringify({ id: A }) }), spec).ids).toEqual([A]);
  });

  it('defaults to the first page of 25 and caps the page size', () => {
    expect(parseAdminList(adminListQuery.parse({}), spec)).toMatchObject({ offset: 0, limit: 25, orderBy: { createdAt: 'desc' } });
    expect(parseAdminList(adminListQuery.parse({ range: '[0,5000]' }), spec).limit).toBe(100);
  });

  it('refuses a sort field that is not offered', () => {
    expect(() => parseAdminList(adminListQuery.parse({ sort: '["password","ASC"]' }), spec)).toThrow('Cannot sort by password');
  });

  it('refuses parameters that are not JSON', () => {
    expect(adminListQuery.safeParse({ range: '[0,' }).success).toBe(false);
  });

  it('parses the filter with the resource schema: a bad value is a 400 naming it, unknown keys are dropped', () => {
    const parse = (value: unknown) => () => parseAdminList(adminListQuery.parse({ filter: JSON.stringify(value) }), spec);
    expect(errorsOf(parse({ role: 'emperor' }))).toHaveProperty('role');
    expect(errorsOf(parse({ q: 5 }))).toHaveProperty('q');
    expect(errorsOf(parse({ q: 'x'.repeat(11) }))).toHaveProperty('q');
    expect(errorsOf(parse({ q: 'a\u0000b' }))).toHaveProperty('q');
    expect(parse({ q: 'bob', password: 'x' })().filter).toEqual({ q: 'bob' });
  });

  it('refuses ids that are not uuids, naming the bad one', () => {
    const parse = (value: unknown) => () => parseAdminList(adminListQuery.parse({ filter: JSON.stringify({ id: value }) }), spec);
    expect(errorsOf(parse('junk'))).toEqual({ id: 'Not a valid id' });
    expect(errorsOf(parse([A, 'junk', 7]))).toEqual({ 'id.1': 'Not a valid id', 'id.2': 'Not a valid id' });
    expect(errorsOf(parse({ $ne: null }))).toHaveProperty('id');
    expect(errorsOf(parse(Array.from({ length: 1001 }, () => A)))).toHaveProperty('id');
  });
});
