import { describe, expect, it } from 'vitest';
import { auctionActions, moneyText, resultText } from './auctionFormat';

describe('console auction format', () => {
  it('offers end early only on active auctions, cancel on open ones, relist when the server says so', () => {
    expect(auctionActions({ status: 'active', canRelist: false })).toEqual({ endEarly: true, cancel: true, relist: false });
    expect(auctionActions({ status: 'scheduled', canRelist: false })).toEqual({ endEarly: false, cancel: true, relist: false });
    expect(auctionActions({ status: 'ended', canRelist: true })).toEqual({ endEarly: false, cancel: false, relist: true });
    expect(auctionActions({ status: 'cancelled', canRelist: false })).toEqual({ endEarly: false, cancel: false, relist: false });
  });

  it('states the result of a closed auction', () => {
    const base = { currentBid: '1250.00', totalBids: 3, reserveMet: true, winnerName: null };
    expect(resultText({ ...base, status: 'ended', winnerName: 'kim' })).toBe('Sold to kim for $1,250.00');
    expect(resultText({ ...base, status: 'ended', reserveMet: false })).toBe('Not sold: reserve not met');
    expect(resultText({ ...base, status: 'ended', totalBids: 0, reserveMet: false })).toBe('Not sold');
    expect(resultText({ ...base, status: 'cancelled' })).toBe('Cancelled: no winner');
    expect(resultText({ ...base, status: 'active' })).toBe('—');
    expect(moneyText(null)).toBe('—');
  });
});
