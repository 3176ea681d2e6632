/** The "Regular Auction" form of /schedule-auction (spec 001 §5 "Forward auction form"). */

import type { FieldErrors } from '../../lib/form';
import { AUCTION_FORM_LIMITS as LIMITS, AUCTION_FORM_MESSAGES as MESSAGES } from '../../../modules/auctions/auction.messages';
import type { AuctionCreateInput } from '../../../modules/auctions/auctions.inputs';

export const MIN_LEAD_MINUTES = 60;
export const MIN_DURATION_MINUTES = 60;

export interface ScheduleAuctionForm {
  title: string;
  description: string;
  partId: string;
  auctionType: 'standard' | 'reserve';
  startingBid: string;
  reservePrice: string;
  buyItNowPrice: string;
  bidIncrement: string;
  /** datetime-local values ("2026-11-23T15:30"), local time. */
  startTime: string;
  endTime: string;
  autoExtendTrigger: string;
  autoExtendTime: string;
  maxExtensions: string;
  autoRelist: boolean;
  maxRelists: string;
  relistPriceReduction: string;
  relistDelay: string;
  shippingCost: string;
  condition: string;
  location: string;
}

export type ScheduleAuctionField = keyof ScheduleAuctionForm;
export type ScheduleAuctionErrors = FieldErrors<ScheduleAuctionForm>;

export const EMPTY_SCHEDULE_AUCTION_FORM: ScheduleAuctionForm = {
  title: '',
  description: '',
  partId: '',
  auctionType: 'standard',
  startingBid: '',
  reservePrice: '',
  buyItNowPrice: '',
  bidIncrement: '10.00',
  startTime: '',
  endTime: '',
  autoExtendTrigger: '120',
  autoExtendTime: '120',
  maxExtensions: '3',
  autoRelist: false,
  maxRelists: '3',
  relistPriceReduction: '0',
  relistDelay: '24',
  shippingCost: '',
  condition: '',
  location: '',
};

/** The admin's defaults for a new auction (GET /api/auction-settings/public `defaults`). */
export interface ScheduleDefaults {
  bidIncrement?: string | number;
  autoExtendTrigger?: number;
  autoExtendTime?: number;
  maxExtensions?: number;
  maxRelists?: number;
  relistPriceReduction?: number;
  relistDelay?: number;
  reserveEnabled?: boolean;
}

/** The empty form with the admin's defaults filled in (the spec's defaults where the server gives none). */
export function initialScheduleForm(defaults: ScheduleDefaults | undefined, allowReserve: boolean): ScheduleAuctionForm {
  const form = { ...EMPTY_SCHEDULE_AUCTION_FORM };
  if (!defaults) return form;
  const increment = Number(defaults.bidIncrement);
  if (defaults.bidIncrement !== undefined && Number.isFinite(increment)) form.bidIncrement = increment.toFixed(2);
  const ints: Array<[keyof ScheduleDefaults & keyof ScheduleAuctionForm, unknown]> = [
    ['autoExtendTrigger', defaults.autoExtendTrigger],
    ['autoExtendTime', defaults.autoExtendTime],
    ['maxExtensions', defaults.maxExtensions],
    ['maxRelists', defaults.maxRelists],
    ['relistDelay', defaults.relistDelay],
    ['relistPriceReduction', defaults.relistPriceReduction],
  ];
  for (const [field, value] of ints) {
    if (typeof value === 'number' && Number.isFinite(value)) form[field] = String(value);
  }
  if (defaults.reserveEnabled && allowReserve) form.auctionType = 'reserve';
  return form;
}

