import { describe, expect, it } from 'vitest';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import {
  auctionPhotos,
  auctionStats,
  bidHistoryRows,
  canBuyItNow,
  checkBidAmount,
  checkMaxBid,
  clockUrgency,
  detailStatus,
  filterByTab,
  formatTimeRemaining,
  headlinePrice,
  minimumNextBidCents,
  reserveInfo,
  shortConditionLabel,
  nextOffset,
} from './auctionRules';
import { formatUsdCents } from '../../lib/format';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const usd = (n: number) => `$${n.toFixed(2)}`;

function auction(overrides: Partial<AuctionDto> = {}): AuctionDto {
  return {
    id: 'a1',
    partId: 'p1',
    sellerId: 's1',
    sellerName: 'Jane Seller',
    title: 'Holley 4150 carburetor',
    description: 'Rebuilt',
    auctionType: 'standard',
    status: 'active',
    startingBid: '100.00',
    currentBid: '0.00',
    bidIncrement: '10.00',
    reservePrice: null,
    hasReserve: false,
    reserveMet: null,
    buyItNowPrice: null,
    buyItNowAvailable: false,
    minimumNextBid: '100.00',
    startTime: at(-DAY),
    endTime: at(2 * DAY),
    winnerId: null,
    totalBids: 0,
    watchers: 0,
    extensions: 0,
    autoExtendTrigger: 300,
    autoExtendTime: 300,
    maxExtensions: 10,
    autoRelist: false,
    relistCount: 0,
    maxRelists: 3,
    relistPriceReduction: 0,
    relistDelay: 24,
    relistedFrom: null,
    allowProxy: true,
    shippingCost: null,
    condition: null,
    location: null,
    isWatching: false,
    myBid: null,
    images: [],
    partNumber: null,
    createdAt: at(-2 * DAY),
    ...overrides,
  };
}

describe('formatTimeRemaining', () => {
  it('shows days and hours when a day or more remains', () => {
    expect(formatTimeRemaining(at(2 * DAY + 5 * HOUR + 30 * MIN), NOW)).toBe('2d 5h');
  });
  it('shows hours and minutes under a day', () => {
    expect(formatTimeRemaining(at(3 * HOUR + 12 * MIN + 40_000), NOW)).toBe('3h 12m');
  });
  it('shows minutes and seconds under an hour, and seconds alone in the last minute', () => {
    expect(formatTimeRemaining(at(45 * MIN + 59_000), NOW)).toBe('45m 59s');
    expect(formatTimeRemaining(at(2 * MIN), NOW)).toBe('2m 00s');
    expect(formatTimeRemaining(at(MIN + 5_000), NOW)).toBe('1m 05s');
    expect(formatTimeRemaining(at(59_000), NOW)).toBe('59s');
    expect(formatTimeRemaining(at(30_000), NOW)).toBe('30s');
  });
  it('never shows 0 seconds while time remains, and changes every second', () => {
    expect(formatTimeRemaining(at(1), NOW)).toBe('1s');
    expect(formatTimeRemaining(at(1_000), NOW)).toBe('1s');
    expect(formatTimeRemaining(at(1_001), NOW)).toBe('2s');
    const ticks = [10_000, 9_000, 8_000].map((left) => formatTimeRemaining(at(left), NOW));
    expect(ticks).toEqual(['10s', '9s', '8s']);
  });
  it('switches from hours and minutes to minutes and seconds at one hour', () => {
    expect(formatTimeRemaining(at(HOUR), NOW)).toBe('1h 0m');
    expect(formatTimeRemaining(at(HOUR - 1), NOW)).toBe('1h 0m');
    expect(formatTimeRemaining(at(HOUR - 1_000), NOW)).toBe('59m 59s');
  });
  it('says Ended once the end time has passed', () => {
    expect(formatTimeRemaining(at(0), NOW)).toBe('Ended');
    expect(formatTimeRemaining(at(-HOUR), NOW)).toBe('Ended');
    expect(formatTimeRemaining('not a date', NOW)).toBe('Ended');
  });
});

describe('clockUrgency', () => {
  it('is normal from 24 hours, red under 24 hours, pulsing under 1 hour', () => {
    expect(clockUrgency(at(DAY), NOW)).toBe('normal');
    expect(clockUrgency(at(DAY - 1), NOW)).toBe('soon');
    expect(clockUrgency(at(HOUR), NOW)).toBe('soon');
    expect(clockUrgency(at(HOUR - 1), NOW)).toBe('critical');
    expect(clockUrgency(at(-1), NOW)).toBe('over');
  });
});

