import type { FinanceMonthDto } from '../../modules/payments/order.dto';

/** The Finance page's pure parts: chart points in dollars, totals in exact cents, the CSV. */

/** An exact decimal string as integer cents (0 when it is not one). */
function cents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return 0;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

const decimal = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** "Nov 2026" from "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export interface ChartPoint {
  month: string;
  grossSales: number;
  commission: number;
  featuredRevenue: number;
}

/** The months oldest first, amounts in dollars for the chart's axis (display only; sums use cents). */
export function chartPoints(rows: readonly FinanceMonthDto[]): ChartPoint[] {
  return [...rows]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({
      month: monthLabel(r.month),
      grossSales: cents(r.grossSales) / 100,
      commission: cents(r.commission) / 100,
      featuredRevenue: cents(r.featuredRevenue) / 100,
    }));
}

export interface FinanceTotals {
  orders: number;
  grossSales: string;
  commission: string;
  refunds: string;
  featuredRevenue: string;
  providerFees: string;
}

/** The sums over all months, added in cents. */
export function financeTotals(rows: readonly FinanceMonthDto[]): FinanceTotals {
  const sum = (pick: (r: FinanceMonthDto) => string) => decimal(rows.reduce((s, r) => s + cents(pick(r)), 0));
  return {
    orders: rows.reduce((s, r) => s + r.orders, 0),
    grossSales: sum((r) => r.grossSales),
    commission: sum((r) => r.commission),
    refunds: sum((r) => r.refunds),
    featuredRevenue: sum((r) => r.featuredRevenue),
    providerFees: sum((r) => r.providerFees),
  };
}

const CSV_HEADERS = ['Month', 'Orders', 'Gross sales (USD)', 'Commission (USD)', 'Refunds (USD)', 'Featured revenue (USD)', 'Provider fees (USD)'];

/** The table as CSV, months oldest first, with a totals line. */
export function financeCsv(rows: readonly FinanceMonthDto[]): string {
  const sorted = [...rows].sort((a, b) => a.month.localeCompare(b.month));
  const totals = financeTotals(rows);
  const lines = [
    CSV_HEADERS,
    ...sorted.map((r) => [r.month, String(r.orders), decimal(cents(r.grossSales)), decimal(cents(r.commission)), decimal(cents(r.refunds)), decimal(cents(r.featuredRevenue)), decimal(cents(r.providerFees))]),
    ['Total', String(totals.orders), totals.grossSales, totals.commission, totals.refunds, totals.featuredRevenue, totals.providerFees],
  ];
  return lines.map((cells) => cells.join(',')).join('\n');
}
