import { describe, expect, it } from 'vitest';
import { csvFileName, moneyText, monthOf, overallOccupancy, pageLabel, revenueCsv } from './featuredRevenue';
import type { FeaturedRevenueReportDto } from '../../modules/featured/featured-listing.dto';

const report: FeaturedRevenueReportDto = {
  from: '2027-03',
  to: '2027-04',
  days: 61,
  slots: { homepage: 12, category: 8 },
  months: [
    { month: '2027-03', homepage: '100.30', category: '0.00', total: '100.30', placements: 2 },
    { month: '2027-04', homepage: '0.00', category: '50.00', total: '50.00', placements: 1 },
  ],
  pages: [
    { placementType: 'homepage', categoryId: null, revenue: '100.30', placements: 2, bookedSlotDays: 25, possibleSlotDays: 732, occupancy: 0.0342, impressions: 10, clicks: 1, ctr: 0.1 },
    { placementType: 'category', categoryId: 'c1', revenue: '50.00', placements: 1, bookedSlotDays: 30, possibleSlotDays: 488, occupancy: 0.0615, impressions: 0, clicks: 0, ctr: 0 },
  ],
  placements: [
    { id: 'p1', listingType: 'part', placementType: 'category', categoryId: 'c1', position: 1, startDate: '2027-04-01T00:00:00.000Z', endDate: '2027-05-01T00:00:00.000Z', price: '50.00', impressions: 0, clicks: 0, ctr: 0 },
  ],
  totals: { revenue: '150.30', placements: 3, impressions: 10, clicks: 1, ctr: 0.1 },
};
const names = new Map([['c1', 'Engine, Block & Heads']]);

describe('featured revenue helpers', () => {
  it('names pages', () => {
    expect(pageLabel(report.pages[0]!, names)).toBe('Home page');
    expect(pageLabel(report.pages[1]!, names)).toBe('Category: Engine, Block & Heads');
  });
  it('counts every category in the possible slot-days', () => {
    const o = overallOccupancy(report, 10);
    expect(o.booked).toBe(55);
    expect(o.possible).toBe(61 * (12 + 8 * 10));
  });
  it('writes exact money', () => {
    expect(moneyText('1234567.5')).toBe('$1,234,567.50');
    expect(moneyText('0.30')).toBe('$0.30');
  });
  it('exports months, pages and placements, quoting what needs it, in a dated file', () => {
    const csv = revenueCsv(report, names);
    expect(csv).toContain('2027-03,100.30,0.00,100.30,2');
    expect(csv).toContain('"Category: Engine, Block & Heads",50.00,1,30,488,6.2,0,0,0.0');
    expect(csvFileName(new Date('2026-11-24T17:00:00Z'))).toBe('featured-revenue-2026-11-24');
  });
  it('steps months', () => {
    expect(monthOf(new Date('2026-01-15T00:00:00Z'), -11)).toBe('2025-02');
  });
});