describe('detailStatus', () => {
  it('is Active when active and time remains', () => {
    expect(detailStatus(auction(), NOW)).toBe('Active');
  });
  it('is Ended when the status is ended or the time is up', () => {
    expect(detailStatus(auction({ status: 'ended' }), NOW)).toBe('Ended');
    expect(detailStatus(auction({ endTime: at(-MIN) }), NOW)).toBe('Ended');
  });
  it('is Scheduled otherwise', () => {
    expect(detailStatus(auction({ status: 'scheduled' }), NOW)).toBe('Scheduled');
    expect(detailStatus(auction({ status: 'pending' }), NOW)).toBe('Scheduled');
  });
  it('is Ended for a cancelled auction', () => {
    expect(detailStatus(auction({ status: 'cancelled' }), NOW)).toBe('Ended');
  });
});

describe('filterByTab', () => {
  const soon = auction({ id: 'soon', endTime: at(5 * HOUR) });
  const later = auction({ id: 'later', endTime: at(3 * DAY) });
  const fresh = auction({ id: 'fresh', createdAt: at(-2 * HOUR), endTime: at(3 * DAY) });
  const ended = auction({ id: 'ended', status: 'ended', endTime: at(HOUR) });
  const all = [soon, later, fresh, ended];

  it('All Auctions keeps every auction in the loaded order', () => {
    expect(filterByTab(all, 'all', NOW).map((a) => a.id)).toEqual(['soon', 'later', 'fresh', 'ended']);
  });
  it('Ending Soon keeps running auctions ending within 24 hours', () => {
    expect(filterByTab(all, 'ending-soon', NOW).map((a) => a.id)).toEqual(['soon']);
    expect(filterByTab([auction({ status: 'scheduled', endTime: at(5 * HOUR) })], 'ending-soon', NOW)).toEqual([]);
  });
  it('Recently Added keeps auctions created within 24 hours', () => {
    expect(filterByTab(all, 'recent', NOW).map((a) => a.id)).toEqual(['fresh']);
    expect(filterByTab([auction({ createdAt: at(-DAY) })], 'recent', NOW)).toEqual([]);
  });
});

describe('auctionStats', () => {
  it('counts active and ending-soon auctions and sums bids and watchers', () => {
    const stats = auctionStats(
      [
        auction({ totalBids: 3, watchers: 5, endTime: at(2 * HOUR) }),
        auction({ totalBids: 2, watchers: 1 }),
        auction({ status: 'scheduled', totalBids: 0, watchers: 4 }),
        auction({ status: 'ended', totalBids: 7, watchers: 0 }),
      ],
      NOW,
    );
    expect(stats).toEqual({ active: 2, endingSoon: 1, totalBids: 12, watchers: 10 });
  });
});

describe('nextOffset', () => {
  it('asks for the next page only while auctions remain', () => {
    expect(nextOffset(0, 60, 130)).toBe(60);
    expect(nextOffset(120, 10, 130)).toBeUndefined();
    expect(nextOffset(60, 0, 130)).toBeUndefined();
  });
  it('stops when the count covers only the rows received', () => {
    expect(nextOffset(0, 60, 60)).toBeUndefined();
  });
});

describe('minimumNextBidCents', () => {
  it("is the server's minimum next bid, in cents", () => {
    expect(minimumNextBidCents(auction({ minimumNextBid: '152.50' }))).toBe(15250);
    expect(minimumNextBidCents(auction())).toBe(10000);
  });
});

describe('headlinePrice', () => {
  it('shows the starting bid before any bid and the current bid after', () => {
    expect(headlinePrice({ totalBids: 0, currentBid: '0.00', startingBid: '250.00' })).toEqual({
      label: 'Starting bid',
      amount: '250.00',
    });
    expect(headlinePrice({ totalBids: 3, currentBid: '280.00', startingBid: '250.00' })).toEqual({
      label: 'Current bid',
      amount: '280.00',
    });
  });
});

describe('headlinePrice without bids', () => {
  it("is the starting bid for a listed auction without bids, as the seller dashboard and My Auctions show it", () => {
    // The list answers currentBid '0.00' before any bid, a truthy string: `currentBid || startingBid` showed $0.00.
    expect(formatUsdCents(headlinePrice(auction({ startingBid: '250.00', currentBid: '0.00', totalBids: 0 })).amount)).toBe('$250.00');
    expect(formatUsdCents(headlinePrice(auction({ startingBid: '250.00', currentBid: '275.00', totalBids: 1 })).amount)).toBe('$275.00');
  });
  it('shows "Starting bid" with the starting bid, never $0.00, while the auction has no bid', () => {
    for (const auction of [
      { totalBids: 0, currentBid: '0.00', startingBid: '250.00' },
      { totalBids: '0' as unknown as number, currentBid: '0.00', startingBid: '250.00' },
      { totalBids: 1, currentBid: '0.00', startingBid: '250.00' },
    ]) {
      const price = headlinePrice(auction);
      expect(`${price.label} ${formatUsdCents(price.amount)}`).toBe('Starting bid $250.00');
    }
  });
});

