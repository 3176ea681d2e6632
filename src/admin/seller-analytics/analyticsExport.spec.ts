import { describe, expect, it } from 'vitest';
import type { SellerPerformanceRow as SellerAnalyticsRow } from '../../modules/analytics/analytics.dto';
import { bandOf, conversionDetail, conversionText, CSV_HEADERS, csvFileName, csvRow, ratingText, responseText, toCsv } from './analyticsExport';

const row: SellerAnalyticsRow = {
  id: 's1',
  userId: 'u1',
  businessName: 'Shelby Spares',
  businessCity: 'Austin',
  businessState: 'TX',
  approvedAt: '2025-01-30T10:00:00.000Z',
  partsListed: 12,
  activeParts: 9,
  soldCount: 3,
  revenue: '1234.5',
  rating: 4.62,
  ratingBand: 'Excellent',
  reviews: 8,
  reputationPoints: 240,
  level: 2,
  levelName: 'Trusted Seller',
  listingViews: 310,
  conversionPercent: 25,
  endedListings: 4,
  soldListings: 1,
  conversations: 6,
  answeredConversations: 5,
  responseMedianMinutes: 95,
};

describe('rating band', () => {
  it("shows the server's band and the rating with one decimal", () => {
    expect(bandOf(row)).toBe('Excellent');
    expect(ratingText(row)).toBe('4.6');
  });

  it('shows no band and no rating for a seller without reviews', () => {
    const fresh = { ...row, rating: 0, ratingBand: null, reviews: 0 };
    expect(bandOf(fresh)).toBe('No reviews');
    expect(ratingText(fresh)).toBe('—');
  });
});

describe('CSV export', () => {
  it('writes one row per seller with real figures', () => {
    expect(csvRow(row)).toEqual([
      'Shelby Spares',
      'Austin, TX',
      '2025-01-30',
      12,
      9,
      3,
      '1234.50',
      '4.6',
      'Excellent',
      8,
      240,
      'Trusted Seller',
      310,
      4,
      1,
      25,
      6,
      5,
      95,
    ]);
  });

  it('leaves figures that do not exist yet empty, never zero', () => {
    const fresh = csvRow({ ...row, conversionPercent: null, endedListings: 0, soldListings: 0, responseMedianMinutes: null });
    expect(fresh.slice(-7)).toEqual([310, 0, 0, '', 6, 5, '']);
  });

  it('explains the conversion by the listings that ended in the period', () => {
    expect(conversionText(row)).toBe('25%');
    expect(conversionText({ conversionPercent: null })).toBe('—');
    expect(conversionDetail(row)).toBe('1 sold of 4 listings that ended in the last 90 days');
    expect(conversionDetail({ endedListings: 1, soldListings: 1 })).toBe('1 sold of 1 listing that ended in the last 90 days');
    expect(conversionDetail({ endedListings: 0, soldListings: 0 })).toBe('No listing ended in the last 90 days');
    expect(CSV_HEADERS).toContain('Conversion (%, last 90 days)');
  });

  it('shows response times in minutes, hours or days', () => {
    expect(responseText(null)).toBe('—');
    expect(responseText(45)).toBe('45 min');
    expect(responseText(210)).toBe('3.5 h');
    expect(responseText(4320)).toBe('3.0 d');
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(toCsv(['Name', 'Note'], [['Smith, Jones & Co', 'said "hi"'], ['=SUM(A1)', 'ok']])).toBe(
      'Name,Note\r\n"Smith, Jones & Co","said ""hi"""\r\n\'=SUM(A1),ok',
    );
  });

  it('names the file with the date', () => {
    expect(csvFileName(new Date('2025-01-30T23:59:00.000Z'))).toBe('seller-analytics-2025-01-30');
  });
});