/** What the server allows, from GET /api/auction-settings/public. */
export interface PricingAllowances {
  allowReservePrices: boolean;
  allowBuyItNow: boolean;
  /** BIN must be at least this multiple of the starting bid. */
  minBuyItNowMultiplier: number;
  /** The server's limit on reserve prices (spec 001 §9); the server enforces it and explains a refusal. */
  maxReservePercentage: number;
  /** Seconds. */
  minimumAuctionDuration: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a datetime-local value in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read as local time; null when unreadable. */
export function parseDateTimeLocal(value: string): Date | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The earliest start offered: now + 60 minutes. */
export function minStartTime(now: Date): string {
  return toDateTimeLocal(new Date(now.getTime() + MIN_LEAD_MINUTES * 60_000));
}

/** The earliest end offered: start + 1 hour (or the minimum duration when longer); from the minimum start when no start yet. */
export function minEndTime(startTime: string, now: Date, minimumDurationSeconds = 0): string {
  const start = parseDateTimeLocal(startTime) ?? new Date(now.getTime() + MIN_LEAD_MINUTES * 60_000);
  const gapMs = Math.max(MIN_DURATION_MINUTES * 60_000, minimumDurationSeconds * 1000);
  return toDateTimeLocal(new Date(start.getTime() + gapMs));
}

function isAmount(text: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(text.trim());
}

function amountCents(text: string): number {
  return Math.round(Number(text.trim()) * 100);
}

/** The server's sentence for a whole number out of { min, max } (or not one). */
function checkInteger(value: string, { min, max }: { min: number; max: number }, message: string): string | undefined {
  const n = Number(value.trim());
  if (!value.trim() || !Number.isInteger(n) || n < min || n > max) return message;
  return undefined;
}

/** Field errors of the form (empty object when it can be sent). Times are checked separately (toasts). */
export function validateScheduleAuction(form: ScheduleAuctionForm, allow: PricingAllowances): ScheduleAuctionErrors {
  const errors: ScheduleAuctionErrors = {};
  if (!form.title.trim()) errors.title = MESSAGES.title;
  if (!form.description.trim()) errors.description = MESSAGES.description;
  if (!form.partId) errors.partId = MESSAGES.partId;

  if (!form.startingBid.trim()) errors.startingBid = MESSAGES.startingBid;
  else if (!isAmount(form.startingBid) || amountCents(form.startingBid) <= 0)
    errors.startingBid = 'Starting bid must be an amount above $0';

  if (!form.bidIncrement.trim()) errors.bidIncrement = MESSAGES.bidIncrement;
  else if (!isAmount(form.bidIncrement)) errors.bidIncrement = 'Bid increment must be an amount in dollars';
  else if (amountCents(form.bidIncrement) <= 0) errors.bidIncrement = MESSAGES.bidIncrementAboveZero;

  if (!form.startTime) errors.startTime = MESSAGES.startTime;
  if (!form.endTime) errors.endTime = MESSAGES.endTime;

  const startCents = errors.startingBid ? null : amountCents(form.startingBid);
  if (form.auctionType === 'reserve' && allow.allowReservePrices) {
    if (!form.reservePrice.trim()) errors.reservePrice = 'Reserve price is required for a reserve auction';
    else if (!isAmount(form.reservePrice) || amountCents(form.reservePrice) <= 0)
      errors.reservePrice = 'Reserve price must be an amount above $0';
  }
  if (allow.allowBuyItNow && form.buyItNowPrice.trim()) {
    if (!isAmount(form.buyItNowPrice)) errors.buyItNowPrice = 'Buy It Now price must be an amount in dollars';
    else if (startCents !== null) {
      const minimum = Math.round(startCents * allow.minBuyItNowMultiplier);
      if (amountCents(form.buyItNowPrice) < minimum)
        errors.buyItNowPrice = `Buy It Now price must be at least ${allow.minBuyItNowMultiplier}× the starting bid`;
    }
  }
  if (form.shippingCost.trim() && !isAmount(form.shippingCost))
    errors.shippingCost = 'Shipping cost must be an amount in dollars';

  const trigger = checkInteger(form.autoExtendTrigger, LIMITS.autoExtendTrigger, MESSAGES.autoExtendTrigger);
  if (trigger) errors.autoExtendTrigger = trigger;
  const extendTime = checkInteger(form.autoExtendTime, LIMITS.autoExtendTime, MESSAGES.autoExtendTime);
  if (extendTime) errors.autoExtendTime = extendTime;
  const maxExtensions = checkInteger(form.maxExtensions, LIMITS.maxExtensions, MESSAGES.maxExtensions);
  if (maxExtensions) errors.maxExtensions = maxExtensions;

  if (form.autoRelist) {
    const relists = checkInteger(form.maxRelists, LIMITS.maxRelists, MESSAGES.maxRelists);
    if (relists) errors.maxRelists = relists;
    const reduction = Number(form.relistPriceReduction.trim());
    const { min, max } = LIMITS.relistPriceReduction;
    if (!form.relistPriceReduction.trim() || !Number.isFinite(reduction) || reduction < min || reduction > max)
      errors.relistPriceReduction = MESSAGES.relistPriceReduction;
    else if (Math.round(reduction * 10) !== reduction * 10) errors.relistPriceReduction = MESSAGES.relistPriceReductionStep;
    const delay = checkInteger(form.relistDelay, LIMITS.relistDelay, MESSAGES.relistDelay);
    if (delay) errors.relistDelay = delay;
  }
  return errors;
}

export type TimeCheck = { ok: true } | { ok: false; title: 'Invalid Start Time' | 'Invalid End Time'; message: string };

/** Spec 001 §8 toasts: the start must be in the future and the end after the start. */
export function checkScheduleTimes(startTime: string, endTime: string, now: Date): TimeCheck {
  const start = parseDateTimeLocal(startTime);
  const end = parseDateTimeLocal(endTime);
  if (!start || start.getTime() <= now.getTime())
    return { ok: false, title: 'Invalid Start Time', message: 'Start time must be in the future' };
  if (!end || end.getTime() <= start.getTime())
    return { ok: false, title: 'Invalid End Time', message: 'End time must be after start time' };
  return { ok: true };
}

const intOr = (text: string, fallback: number) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : fallback;
};