describe('checkBidAmount', () => {
  it('accepts a number at or above the minimum, in cents', () => {
    expect(checkBidAmount('150', 15000, usd)).toEqual({ ok: true, cents: 15000 });
    expect(checkBidAmount(' 150.25 ', 15000, usd)).toEqual({ ok: true, cents: 15025 });
  });
  it('refuses a bid under the minimum with "Minimum bid is ..."', () => {
    expect(checkBidAmount('149.99', 15000, usd)).toEqual({ ok: false, title: 'Invalid Bid', message: 'Minimum bid is $150.00' });
  });
  it('refuses text that is not a number', () => {
    expect(checkBidAmount('abc', 15000, usd)).toMatchObject({ ok: false, title: 'Invalid Bid' });
    expect(checkBidAmount('', 15000, usd)).toMatchObject({ ok: false, title: 'Invalid Bid' });
  });
});

describe('checkMaxBid', () => {
  it('is nothing when blank', () => {
    expect(checkMaxBid('  ', 15000, usd)).toBeNull();
  });
  it('accepts a maximum at or above the bid', () => {
    expect(checkMaxBid('300', 15000, usd)).toEqual({ ok: true, cents: 30000 });
  });
  it('refuses a maximum under the bid', () => {
    expect(checkMaxBid('100', 15000, usd)).toEqual({
      ok: false,
      title: 'Invalid Bid',
      message: 'Maximum bid must be at least $150.00',
    });
  });
});

describe('reserveInfo', () => {
  it('is hidden for standard auctions', () => {
    expect(reserveInfo(auction({ reservePrice: '500.00' })).shown).toBe(false);
  });
  it('is hidden for reserve auctions without a visible reserve or met status', () => {
    expect(reserveInfo(auction({ auctionType: 'reserve' })).shown).toBe(false);
  });
  it('shows Reserve Met when the current bid is at or above the reserve', () => {
    expect(reserveInfo(auction({ auctionType: 'reserve', reservePrice: '500.00', currentBid: '500.00' }))).toEqual({
      shown: true,
      reservePrice: '500.00',
      met: true,
    });
    expect(reserveInfo(auction({ auctionType: 'reserve', reservePrice: '500.00', currentBid: '499.99' })).met).toBe(false);
  });
  it("follows the server's met status when the amount is hidden", () => {
    expect(reserveInfo(auction({ auctionType: 'reserve', reserveMet: true }))).toEqual({ shown: true, reservePrice: null, met: true });
  });
});

describe('canBuyItNow', () => {
  it('is offered on a running auction with a price still available', () => {
    expect(canBuyItNow(auction({ buyItNowPrice: '900.00', buyItNowAvailable: true }), NOW)).toBe(true);
  });
  it('is not offered without a price, when withdrawn, or once ended', () => {
    expect(canBuyItNow(auction(), NOW)).toBe(false);
    expect(canBuyItNow(auction({ buyItNowPrice: '900.00', buyItNowAvailable: false }), NOW)).toBe(false);
    expect(canBuyItNow(auction({ buyItNowPrice: '900.00', buyItNowAvailable: true, endTime: at(-1) }), NOW)).toBe(false);
    expect(canBuyItNow(auction({ buyItNowPrice: '900.00', buyItNowAvailable: true, status: 'scheduled' }), NOW)).toBe(false);
  });
});

describe('bidHistoryRows', () => {
  it('keeps the last 10 bids, newest first, the newest marked winning', () => {
    const bids = Array.from({ length: 12 }, (_, i) => ({ id: `b${i}`, createdAt: at(i * MIN) }));
    const rows = bidHistoryRows(bids);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.id).slice(0, 3)).toEqual(['b11', 'b10', 'b9']);
    expect(rows.filter((r) => r.winning).map((r) => r.id)).toEqual(['b11']);
  });
});

describe('auctionPhotos', () => {
  it('reads the image objects, with alt text falling back to the title and the thumbnail to the photo', () => {
    expect(
      auctionPhotos({
        title: 'Gearbox',
        images: [
          { url: '/a.jpg', altText: 'Left side', isPrimary: true, thumbnailUrl: '/a-thumb.jpg' },
          { url: '/b.jpg', altText: '', isPrimary: false },
        ],
      }),
    ).toEqual([
      { url: '/a.jpg', alt: 'Left side', thumb: '/a-thumb.jpg' },
      { url: '/b.jpg', alt: 'Gearbox photo 2', thumb: '/b.jpg' },
    ]);
  });
});

describe('shortConditionLabel', () => {
  it('uses the short auction labels', () => {
    expect(shortConditionLabel('new-in-box')).toBe('New in Box');
    expect(shortConditionLabel('new-out-of-box')).toBe('New');
    expect(shortConditionLabel('used-excellent')).toBe('Excellent');
    expect(shortConditionLabel('for-parts')).toBe('For Parts');
    expect(shortConditionLabel(null)).toBeNull();
  });
});
