import { describe, expect, it } from 'vitest';
import {
  fromAuctionForm,
  fromBidderForm,
  fromPricingForm,
  hoursToSeconds,
  parseCommaList,
  secondsToHours,
  toAuctionForm,
  toBidderForm,
  toDecimalOrZero,
  toIntOrZero,
} from './settings';

describe('toIntOrZero', () => {
  it('parses integers and falls back to 0', () => {
    expect(toIntOrZero('120')).toBe(120);
    expect(toIntOrZero('12.9')).toBe(12);
    expect(toIntOrZero(7.6)).toBe(7);
    expect(toIntOrZero('')).toBe(0);
    expect(toIntOrZero(null)).toBe(0);
    expect(toIntOrZero('abc')).toBe(0);
  });
});

describe('toDecimalOrZero', () => {
  it('parses decimals and falls back to 0', () => {
    expect(toDecimalOrZero('10.25')).toBe(10.25);
    expect(toDecimalOrZero(undefined)).toBe(0);
  });
});

describe('minimum duration', () => {
  it('is entered in hours and stored in seconds', () => {
    expect(hoursToSeconds(1)).toBe(3600);
    expect(hoursToSeconds('1.5')).toBe(5400);
    expect(hoursToSeconds('')).toBe(0);
    expect(secondsToHours(7200)).toBe(2);
    expect(secondsToHours(5400)).toBe(1.5);
  });
});

describe('parseCommaList', () => {
  it('trims entries and drops empties', () => {
    expect(parseCommaList(' US, ca ,, DE ,')).toEqual(['US', 'ca', 'DE']);
    expect(parseCommaList('')).toEqual([]);
    expect(parseCommaList(undefined)).toEqual([]);
    expect(parseCommaList([' a ', ''])).toEqual(['a']);
  });
});

describe('auction settings form', () => {
  it('shows the duration in hours and saves it in seconds, integers falling back to 0', () => {
    const form = toAuctionForm({
      autoExtendTrigger: 120,
      autoExtendTime: 120,
      maxExtensions: 3,
      allowProxy: true,
      defaultBidIncrement: 10,
      minimumAuctionDuration: 3600,
    });
    expect(form.minimumAuctionDurationHours).toBe(1);
    expect(form).not.toHaveProperty('minimumAuctionDuration');
    expect(
      fromAuctionForm({ ...form, autoExtendTrigger: '', maxExtensions: 'x', defaultBidIncrement: '2.505', minimumAuctionDurationHours: 24 }),
    ).toEqual({
      autoExtendTrigger: 0,
      autoExtendTime: 120,
      maxExtensions: 0,
      allowProxy: true,
      defaultBidIncrement: 2.51,
      minimumAuctionDuration: 86400,
    });
  });
});

describe('bidder settings form', () => {
  it('edits the lists as comma-separated text', () => {
    const form = toBidderForm({
      requireBidderVerification: false,
      minAccountAgeHours: 0,
      allowedCountries: ['US', 'CA'],
      blockedBidders: [],
      requireApproval: false,
      patternAnalysisEnabled: true,
      geoVerificationEnabled: true,
      maxSuspiciousScore: 80,
      maxUnpaidItems: 0,
    });
    expect(form.allowedCountries).toBe('US, CA');
    expect(form.blockedBidders).toBe('');
    expect(fromBidderForm({ ...form, blockedBidders: ' sniper1 , ,bot_2 ', minAccountAgeHours: '48' })).toEqual({
      requireBidderVerification: false,
      minAccountAgeHours: 48,
      allowedCountries: ['US', 'CA'],
      blockedBidders: ['sniper1', 'bot_2'],
      requireApproval: false,
      patternAnalysisEnabled: true,
      geoVerificationEnabled: true,
      maxSuspiciousScore: 80,
      maxUnpaidItems: 0,
    });
  });
});

describe('pricing settings form', () => {
  const stored = {
    allowReservePrices: true,
    allowBuyItNow: true,
    maxReservePercentage: 80,
    minBuyItNowMultiplier: 1.2,
    defaultReserveEnabled: false,
    defaultBuyItNowEnabled: true,
    autoRemoveBinAfterBids: false,
    reservePriceVisibility: 'hidden' as const,
  };

  it('parses the numbers and keeps a known visibility', () => {
    expect(
      fromPricingForm(
        {
          allowReservePrices: true,
          allowBuyItNow: false,
          maxReservePercentage: '75',
          minBuyItNowMultiplier: '1.5',
          defaultReserveEnabled: false,
          defaultBuyItNowEnabled: true,
          autoRemoveBinAfterBids: true,
          reservePriceVisibility: 'met-status',
        },
        stored,
      ),
    ).toEqual({
      allowReservePrices: true,
      allowBuyItNow: false,
      maxReservePercentage: 75,
      minBuyItNowMultiplier: 1.5,
      defaultReserveEnabled: false,
      defaultBuyItNowEnabled: true,
      autoRemoveBinAfterBids: true,
      reservePriceVisibility: 'met-status',
    });
  });

  it('keeps the stored values of disabled controls, which submit nothing', () => {
    expect(fromPricingForm({ allowReservePrices: false, allowBuyItNow: false }, { ...stored, reservePriceVisibility: 'full' })).toEqual({
      ...stored,
      allowReservePrices: false,
      allowBuyItNow: false,
      reservePriceVisibility: 'full',
    });
  });

  it('falls back to hidden for an unknown visibility', () => {
    expect(fromPricingForm({ reservePriceVisibility: 'everyone' }, stored).reservePriceVisibility).toBe('hidden');
  });
});
