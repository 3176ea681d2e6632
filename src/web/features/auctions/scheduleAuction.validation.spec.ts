import { describe, expect, it } from 'vitest';
import {
  checkScheduleTimes,
  EMPTY_SCHEDULE_AUCTION_FORM,
  initialScheduleForm,
  minEndTime,
  minStartTime,
  toDateTimeLocal,
  toScheduleAuctionPayload,
  validateScheduleAuction,
  type PricingAllowances,
  type ScheduleAuctionForm,
} from './scheduleAuction.validation';

const NOW = new Date(2026, 2, 10, 12, 0);
const local = (minutesFromNow: number) => toDateTimeLocal(new Date(NOW.getTime() + minutesFromNow * 60_000));
const ALLOW: PricingAllowances = {
  allowReservePrices: true,
  allowBuyItNow: true,
  minBuyItNowMultiplier: 1.2,
  maxReservePercentage: 80,
  minimumAuctionDuration: 0,
};

const valid: ScheduleAuctionForm = {
  ...EMPTY_SCHEDULE_AUCTION_FORM,
  title: 'T5 gearbox',
  description: 'Rebuilt last year',
  partId: '6f1c2f0e-1d6a-4a53-9a43-0c1f2b3d4e5f',
  startingBid: '500',
  startTime: local(120),
  endTime: local(24 * 60),
};

describe('validateScheduleAuction', () => {
  it('accepts a complete form', () => {
    expect(validateScheduleAuction(valid, ALLOW)).toEqual({});
  });

  it('names every missing required field with the spec messages', () => {
    const errors = validateScheduleAuction({ ...EMPTY_SCHEDULE_AUCTION_FORM, bidIncrement: '' }, ALLOW);
    expect(errors).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      partId: 'Part selection is required',
      startingBid: 'Starting bid is required',
      bidIncrement: 'Bid increment is required',
      startTime: 'Start time is required',
      endTime: 'End time is required',
    });
  });

  it('treats blank-only text as missing', () => {
    expect(validateScheduleAuction({ ...valid, title: '   ', description: '\n' }, ALLOW)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
    });
  });

  it('refuses amounts that are not dollars', () => {
    const errors = validateScheduleAuction({ ...valid, startingBid: '12.345', bidIncrement: 'ten', shippingCost: '-5' }, ALLOW);
    expect(Object.keys(errors).sort()).toEqual(['bidIncrement', 'shippingCost', 'startingBid']);
  });

  it('refuses a bid increment of $0', () => {
    expect(validateScheduleAuction({ ...valid, bidIncrement: '0' }, ALLOW)).toEqual({ bidIncrement: 'Bid increment must be an amount above $0' });
    expect(validateScheduleAuction({ ...valid, bidIncrement: '0.00' }, ALLOW).bidIncrement).toBe('Bid increment must be an amount above $0');
    expect(validateScheduleAuction({ ...valid, bidIncrement: '0.01' }, ALLOW)).toEqual({});
  });

  it('needs a reserve price for a reserve auction when reserves are allowed', () => {
    expect(validateScheduleAuction({ ...valid, auctionType: 'reserve' }, ALLOW).reservePrice).toBe(
      'Reserve price is required for a reserve auction',
    );
    expect(validateScheduleAuction({ ...valid, auctionType: 'reserve', reservePrice: '800' }, ALLOW)).toEqual({});
    expect(validateScheduleAuction({ ...valid, auctionType: 'reserve' }, { ...ALLOW, allowReservePrices: false })).toEqual({});
  });

  it('needs Buy It Now at least the multiplier times the starting bid, and ignores it when not allowed', () => {
    expect(validateScheduleAuction({ ...valid, buyItNowPrice: '599.99' }, ALLOW).buyItNowPrice).toBe(
      'Buy It Now price must be at least 1.2× the starting bid',
    );
    expect(validateScheduleAuction({ ...valid, buyItNowPrice: '600' }, ALLOW)).toEqual({});
    expect(validateScheduleAuction({ ...valid, buyItNowPrice: '1' }, { ...ALLOW, allowBuyItNow: false })).toEqual({});
  });

  it('checks the relist bounds only when auto-relist is on', () => {
    const bad = { ...valid, maxRelists: '11', relistPriceReduction: '50.05', relistDelay: '0' };
    expect(validateScheduleAuction(bad, ALLOW)).toEqual({});
    const errors = validateScheduleAuction({ ...bad, autoRelist: true }, ALLOW);
    expect(Object.keys(errors).sort()).toEqual(['maxRelists', 'relistDelay', 'relistPriceReduction']);
    expect(
      validateScheduleAuction({ ...valid, autoRelist: true, maxRelists: '10', relistPriceReduction: '12.5', relistDelay: '168' }, ALLOW),
    ).toEqual({});
  });
});

