import { describe, expect, it } from 'vitest';
import { interchangeGroupBody } from './interchange.schemas.js';
import { partCreateSchema, partUpdateSchema } from './part.schemas.js';
import { normalizePartNumber, partNumberCandidates } from './search.words.js';

// Issue 35, part 3: how part numbers are normalised and checked.

describe('normalizePartNumber', () => {
  it('drops dashes, spaces and other separators and upper-cases', () => {
    expect(normalizePartNumber('gm-393 2441/x')).toBe('GM3932441X');
    expect(normalizePartNumber('3970 010')).toBe('3970010');
    expect(normalizePartNumber(' -- ')).toBe('');
  });

  it('makes every way of typing a number one candidate', () => {
    expect(partNumberCandidates('39-70010')).toEqual(['3970010']);
    expect(partNumberCandidates('3970 010')).toEqual(['3970010', '3970']);
  });
});

const base = {
  title: 'Head',
  description: 'A head',
  price: 10,
  category: 'engine',
  make: 'chevrolet',
  condition: 'used-good',
  location: 'Austin',
  images: [{ url: 'https://img.example.com/1.jpg', altText: 'Head' }],
};

describe('partNumbers on a listing', () => {
  it('defaults to none, drops blank entries and keeps the typed form', () => {
    expect(partCreateSchema.parse(base).partNumbers).toEqual([]);
    const parsed = partCreateSchema.parse({ ...base, partNumbers: [{ number: ' GM-3932441 ', kind: 'oem' }, { number: '  ', kind: 'casting' }] });
    expect(parsed.partNumbers).toEqual([{ number: 'GM-3932441', kind: 'oem' }]);
  });

  it('leaves them unchanged on an edit that does not name them', () => {
    expect(partUpdateSchema.parse({ price: 12 }).partNumbers).toBeUndefined();
  });

  it('refuses numbers equal but for separators and case, and unknown kinds', () => {
    expect(partCreateSchema.safeParse({ ...base, partNumbers: [{ number: 'ab-1', kind: 'oem' }, { number: 'AB1', kind: 'oem' }] }).success).toBe(false);
    expect(partCreateSchema.safeParse({ ...base, partNumbers: [{ number: 'ab-1', kind: 'reman' }] }).success).toBe(false);
  });
});

describe('interchangeGroupBody', () => {
  it('needs a name and two distinct numbers', () => {
    expect(interchangeGroupBody.safeParse({ name: 'x', numbers: ['1234', '12-34'] }).success).toBe(false);
    expect(interchangeGroupBody.safeParse({ name: ' ', numbers: ['1234', '5678'] }).success).toBe(false);
    expect(interchangeGroupBody.parse({ name: 'SBC', numbers: ['1234', '5678'] })).toEqual({ name: 'SBC', numbers: ['1234', '5678'] });
  });
});
