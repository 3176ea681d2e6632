import { describe, expect, it } from 'vitest';
import { auctionRow } from '../../../test/auction-rows.fixtures.js';
import type { AuctionRow } from './auction.row.js';
import { buyItNowAvailable, maskName, nextMinimum, reserveMet } from './auction.rules.js';
import { auctionCreateSchema, bidSchema } from './auction.schemas.js';
import { DEFAULT_SETTINGS } from './auction-settings.schemas.js';

const now = new Date('2026-06-01T12:00:00Z');
const row = (overrides: Partial<AuctionRow> = {}): AuctionRow => auctionRow({ createdAt: now, ...overrides });
const pricing = DEFAULT_SETTINGS.pricing;

describe('auction rules', () => {
  it('masks bidder names to first and last letter', () => {
    expect(maskName('jason')).toBe('j***n');
    expect(maskName('x')).toBe('x***');
  });

  it('uses eBay increments when the auction has none', () => {
    expect(nextMinimum(row({ bidIncrement: 0, currentBid: 12000, totalBids: 1 }))).toBe(12250);
    expect(nextMinimum(row({ currentBid: 12000, totalBids: 1 }))).toBe(13000);
  });

  it('counts the reserve as met only once a bid reaches it', () => {
    expect(reserveMet(row({ reservePrice: 15000 }))).toBe(false);
    expect(reserveMet(row({ reservePrice: 15000, currentBid: 15000, totalBids: 2 }))).toBe(true);
    expect(reserveMet(row())).toBe(true);
  });

  it('offers Buy It Now only while it is allowed and not overtaken', () => {
    expect(buyItNowAvailable(row(), pricing, now)).toBe(true);
    expect(buyItNowAvailable(row({ status: 'scheduled' }), pricing, now)).toBe(false);
    expect(buyItNowAvailable(row(), pricing, new Date('2026-06-01T14:00:00Z'))).toBe(false);
    expect(buyItNowAvailable(row(), { ...pricing, allowBuyItNow: false }, now)).toBe(false);
    expect(buyItNowAvailable(row({ totalBids: 1, currentBid: 10000 }), pricing, now)).toBe(true);
    expect(buyItNowAvailable(row({ totalBids: 1, currentBid: 10000 }), { ...pricing, autoRemoveBinAfterBids: true }, now)).toBe(false);
    expect(buyItNowAvailable(row({ reservePrice: 15000, totalBids: 1, currentBid: 15000 }), pricing, now)).toBe(false);
    expect(buyItNowAvailable(row({ totalBids: 3, currentBid: 30000 }), pricing, now)).toBe(false);
  });
});

describe('auction schemas', () => {
  it('reads amounts as cents and refuses more than two decimals', () => {
    expect(bidSchema.parse({ bidAmount: '110.5' })).toEqual({ bidAmount: 11050 });
    expect(bidSchema.safeParse({ bidAmount: '1.005' }).error?.issues[0]?.message).toBe('Use at most two decimals');
    expect(bidSchema.safeParse({ bidAmount: 0 }).error?.issues[0]?.message).toBe('Must be more than 0');
    expect(bidSchema.safeParse({}).error?.issues[0]?.message).toBe('Bid amount is required');
  });

  it('fills the form defaults of spec 001 §9', () => {
    const parsed = auctionCreateSchema.parse({
      title: 'T',
      description: 'D',
      partId: '00000000-0000-4000-8000-000000000000',
      startingBid: 100,
      startTime: '2026-06-01T10:00:00Z',
      endTime: '2026-06-01T12:00:00Z',
      reservePrice: '',
      buyItNowPrice: null,
    });
    expect(parsed).toMatchObject({
      auctionType: 'standard',
      startingBid: 10000,
      reservePrice: undefined,
      buyItNowPrice: undefined,
      autoExtendTrigger: 120,
      autoExtendTime: 120,
      maxExtensions: 3,
      autoRelist: false,
      maxRelists: 3,
      relistPriceReduction: 0,
      relistDelay: 24,
    });
    expect(parsed.bidIncrement).toBeUndefined();
  });
});
