import { describe, expect, it } from 'vitest';
import type { ActiveListingRow } from '../../modules/analytics/analytics.dto';
import { toCsv } from '../seller-analytics/analyticsExport';
import { csvFileName, csvRow, CSV_HEADERS, listingHref, medianText } from './activeListingsExport';

const row: ActiveListingRow = {
  id: 'a1',
  listingType: 'auction',
  partId: 'p1',
  title: 'Weber 48 IDA pair',
  sellerName: 'Modena Spares',
  sellerId: 's1',
  category: 'intake',
  categoryName: 'Intake',
  condition: 'rebuilt',
  location: 'Modena, IT',
  description: 'Matched pair, "bench flowed".',
  isApproved: true,
  isSold: false,
  price: '1250.00',
  categoryMedian: '1000.00',
  priceVsMedianPercent: 25,
  listedAt: '2026-11-20T09:00:00.000Z',
  daysListed: 4,
  views: 40,
  watchers: 3,
  impressions: 200,
  clicks: 10,
  clickThroughPercent: 5,
  messages: 2,
  bids: 7,
  endTime: '2026-11-27T18:30:00.000Z',
};

describe('active listings export', () => {
  it('writes every recorded figure in header order', () => {
    const cells = csvRow(row);
    expect(cells).toHaveLength(CSV_HEADERS.length);
    expect(cells).toEqual(['Auction', 'Weber 48 IDA pair', 'Modena Spares', 'Intake', 'Rebuilt', 'Modena, IT', 'Matched pair, "bench flowed".', '1250.00', '1000.00', 25, '2026-11-20', 4, 40, 3, 200, 10, 5, 2, 7, '2026-11-27 18:30']);
  });

  it('quotes the free-text location and description as CSV needs', () => {
    expect(toCsv(CSV_HEADERS, [csvRow(row)]).split('\r\n')[1]).toContain(',Rebuilt,"Modena, IT","Matched pair, ""bench flowed"".",1250.00,');
  });

  it('leaves figures that do not apply empty: a fixed-price part has no bids or end, no impressions no click-through', () => {
    const part = csvRow({ ...row, listingType: 'part', bids: null, endTime: null, impressions: 0, clicks: 0, clickThroughPercent: null });
    expect(part[0]).toBe('Fixed price');
    expect(part.slice(-4)).toEqual(['', 2, '', '']);
  });

  it('links each listing to its page and names the file with the date', () => {
    expect(listingHref(row)).toBe('/auctions/a1');
    expect(listingHref({ ...row, listingType: 'part' })).toBe('/parts/a1');
    expect(csvFileName(new Date('2026-11-24T23:59:00Z'))).toBe('active-listings-2026-11-24');
    expect(medianText(12.5)).toBe('+12.5%');
    expect(medianText(-3)).toBe('-3%');
  });
});
