import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatGrouped, formatUsd, formatUsdCents } from './format';

describe('formatUsd', () => {
  it('shows whole dollars with grouped thousands', () => {
    expect(formatUsd(1250)).toBe('$1,250');
    expect(formatUsd('4999.60')).toBe('$5,000');
  });

  it('is empty for missing or non-numeric amounts', () => {
    expect(formatUsd(null)).toBe('');
    expect(formatUsd(undefined)).toBe('');
    expect(formatUsd('abc')).toBe('');
  });
});

describe('formatUsdCents', () => {
  it('shows two decimals', () => {
    expect(formatUsdCents(1250)).toBe('$1,250.00');
    expect(formatUsdCents('89.5')).toBe('$89.50');
  });
});

describe('formatGrouped', () => {
  it('groups thousands without a currency sign', () => {
    expect(formatGrouped(12500)).toBe('12,500');
  });
});

describe('formatDate', () => {
  it('formats a date-only value without shifting the day', () => {
    expect(formatDate('2025-01-30')).toBe('Jan 30, 2025');
  });

  it('is empty for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('includes the date and a time of day', () => {
    const text = formatDateTime(new Date(2025, 0, 30, 15, 5));
    expect(text).toMatch(/^Jan 30, 2025, 3:05\sPM$/);
  });
});
