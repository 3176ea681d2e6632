import { describe, expect, it } from 'vitest';
import { formatCents, parseMoney, storedCents } from './money.js';

describe('storedCents', () => {
  it('reads numeric column values exactly, sums beyond numeric(10,2) included', () => {
    expect(storedCents('0.10')).toBe(10);
    expect(storedCents('1234.56')).toBe(123456);
    expect(storedCents('123456789012.34')).toBe(12345678901234);
    expect(storedCents(0)).toBe(0);
    expect(formatCents(storedCents('0.29') + storedCents('0.01'))).toBe('0.30');
  });

  it('refuses what is not an amount', () => {
    expect(() => storedCents('12.345')).toThrow('not an amount');
    expect(() => storedCents('abc')).toThrow('not an amount');
  });

  it('leaves the form rule of parseMoney at 8 whole digits', () => {
    expect(parseMoney('123456789.00')).toEqual({ ok: false, reason: 'range' });
  });
});
