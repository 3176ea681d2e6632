import { describe, expect, it } from 'vitest';
import { auctionRow, bidderUser } from '../../../test/auction-rows.fixtures.js';
import { AppError } from '../../platform/errors.js';
import { DEFAULT_SETTINGS, type AllSettings } from './auction-settings.schemas.js';
import {
  BID_MESSAGES,
  batchSeq,
  checkAuction,
  checkBidder,
  checkMaximum,
  checkProxy,
  decide,
  MAX_BATCH,
  refusedEarly,
  type BidRequest,
} from './bid.rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const settings = (change: (s: AllSettings) => void = () => {}): AllSettings => {
  const s = structuredClone(DEFAULT_SETTINGS);
  change(s);
  return s;
};
const request = (overrides: Partial<BidRequest> = {}): BidRequest => ({
  auctionId: 'a',
  input: { bidAmount: 10000 },
  bidderId: 'b1',
  meta: { ip: '10.0.0.1', userAgent: 'test' },
  settings: settings(),
  user: bidderUser(),
  ...overrides,
});
/** The refusal `fn` throws, as {kind, code, message}. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  return null;
}

describe('checkBidder', () => {
  it('lets a verified, old enough bidder from an allowed country bid', () => {
    expect(refusal(() => checkBidder(bidderUser(), settings().bidder, now))).toBeNull();
  });

  it('refuses blocked, unverified, too young, foreign and suspicious bidders', () => {
    const bidder = (change: (s: AllSettings) => void) => settings(change).bidder;
    expect(refusal(() => checkBidder(bidderUser(), bidder((s) => (s.bidder.blockedBidders = ['JASON'])), now))?.message).toBe(BID_MESSAGES.blocked);
    expect(
      refusal(() => checkBidder(bidderUser({ isVerified: false }), bidder((s) => (s.bidder.requireBidderVerification = true)), now))?.message,
    ).toBe(BID_MESSAGES.verification);
    expect(
      refusal(() => checkBidder(bidderUser({ createdAt: '2026-06-01T00:00:00Z' }), bidder((s) => (s.bidder.minAccountAgeHours = 24)), now)),
    ).toEqual({ kind: 'forbidden', code: 'forbidden', message: 'Your account must be at least 24 hours old to bid' });
    expect(refusal(() => checkBidder(bidderUser(), bidder((s) => (s.bidder.allowedCountries = ['gb', 'de'])), now))?.message).toBe(BID_MESSAGES.country);
    expect(refusal(() => checkBidder(bidderUser({ suspiciousActivityScore: 80 }), bidder(() => {}), now))?.message).toBe(BID_MESSAGES.suspicious);
    expect(
      refusal(() => checkBidder(bidderUser({ suspiciousActivityScore: 80 }), bidder((s) => (s.bidder.patternAnalysisEnabled = false)), now)),
    ).toBeNull();
  });
});

describe('checkMaximum, checkAuction and checkProxy', () => {
  it('refuses a maximum below the bid', () => {
    expect(refusal(() => checkMaximum({ bidAmount: 10000, maxBidAmount: 9000 }))?.message).toBe(BID_MESSAGES.maxBelowBid);
    expect(refusal(() => checkMaximum({ bidAmount: 10000, maxBidAmount: 10000 }))).toBeNull();
  });

  it("refuses the seller, an ended or past-its-end auction, one not open yet, and an unapproved bidder", () => {
    const own = BID_MESSAGES.ownAuction;
    expect(refusal(() => checkAuction(auctionRow(), 's', settings(), now, own))).toEqual({ kind: 'forbidden', code: 'forbidden', message: own });
    expect(refusal(() => checkAuction(auctionRow({ status: 'ended' }), 'b1', settings(), now, own))?.code).toBe('auction_ended');
    expect(refusal(() => checkAuction(auctionRow({ endTime: now }), 'b1', settings(), now, own))?.code).toBe('auction_ended');
    expect(refusal(() => checkAuction(auctionRow({ status: 'scheduled' }), 'b1', settings(), now, own))?.code).toBe('auction_not_active');
    const approval = settings((s) => (s.bidder.requireApproval = true));
    expect(refusal(() => checkAuction(auctionRow(), 'b1', approval, now, own))?.message).toBe(BID_MESSAGES.approval);
    expect(refusal(() => checkAuction(auctionRow({ allowedBidders: ['b1'] }), 'b1', approval, now, own))).toBeNull();
  });

  it('refuses a proxy maximum where the auction or the admin does not allow proxies', () => {
    const proxy = { bidAmount: 10000, maxBidAmount: 20000 };
    expect(refusal(() => checkProxy(auctionRow({ allowProxy: false }), proxy, settings()))?.code).toBe('proxy_not_allowed');
    expect(refusal(() => checkProxy(auctionRow(), proxy, settings((s) => (s.auction.allowProxy = false))))?.code).toBe('proxy_not_allowed');
    expect(refusal(() => checkProxy(auctionRow({ allowProxy: false }), { bidAmount: 10000, maxBidAmount: 10000 }, settings()))).toBeNull();
    expect(refusal(() => checkProxy(auctionRow(), proxy, settings()))).toBeNull();
  });
});

describe('refusedEarly', () => {
  it('refuses a bid below the minimum of a committed state without the lock', () => {
    const seen = auctionRow({ currentBid: 12000, totalBids: 2 });
    expect(refusedEarly(seen, request({ input: { bidAmount: 12500 } }), now)).toMatchObject({ code: 'bid_too_low', message: 'Minimum bid is 130.00' });
    expect(refusedEarly(seen, request({ input: { bidAmount: 13000 } }), now)).toBeNull();
  });

  it('leaves every other refusal to the locked path, which may know more (an extended end)', () => {
    expect(refusedEarly(auctionRow({ endTime: now }), request({ input: { bidAmount: 1 } }), now)).toBeNull();
    expect(refusedEarly(auctionRow(), request({ bidderId: 's', input: { bidAmount: 1 } }), now)).toBeNull();
  });
});

describe('decide', () => {
  it('places a first bid at the starting bid, the bidder leading, with its bid activity and request facts on its row', () => {
    const d = decide(auctionRow(), [], request({ input: { bidAmount: 10000, maxBidAmount: 15000 } }), now, 1);
    expect(d.leaderId).toBe('b1');
    expect(d.outbid).toBeNull();
    expect(d.extended).toBe(false);
    expect(d.rows).toEqual([{ bidderId: 'b1', amount: '100.00', type: 'regular', max: '150.00', ip: '10.0.0.1', country: 'US', userAgent: 'test' }]);
    expect(d.items).toEqual([{ type: 'bid', data: { username: 'j***n', amount: '100.00', previousHighBid: '0.00', currentBid: '100.00' } }]);
    expect(d.after).toMatchObject({ currentBid: 10000, totalBids: 1 });
    expect(d.maxima).toEqual([{ bidderId: 'b1', maxCents: 15000, seq: 1 }]);
  });

  it("answers a lower bid with the leader's proxy at once: the bidder is outbid, the proxy row has no request facts", () => {
    const a = auctionRow({ currentBid: 10000, totalBids: 1 });
    const d = decide(a, [{ bidderId: 'b0', maxCents: 30000, seq: 1 }], request({ input: { bidAmount: 15000 } }), now, 2);
    expect(d.leaderId).toBe('b0');
    expect(d.outbid).toBe('b1');
    expect(d.rows.map((r) => [r.bidderId, r.amount, r.type, r.ip])).toEqual([
      ['b1', '150.00', 'regular', '10.0.0.1'],
      ['b0', '160.00', 'proxy', null],
    ]);
    expect(d.ownIndex).toBe(0);
    expect(d.items.map((i) => i.type)).toEqual(['bid', 'outbid']);
    expect(d.after).toMatchObject({ currentBid: 16000, totalBids: 3 });
  });

  it('takes the lead from a lower maximum and names the previous leader as outbid', () => {
    const a = auctionRow({ currentBid: 10000, totalBids: 1 });
    const d = decide(a, [{ bidderId: 'b0', maxCents: 12000, seq: 1 }], request({ input: { bidAmount: 15000 } }), now, 2);
    expect(d.leaderId).toBe('b1');
    expect(d.outbid).toBe('b0');
    expect(d.rows.map((r) => [r.bidderId, r.amount, r.type])).toEqual([
      ['b0', '120.00', 'proxy'],
      ['b1', '150.00', 'regular'],
    ]);
    expect(d.ownIndex).toBe(1);
    expect(d.ownAmount).toBe(15000);
  });

  it('extends the end for a bid within the trigger, up to the maximum number of extensions', () => {
    const late = new Date(auctionRow().endTime.getTime() - 60_000);
    const d = decide(auctionRow(), [], request(), late, 1);
    expect(d.extended).toBe(true);
    expect(d.after.endTime.getTime() - auctionRow().endTime.getTime()).toBe(120_000);
    expect(d.after.currentExtensions).toBe(1);
    expect(d.items.at(-1)).toEqual({ type: 'extension', data: { extensionTime: 120, currentBid: '100.00' } });
    expect(decide(auctionRow({ currentExtensions: 3 }), [], request(), late, 1).extended).toBe(false);
  });

  it('refuses a bid below the minimum and a leader who does not raise their maximum', () => {
    const a = auctionRow({ currentBid: 10000, totalBids: 1 });
    const maxima = [{ bidderId: 'b1', maxCents: 20000, seq: 1 }];
    expect(refusal(() => decide(a, maxima, request({ bidderId: 'b2', input: { bidAmount: 10500 } }), now, 2))).toEqual({
      kind: 'invalid',
      code: 'bid_too_low',
      message: 'Minimum bid is 110.00',
    });
    expect(refusal(() => decide(a, maxima, request({ input: { bidAmount: 15000 } }), now, 2))).toEqual({
      kind: 'invalid',
      code: 'already_leading',
      message: 'You are already the highest bidder; to raise your maximum, offer more than 200.00',
    });
  });

  it('orders the bids of a batch after every stored bid and among themselves', () => {
    expect(batchSeq(0)).toBeGreaterThan(2 ** 52);
    expect(batchSeq(MAX_BATCH - 1)).toBe(Number.MAX_SAFE_INTEGER - 1);
    expect(batchSeq(1)).toBeGreaterThan(batchSeq(0));
  });
});

describe('patternSignals', () => {
  it("flags a bid from the seller's IP address and a bidder younger than a day", async () => {
    const { patternSignals } = await import('./bidding-pattern.service.js');
    const a = auctionRow({ sellerIp: '10.0.0.1' });
    expect(patternSignals(a, { createdAt: '2026-06-01T00:00:00Z' }, { ip: '10.0.0.1' }, now)).toEqual({ sharedIp: true, newAccount: true });
    expect(patternSignals(a, { createdAt: '2026-01-01T00:00:00Z' }, { ip: '10.0.0.2' }, now)).toEqual({ sharedIp: false, newAccount: false });
    expect(patternSignals(auctionRow(), bidderUser(), {}, now)).toEqual({ sharedIp: false, newAccount: false });
  });
});
