import { describe, expect, it } from 'vitest';
import { formatUsdCents } from '../../lib/format';
import {
  bidBoxMode,
  bidFormKind,
  bidPlacedMessage,
  bidStanding,
  isOwnAuction,
  planBid,
  planRaise,
  purchaseMessage,
  raisedMessage,
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

describe('bidStanding', () => {
  it('tells the leader they lead, with their own maximum', () => {
    expect(bidStanding({ myBid: { maxBid: '400.00', isLeading: true } })).toEqual({ kind: 'leading', maxBid: '400.00' });
  });
  it('tells a bidder who no longer leads that they were outbid', () => {
    expect(bidStanding({ myBid: { maxBid: '300.00', isLeading: false } })).toEqual({ kind: 'outbid', maxBid: '300.00' });
  });
  it('says nothing to someone who has not bid or is signed out', () => {
    expect(bidStanding({ myBid: null })).toEqual({ kind: 'none' });
  });
  it('flips from leading to outbid when a refreshed auction says so', () => {
    const before = bidStanding({ myBid: { maxBid: '400.00', isLeading: true } });
    const after = bidStanding({ myBid: { maxBid: '400.00', isLeading: false } });
    expect([before.kind, after.kind]).toEqual(['leading', 'outbid']);
  });
});

describe('bidFormKind', () => {
  it('never offers the leader a bid against themselves: they raise their maximum instead', () => {
    expect(bidFormKind({ kind: 'leading', maxBid: '400.00' })).toEqual({ form: 'raise', currentMax: '400.00' });
    expect(bidFormKind({ kind: 'outbid', maxBid: '300.00' })).toEqual({ form: 'bid' });
    expect(bidFormKind({ kind: 'none' })).toEqual({ form: 'bid' });
  });
});

describe('planRaise', () => {
  it('sends a new maximum above the present one as a plain bid (the server keeps the price)', () => {
    expect(planRaise('500', '400.00', 32_000, money)).toEqual({ ok: true, cents: 50_000, input: { bidAmount: 500 } });
  });
  it('refuses a maximum that is not more than the present one, or not a number', () => {
    const refused = { ok: false, title: 'Invalid Bid', message: 'Your new maximum must be more than $400.00' };
    expect(planRaise('400', '400.00', 32_000, money)).toEqual(refused);
    expect(planRaise('350', '400.00', 32_000, money)).toEqual(refused);
    expect(planRaise('', '400.00', 32_000, money)).toEqual(refused);
    expect(planRaise('lots', '400.00', 32_000, money)).toEqual(refused);
  });
  it('refuses a maximum below the minimum next bid, as the server would', () => {
    expect(planRaise('128', '125.00', 13_000, money)).toEqual({ ok: false, title: 'Invalid Bid', message: 'Minimum bid is $130.00' });
  });
});

describe('raisedMessage', () => {
  it('states the new maximum and the current bid the server answered', () => {
    expect(raisedMessage({ currentBid: '310.00' }, 50_000, money)).toBe('Your maximum is now $500.00. The current bid is $310.00.');
    expect(raisedMessage(undefined, 50_000, money)).toBe('Your maximum is now $500.00.');
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
