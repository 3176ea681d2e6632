import { describe, expect, it } from 'vitest';
import type { FinanceMonthDto } from '../../modules/payments/order.dto';
import { chartPoints, financeCsv, financeTotals, monthLabel } from './finance';

const month = (m: string, gross: string, commission: string, featured = '0.00', orders = 1, refunds = '0.00', providerFees = '0.00'): FinanceMonthDto => ({
  id: m,
  month: m,
  orders,
  grossSales: gross,
  commission,
  refunds,
  featuredRevenue: featured,
  providerFees,
});
const rows = [month('2026-11', '1000.10', '70.01', '25.00', 2), month('2026-10', '5000.20', '310.02', '0.00', 3, '100.00', '145.31')];

describe('the Finance page', () => {
  it('labels months in words', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('bad')).toBe('bad');
  });

  it('charts the months oldest first', () => {
    expect(chartPoints(rows).map((p) => p.month)).toEqual(['Oct 2026', 'Nov 2026']);
    expect(chartPoints(rows)[1]).toMatchObject({ grossSales: 1000.1, commission: 70.01, featuredRevenue: 25 });
  });

  it('adds the totals in cents', () => {
    expect(financeTotals(rows)).toEqual({ orders: 5, grossSales: '6000.30', commission: '380.03', refunds: '100.00', featuredRevenue: '25.00', providerFees: '145.31' });
  });

  it('writes a CSV with a header, one line per month and the totals', () => {
    expect(financeCsv(rows).split('\n')).toEqual([
      'Month,Orders,Gross sales (USD),Commission (USD),Refunds (USD),Featured revenue (USD),Provider fees (USD)',
      '2026-10,3,5000.20,310.02,100.00,0.00,145.31',
      '2026-11,2,1000.10,70.01,0.00,25.00,0.00',
      'Total,5,6000.30,380.03,100.00,25.00,145.31',
    ]);
  });
});
