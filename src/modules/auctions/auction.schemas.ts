import { z } from 'zod';
import { blankable, dateTime, moneyCents, nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { AUCTION_FORM_LIMITS as LIMITS, AUCTION_FORM_MESSAGES as MESSAGES } from './auction.messages.js';

/** An optional amount: blank or null means none. */
const optionalMoney = (allowZero = false) => blankable(moneyCents('Must be an amount', allowZero).optional());

const requiredText = (message: string, max: number) =>
  z.preprocess((v: string) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message).max(max));

const intIn = ({ min, max }: { min: number; max: number }, message: string, fallback: number) =>
  blankable(numeric(z.number({ error: message }).int(message).min(min, message).max(max, message)).default(fallback));

/** The forward auction form (spec 001 §3/§5). sellerId, status and totals in the body are ignored. */
export const auctionCreateSchema = z.object({
  title: nameText(requiredText(MESSAGES.title, 200)),
  description: requiredText(MESSAGES.description, 10_000),
  partId: blankable(z.uuid({ error: MESSAGES.partId })),
  auctionType: z.enum(['standard', 'reserve']).default('standard'),
  startingBid: moneyCents(MESSAGES.startingBid),
  /** Absent: the admin's default increment. Above $0 (auctions stored with 0 earlier still use eBay's increment table). */
  bidIncrement: moneyCents(MESSAGES.bidIncrement, false, MESSAGES.bidIncrementAboveZero).optional(),
  reservePrice: optionalMoney(),
  buyItNowPrice: optionalMoney(),
  startTime: dateTime(MESSAGES.startTime),
  endTime: dateTime(MESSAGES.endTime),
  autoExtendTrigger: intIn(LIMITS.autoExtendTrigger, MESSAGES.autoExtendTrigger, 120),
  autoExtendTime: intIn(LIMITS.autoExtendTime, MESSAGES.autoExtendTime, 120),
  maxExtensions: intIn(LIMITS.maxExtensions, MESSAGES.maxExtensions, 3),
  autoRelist: z.boolean().default(false),
  maxRelists: intIn(LIMITS.maxRelists, MESSAGES.maxRelists, 3),
  relistPriceReduction: blankable(
    numeric(
      z
        .number({ error: MESSAGES.relistPriceReduction })
        .min(LIMITS.relistPriceReduction.min, MESSAGES.relistPriceReduction)
        .max(LIMITS.relistPriceReduction.max, MESSAGES.relistPriceReduction)
        .multipleOf(0.1, MESSAGES.relistPriceReductionStep),
    ).default(0),
  ),
  relistDelay: intIn(LIMITS.relistDelay, MESSAGES.relistDelay, 24),
  shippingCost: optionalMoney(true),
  condition: blankable(z.string().trim().max(100).optional()),
  location: blankable(z.string().trim().max(200).optional()),
});
export type AuctionCreateInput = z.infer<typeof auctionCreateSchema>;

export const bidSchema = z.object({
  bidAmount: moneyCents(MESSAGES.bidAmount),
  maxBidAmount: optionalMoney(),
});
export type BidInput = z.infer<typeof bidSchema>;

export const AUCTION_STATUSES = ['scheduled', 'active', 'ended', 'pending', 'cancelled'] as const;
export const auctionListQuery = z.object({
  status: z.enum(AUCTION_STATUSES).optional(),
  sellerId: z.uuid({ error: 'Not a valid id' }).optional(),
  sort: z.enum(['endTime', 'currentBid', 'totalBids', 'watchers', 'createdAt']).default('endTime'),
  order: z.enum(['asc', 'desc']).optional(),
  limit: numeric(z.number().int().min(1).max(100)).default(20),
  offset: numeric(z.number().int().min(0)).default(0),
});
export type AuctionListQuery = z.infer<typeof auctionListQuery>;

export const bidListQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).default(20),
  offset: numeric(z.number().int().min(0)).default(0),
});

/** Idempotency-Key header: printable, up to 200 characters. */
export const idempotencyKey = z.string().trim().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');
