import { z } from 'zod';
import { blankToUndefined, dateTime, moneyCents, nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { BID_INCREMENT_ABOVE_ZERO } from './auction-settings.schemas.js';

/** An optional amount: blank or null means none. */
const optionalMoney = (allowZero = false) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), moneyCents('Must be an amount', allowZero).optional());


const requiredText = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message).max(max));

const intIn = (min: number, max: number, message: string, fallback: number) =>
  z.preprocess(blankToUndefined, numeric(z.number({ error: message }).int(message).min(min, message).max(max, message)).default(fallback));

/** The forward auction form (spec 001 §3/§5). sellerId, status and totals in the body are ignored. */
export const auctionCreateSchema = z.object({
  title: nameText(requiredText('Title is required', 200)),
  description: requiredText('Description is required', 10_000),
  partId: z.preprocess(blankToUndefined, z.uuid({ error: 'Part selection is required' })),
  auctionType: z.enum(['standard', 'reserve']).default('standard'),
  startingBid: moneyCents('Starting bid is required'),
  /** Absent: the admin's default increment. Above $0 (auctions stored with 0 earlier still use eBay's increment table). */
  bidIncrement: moneyCents('Bid increment is required', false, BID_INCREMENT_ABOVE_ZERO).optional(),
  reservePrice: optionalMoney(),
  buyItNowPrice: optionalMoney(),
  startTime: dateTime('Start time is required'),
  endTime: dateTime('End time is required'),
  autoExtendTrigger: intIn(0, 86400, 'Auto-extend trigger must be 0 to 86400 seconds', 120),
  autoExtendTime: intIn(0, 86400, 'Auto-extend time must be 0 to 86400 seconds', 120),
  maxExtensions: intIn(0, 100, 'Max extensions must be 0 to 100', 3),
  autoRelist: z.boolean().default(false),
  maxRelists: intIn(1, 10, 'Max relists must be between 1 and 10', 3),
  relistPriceReduction: z.preprocess(
    blankToUndefined,
    numeric(
      z
        .number({ error: 'Price reduction must be between 0 and 50 percent' })
        .min(0, 'Price reduction must be between 0 and 50 percent')
        .max(50, 'Price reduction must be between 0 and 50 percent')
        .multipleOf(0.1, 'Price reduction takes one decimal'),
    ).default(0),
  ),
  relistDelay: intIn(1, 168, 'Relist delay must be between 1 and 168 hours', 24),
  shippingCost: optionalMoney(true),
  condition: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  location: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
});
export type AuctionCreateInput = z.infer<typeof auctionCreateSchema>;

export const bidSchema = z.object({
  bidAmount: moneyCents('Bid amount is required'),
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
