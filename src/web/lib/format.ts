const LOCALE = 'en-US';

const wholeUsd = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const centsUsd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const grouped = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Whole US dollars ("$1,250"), as on part cards and detail pages; empty for no amount. */
export function formatUsd(value: Amount): string {
  const n = toNumber(value);
  return n === null ? '' : wholeUsd.format(Math.round(n));
}

/** US dollars with cents ("$1,250.00"), as in the search table and auctions. */
export function formatUsdCents(value: Amount): string {
  const n = toNumber(value);
  return n === null ? '' : centsUsd.format(n);
}

/** A number with grouped thousands ("12,500"). */
export function formatGrouped(value: Amount): string {
  const n = toNumber(value);
  return n === null ? '' : grouped.format(n);
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar date ("Jan 30, 2025"), read in UTC so a date-only value never shifts a day. */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return d ? longDate.format(d) : '';
}

/** A date and local time ("Jan 30, 2025, 3:05 PM"). */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  return d ? dateTime.format(d) : '';
}

/**
 * Time left as a clock reads it: whole seconds, rounded up, so a running clock shows "1s" until the time is up
 * (never "0s") and passes from "1h 0m" straight to "59m 59s". Clocks format this figure, not the raw milliseconds.
 */
export function clockMs(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000)) * 1000;
}

/** Under an hour by the clock's reading (59m 59s at most): when clocks show seconds and pulse. */
export function isFinalHour(ms: number): boolean {
  return ms > 0 && clockMs(ms) < 3_600_000;
}

/**
 * Time left under an hour, in minutes and seconds ("12m 05s", and "45s" in the last minute): the last minutes are
 * when bids arrive and anti-sniping extends an auction (2 minutes by default), so a clock that read "0m" told nothing.
 */
export function formatMinutesSeconds(ms: number): string {
  const total = clockMs(ms) / 1000;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes}m ${String(seconds).padStart(2, '0')}s` : `${seconds}s`;
}
