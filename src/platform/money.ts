/** Largest amount a numeric(10,2) column holds, in cents. */
export const MAX_CENTS = 9_999_999_999;

export type MoneyParse = { ok: true; cents: number } | { ok: false; reason: 'format' | 'decimals' | 'range' };

/** Parses a decimal amount ("1234.5", 1234.5) into integer cents without floating-point arithmetic. */
export function parseMoney(value: number | string, maxWholeDigits = 8): MoneyParse {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const [, sign, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, reason: 'decimals' };
  if (whole!.replace(/^0+/, '').length > maxWholeDigits) return { ok: false, reason: 'range' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return { ok: true, cents: sign ? -cents : cents };
}

/** Formats cents as the API's decimal string: 123450 -> "1234.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Integer cents of an amount read from the database ("123.40" from a numeric column, sums included): exact,
 * with no column-size limit; a value that is not an amount is a programming error.
 */
export function storedCents(value: string | number): number {
  const parsed = parseMoney(value, 13);
  if (!parsed.ok) throw new Error(`not an amount: ${String(value)}`);
  return parsed.cents;
}
