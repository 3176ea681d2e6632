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