/** The POST /api/auctions body: numbers parsed, times as ISO strings, unused pricing left out. */
export function toScheduleAuctionPayload(form: ScheduleAuctionForm, allow: PricingAllowances): AuctionCreateInput {
  const auctionType = form.auctionType === 'reserve' && allow.allowReservePrices ? 'reserve' : 'standard';
  const payload: AuctionCreateInput = {
    title: form.title.trim(),
    description: form.description.trim(),
    partId: form.partId,
    auctionType,
    startingBid: Number(form.startingBid.trim()),
    bidIncrement: Number(form.bidIncrement.trim()),
    startTime: parseDateTimeLocal(form.startTime)?.toISOString() ?? '',
    endTime: parseDateTimeLocal(form.endTime)?.toISOString() ?? '',
    autoExtendTrigger: intOr(form.autoExtendTrigger, 120),
    autoExtendTime: intOr(form.autoExtendTime, 120),
    maxExtensions: intOr(form.maxExtensions, 3),
    autoRelist: form.autoRelist,
    maxRelists: intOr(form.maxRelists, 3),
    relistPriceReduction: Number(form.relistPriceReduction.trim() || '0'),
    relistDelay: intOr(form.relistDelay, 24),
  };
  if (auctionType === 'reserve' && form.reservePrice.trim()) payload.reservePrice = Number(form.reservePrice.trim());
  if (allow.allowBuyItNow && form.buyItNowPrice.trim()) payload.buyItNowPrice = Number(form.buyItNowPrice.trim());
  if (form.shippingCost.trim()) payload.shippingCost = Number(form.shippingCost.trim());
  if (form.condition) payload.condition = form.condition;
  if (form.location.trim()) payload.location = form.location.trim();
  return payload;
}
