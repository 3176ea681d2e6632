import { describe, expect, it } from 'vitest';
import { fixedPriceAvailability } from './part.availability.js';

const live = { isActive: true, isApproved: true, isSold: false, activeAuctionId: null };
const auctionId = '5f0c6a5e-8a2b-4d7e-9a57-1c2d3e4f5a6b';

describe('fixedPriceAvailability', () => {
  it('offers a live, unsold part under no auction at its price', () => {
    expect(fixedPriceAvailability(live)).toEqual({ available: true, reason: null, activeAuctionId: null });
  });

  it('refuses a part under a scheduled or active auction and names the auction', () => {
    expect(fixedPriceAvailability({ ...live, activeAuctionId: auctionId })).toEqual({
      available: false,
      reason: 'in_auction',
      activeAuctionId: auctionId,
    });
  });

  it('refuses a sold part before anything else, and one that is pending, rejected or withdrawn', () => {
    expect(fixedPriceAvailability({ ...live, isActive: false, isSold: true }).reason).toBe('sold');
    expect(fixedPriceAvailability({ ...live, isApproved: false }).reason).toBe('not_listed');
    expect(fixedPriceAvailability({ ...live, isActive: false }).reason).toBe('not_listed');
  });
});
