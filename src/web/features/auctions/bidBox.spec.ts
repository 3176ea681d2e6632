import { describe, expect, it } from 'vitest';
import { formatUsdCents } from '../../lib/format';
import {
  bidBoxMode,
  bidPlacedMessage,
  headlinePrice,
  isOwnAuction,
  planBid,
  purchaseMessage,
  serverMessage,
  watchButtonLabel,
} from './bidBox';

const money = (dollars: number | string) => formatUsdCents(dollars);

describe('bidBoxMode', () => {
  it("shows the seller a note instead of the bid form on their own auction", () => {
    expect(bidBoxMode(true, 'Active')).toBe('own');
    expect(bidBoxMode(true, 'Ended')).toBe('own');
  });
  it('offers the bid form only while the auction is active', () => {
    expect(bidBoxMode(false, 'Active')).toBe('bidding');
    expect(bidBoxMode(false, 'Ended')).toBe('closed');
    expect(bidBoxMode(false, 'Scheduled')).toBe('closed');
  });
});

describe('isOwnAuction', () => {
  it('is true only for the signed-in seller of the auction', () => {
    expect(isOwnAuction('s1', { sellerId: 's1' })).toBe(true);
    expect(isOwnAuction('u2', { sellerId: 's1' })).toBe(false);
    expect(isOwnAuction(undefined, { sellerId: 's1' })).toBe(false);
    expect(isOwnAuction(null, { sellerId: '' })).toBe(false);
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

describe('planBid', () => {
  it('refuses a bid under the minimum with "Minimum bid is ..."', () => {
    expect(planBid({ bidAmount: '200', maxBid: '' }, 25_000, true, money)).toEqual({
      ok: false,
      title: 'Invalid Bid',
      message: 'Minimum bid is $250.00',
    });
  });
  it('sends the bid in dollars without a maximum when none is given', () => {
    expect(planBid({ bidAmount: '250.00', maxBid: '' }, 25_000, undefined, money)).toEqual({
      ok: true,
      cents: 25_000,
      input: { bidAmount: 250 },
    });
  });
  it('sends the proxy maximum when one is given', () => {
    expect(planBid({ bidAmount: '250', maxBid: '400.50' }, 25_000, true, money)).toEqual({
      ok: true,
      cents: 25_000,
      input: { bidAmount: 250, maxBidAmount: 400.5 },
    });
  });
  it('refuses a maximum under the bid', () => {
    expect(planBid({ bidAmount: '300', maxBid: '280' }, 25_000, true, money)).toEqual({
      ok: false,
      title: 'Invalid Bid',
      message: 'Maximum bid must be at least $300.00',
    });
  });
  it('ignores the maximum when the auction has proxy bidding off', () => {
    expect(planBid({ bidAmount: '300', maxBid: '1' }, 25_000, false, money)).toEqual({
      ok: true,
      cents: 30_000,
      input: { bidAmount: 300 },
    });
  });
});

describe('success messages', () => {
  it("use the server's message when it sends one", () => {
    expect(serverMessage({ message: 'You are the highest bidder.' })).toBe('You are the highest bidder.');
    expect(bidPlacedMessage({ message: 'You are the highest bidder.' }, 25_000, money)).toBe('You are the highest bidder.');
    expect(purchaseMessage({ message: 'Sold to you.' }, { title: 'Weber', buyItNowPrice: '900.00' }, money)).toBe('Sold to you.');
  });
  it('fall back to what was bid or bought', () => {
    expect(serverMessage(undefined)).toBeUndefined();
    expect(serverMessage({ message: '' })).toBeUndefined();
    expect(bidPlacedMessage(undefined, 25_000, money)).toBe('Your bid of $250.00 has been placed.');
    expect(purchaseMessage({}, { title: 'Weber 36 DCL3', buyItNowPrice: '1500.00' }, money)).toBe(
      'You bought "Weber 36 DCL3" for $1,500.00.',
    );
  });
});

describe('watchButtonLabel', () => {
  it('says Watching once watched, Adding... while pending, else Watch', () => {
    expect(watchButtonLabel(true, false)).toBe('Watching');
    expect(watchButtonLabel(false, true)).toBe('Adding...');
    expect(watchButtonLabel(false, false)).toBe('Watch');
  });
});