describe('checkScheduleTimes', () => {
  it('accepts a future start and a later end', () => {
    expect(checkScheduleTimes(local(90), local(180), NOW)).toEqual({ ok: true });
  });
  it("says 'Invalid Start Time' when the start is not in the future", () => {
    expect(checkScheduleTimes(local(-5), local(180), NOW)).toEqual({
      ok: false,
      title: 'Invalid Start Time',
      message: 'Start time must be in the future',
    });
  });
  it("says 'Invalid End Time' when the end is not after the start", () => {
    expect(checkScheduleTimes(local(90), local(90), NOW)).toEqual({
      ok: false,
      title: 'Invalid End Time',
      message: 'End time must be after start time',
    });
  });
});

describe('date input minimums', () => {
  it('starts no earlier than now + 60 minutes', () => {
    expect(minStartTime(NOW)).toBe(local(60));
  });
  it('ends no earlier than start + 1 hour, or start + the minimum duration when longer', () => {
    expect(minEndTime(local(120), NOW)).toBe(local(180));
    expect(minEndTime(local(120), NOW, 4 * 3600)).toBe(local(360));
    expect(minEndTime('', NOW)).toBe(local(120));
  });
});

describe('initialScheduleForm', () => {
  it("fills in the admin's defaults", () => {
    const form = initialScheduleForm(
      { bidIncrement: '25', autoExtendTrigger: 60, autoExtendTime: 300, maxExtensions: 5, relistDelay: 48, reserveEnabled: true },
      true,
    );
    expect(form).toMatchObject({
      bidIncrement: '25.00',
      autoExtendTrigger: '60',
      autoExtendTime: '300',
      maxExtensions: '5',
      relistDelay: '48',
      auctionType: 'reserve',
    });
  });
  it('keeps the spec defaults without server defaults, and standard when reserves are not allowed', () => {
    expect(initialScheduleForm(undefined, true)).toEqual(EMPTY_SCHEDULE_AUCTION_FORM);
    expect(initialScheduleForm({ reserveEnabled: true }, false).auctionType).toBe('standard');
  });
});

describe('toScheduleAuctionPayload', () => {
  it('parses numbers, sends ISO times and leaves out unused prices', () => {
    const payload = toScheduleAuctionPayload({ ...valid, buyItNowPrice: '750.50', reservePrice: '900', location: ' Leeds ' }, ALLOW);
    expect(payload).toEqual({
      title: 'T5 gearbox',
      description: 'Rebuilt last year',
      partId: valid.partId,
      auctionType: 'standard',
      startingBid: 500,
      buyItNowPrice: 750.5,
      bidIncrement: 10,
      startTime: new Date(NOW.getTime() + 120 * 60_000).toISOString(),
      endTime: new Date(NOW.getTime() + 24 * 60 * 60_000).toISOString(),
      autoExtendTrigger: 120,
      autoExtendTime: 120,
      maxExtensions: 3,
      autoRelist: false,
      maxRelists: 3,
      relistPriceReduction: 0,
      relistDelay: 24,
      location: 'Leeds',
    });
  });
  it('sends the reserve for a reserve auction and drops Buy It Now when not allowed', () => {
    const payload = toScheduleAuctionPayload(
      { ...valid, auctionType: 'reserve', reservePrice: '900', buyItNowPrice: '1200' },
      { ...ALLOW, allowBuyItNow: false },
    );
    expect(payload.auctionType).toBe('reserve');
    expect(payload.reservePrice).toBe(900);
    expect(payload.buyItNowPrice).toBeUndefined();
  });
});
