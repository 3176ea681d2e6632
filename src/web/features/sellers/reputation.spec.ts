import { describe, expect, it } from 'vitest';
import {
  NO_SALES_YET,
  formatPercent,
  formatRating,
  formatResponseTime,
  memberSinceYear,
  reputationFigures,
  stars,
  tierForPoints,
  tierProgress,
} from './reputation';

describe('tierForPoints', () => {
  it.each([
    [0, 1, 'New Seller'],
    [99, 1, 'New Seller'],
    [100, 2, 'Trusted Seller'],
    [499, 2, 'Trusted Seller'],
    [500, 3, 'Expert Seller'],
    [1499, 3, 'Expert Seller'],
    [1500, 4, 'Elite Seller'],
    [3999, 4, 'Elite Seller'],
    [4000, 5, 'Master Seller'],
    [9999, 5, 'Master Seller'],
    [10000, 6, 'Legendary Seller'],
    [250000, 6, 'Legendary Seller'],
  ])('puts %i points in level %i (%s)', (points, level, name) => {
    expect(tierForPoints(points)).toMatchObject({ level, name });
  });

  it('treats negative or unreadable points as none', () => {
    expect(tierForPoints(-5).level).toBe(1);
    expect(tierForPoints(Number.NaN).level).toBe(1);
  });
});

describe('tierProgress', () => {
  it('measures progress from the tier floor to the next tier', () => {
    expect(tierProgress(300)).toMatchObject({ percent: 50, pointsToNext: 200, next: { name: 'Expert Seller' } });
    expect(tierProgress(0)).toMatchObject({ percent: 0, pointsToNext: 100, next: { name: 'Trusted Seller' } });
    expect(tierProgress(99)).toMatchObject({ percent: 99, pointsToNext: 1 });
  });

  it('is full at the top tier, with nothing left to reach', () => {
    expect(tierProgress(12000)).toEqual({
      tier: expect.objectContaining({ level: 6 }),
      next: null,
      percent: 100,
      pointsToNext: 0,
    });
  });
});

describe('formatting', () => {
  it('shows a real rating with one decimal, and no figure without reviews', () => {
    expect(formatRating('4.66', 12)).toBe('4.7');
    expect(formatRating(0, 0)).toBe('No ratings yet');
    expect(formatRating(null, 3)).toBe('No ratings yet');
  });

  it('rounds percentages and marks unknown ones', () => {
    expect(formatPercent('98.6')).toBe('99%');
    expect(formatPercent(null)).toBe('—');
  });

  it('writes response times in hours or days', () => {
    expect(formatResponseTime(0.4)).toBe('under 1 h');
    expect(formatResponseTime('3.2')).toBe('3 h');
    expect(formatResponseTime(72)).toBe('3 days');
    expect(formatResponseTime(undefined)).toBe('—');
    expect(formatResponseTime(0)).toBe('—');
  });

  it('gives the member-since year in UTC', () => {
    expect(memberSinceYear('2024-01-01T00:30:00.000Z')).toBe('2024');
    expect(memberSinceYear('not a date')).toBe('');
    expect(memberSinceYear(null)).toBe('');
  });

  it('draws whole stars out of five', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(7)).toBe('★★★★★');
  });
});

describe('reputationFigures', () => {
  // A new seller's reputation as the server answers it: the spec's defaults, nothing sold or reviewed.
  const fresh = {
    totalSales: 0,
    totalReviews: 0,
    totalRevenue: '0.00',
    averageResponseTime: 0,
    shippingAccuracy: 100,
    onTimeDelivery: 100,
    returnRate: 0,
    customerSatisfaction: 0,
    repeatCustomerRate: 0,
  };

  it('shows no sales figures for a seller without a sale, instead of the 100% defaults', () => {
    const figures = reputationFigures(fresh);
    expect(figures.noSales).toBe(true);
    expect(figures.metrics).toEqual([]);
    expect(NO_SALES_YET).toBe('No sales yet');
  });

  it('treats a missing or unreadable sales count as no sales', () => {
    expect(reputationFigures({ ...fresh, totalSales: null }).noSales).toBe(true);
    expect(reputationFigures({ ...fresh, totalSales: 'x' }).noSales).toBe(true);
  });

  it('keeps what reviews and measured response times back before the first sale', () => {
    const figures = reputationFigures({ ...fresh, totalReviews: 2, customerSatisfaction: 50, averageResponseTime: 3 });
    expect(figures).toEqual({
      noSales: true,
      metrics: [
        ['Avg. response', '3 h'],
        ['Satisfaction', '50%'],
      ],
    });
  });

  it('shows every figure once the seller has sold, with satisfaction only from reviews', () => {
    const figures = reputationFigures({
      ...fresh,
      totalSales: 1200,
      totalRevenue: '45250.40',
      shippingAccuracy: '98.60',
      onTimeDelivery: 97,
      returnRate: 1,
      repeatCustomerRate: 12.4,
    });
    expect(figures.noSales).toBe(false);
    expect(figures.metrics).toEqual([
      ['Total sales', '1,200'],
      ['Revenue', '$45,250'],
      ['Avg. response', '—'],
      ['Shipping accuracy', '99%'],
      ['On-time delivery', '97%'],
      ['Return rate', '1%'],
      ['Satisfaction', 'No reviews yet'],
      ['Repeat customers', '12%'],
    ]);
  });
});
