import { describe, expect, it } from 'vitest';
import { clockMs, formatDate, formatDateTime, formatGrouped, formatMinutesSeconds, formatUsd, formatUsdCents, isFinalHour } from './format';

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

describe('formatMinutesSeconds', () => {
  it('shows minutes and two-digit seconds, and seconds alone in the last minute', () => {
    expect(formatMinutesSeconds(59 * 60_000 + 59_000)).toBe('59m 59s');
    expect(formatMinutesSeconds(2 * 60_000)).toBe('2m 00s');
    expect(formatMinutesSeconds(60_000)).toBe('1m 00s');
    expect(formatMinutesSeconds(59_000)).toBe('59s');
  });

  it('rounds up to whole seconds, so a running clock never reads 0s', () => {
    expect(formatMinutesSeconds(59_001)).toBe('1m 00s');
    expect(formatMinutesSeconds(1)).toBe('1s');
    expect(formatMinutesSeconds(0)).toBe('0s');
    expect(formatMinutesSeconds(-5)).toBe('0s');
  });
});

describe('the clock reading', () => {
  it('is whole seconds rounded up, and the final hour ends at 59m 59s', () => {
    expect(clockMs(1)).toBe(1_000);
    expect(clockMs(3_599_001)).toBe(3_600_000);
    expect(isFinalHour(3_600_000)).toBe(false);
    expect(isFinalHour(3_599_001)).toBe(false);
    expect(isFinalHour(3_599_000)).toBe(true);
    expect(isFinalHour(1)).toBe(true);
    expect(isFinalHour(0)).toBe(false);
  });
});
