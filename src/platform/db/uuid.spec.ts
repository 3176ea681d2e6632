import { describe, expect, it } from 'vitest';
import { isUuid, uuidArray } from './uuid.js';

describe('uuid helpers', () => {
  const a = '7e64ba4f-4b1c-4a7e-9d5b-0c1f2e3d4a5b';
  const b = 'A6540317-8892-4440-902E-2180B7FA3A8A';
  it('recognises uuids in either case and nothing else', () => {
    expect([a, b, 'not-a-uuid', `${a}x`, ''].map(isUuid)).toEqual([true, true, false, false, false]);
  });
  it('makes a uuid[] literal of the distinct valid ids', () => {
    expect(uuidArray([a, b, a, "x'); drop table users; --"])).toBe(`{${a},${b}}`);
    expect(uuidArray([])).toBe('{}');
  });
});
