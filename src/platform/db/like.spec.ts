import { describe, expect, it } from 'vitest';
import { containsConditions, containsPattern } from './like.js';

interface Row {
  title: string;
  partNumber: string;
}

describe('containsPattern', () => {
  it('matches the text literally, with LIKE wildcards escaped', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('containsConditions', () => {
  it('gives one case-insensitive contains condition per field, in order', () => {
    expect(containsConditions<Row>(['title', 'partNumber'], 'a_b')).toEqual([
      { title: { $ilike: '%a\\_b%' } },
      { partNumber: { $ilike: '%a\\_b%' } },
    ]);
  });
});
