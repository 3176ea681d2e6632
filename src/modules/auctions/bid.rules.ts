import { LOCK_POOL_CONNECTIONS } from '../../platform/db/pg-transaction.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { BidderDto } from '../accounts/index.js';
import type { ActivityData, ActivityType } from './auction.dto.js';
import type { AllSettings, BidderSettings } from './auction-settings.schemas.js';
import { money, type AuctionRow } from './auction.row.js';
import { maskName, nextMinimum, ownIncrement } from './auction.rules.js';
import type { BidInput } from './auction.schemas.js';
import { placeBid, type StandingMax } from './proxy-engine.js';

/**
 * The bid rules, pure (no clock, no database): who may bid, what the locked auction allows, and what one bid
 * does to it (the proxy engine's answer, the anti-sniping extension, the rows and activity to store).
 */

export const BID_MESSAGES = {
  notActive: 'This auction is not open for bidding yet',
  ended: 'This auction has ended',
  ownAuction: 'You cannot bid on your own auction',
  blocked: 'You are not allowed to bid on auctions',
  verification: 'Please verify your email address before bidding',
  country: 'Bidding is not available in your country',
  approval: 'Bidding requires approval by an admin; contact support to be approved for this auction',
  suspicious: 'Bidding is paused on your account while it is reviewed',
  unpaid: 'Bidding is blocked on your account because of unpaid items; contact support',
  proxyOff: 'Proxy bidding is not allowed on this auction',
  maxBelowBid: 'Maximum bid must be at least the bid amount',
  binUnavailable: 'Buy It Now is no longer available for this auction',
  ownBin: 'You cannot buy your own auction',
} as const;

export const HOUR = 60 * 60 * 1000;

/** The most bids of one auction that one transaction takes. */
export const MAX_BATCH = 50;
/** Bid transactions one process runs at once: one per connection of the lock pool. */
export const MAX_BID_TRANSACTIONS = LOCK_POOL_CONNECTIONS;
/** Auctions whose batches share one bid transaction at most. */
export const MAX_AUCTIONS_PER_TRANSACTION = 16;

/** The request facts stored with a bid; the Idempotency-Key header, if any. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  idempotencyKey?: string;
}

/** One bid as the rules see it: the input, who bids (checked eligible), the settings it was checked against. */
export interface BidRequest {
  auctionId: string;
  input: BidInput;
  bidderId: string;
  meta: RequestMeta;
  settings: AllSettings;
  user: BidderDto;
}

export type ActivityItem = { type: ActivityType; data: ActivityData };

/** A bid row to store, in the shape auction_apply_bid reads. */
export interface BidRow {
  bidderId: string;
  amount: string | null;
  type: string;
  max: string | null;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}

/** What the rules and the proxy engine decided for one accepted bid. */
export interface BidDecision {
  request: BidRequest;
  rows: BidRow[];
  /** The bidder's own row among `rows`. */
  ownIndex: number;
  ownAmount: number;
  items: ActivityItem[];
  leaderId: string;
  /** Who was outbid (the bidder themselves when a proxy answered at once). */
  outbid: string | null;
  extended: boolean;
  before: AuctionRow;
  after: AuctionRow;
  maxima: StandingMax[];
}

export function tooLow(minimumCents: number): AppError {
  const message = `Minimum bid is ${money(minimumCents)}`;
  return new AppError('invalid', 'bid_too_low', message, { bidAmount: message });
}

/** The admin's bidder rules, which do not depend on the auction's state (checked before the lock). */
export function checkBidder(user: BidderDto, bidder: BidderSettings, now: Date): void {
  if (bidder.blockedBidders.some((b) => b.toLowerCase() === user.username.toLowerCase())) throw Errors.forbidden(BID_MESSAGES.blocked);
  if (bidder.requireBidderVerification && !user.isVerified) throw Errors.forbidden(BID_MESSAGES.verification);
  const ageHours = (now.getTime() - new Date(user.createdAt).getTime()) / HOUR;
  if (ageHours < bidder.minAccountAgeHours) {
    throw Errors.forbidden(`Your account must be at least ${bidder.minAccountAgeHours} hours old to bid`);
  }
  if (bidder.allowedCountries.length && !bidder.allowedCountries.some((c) => c.toLowerCase() === user.country.toLowerCase())) {
    throw Errors.forbidden(BID_MESSAGES.country);
  }
  if (bidder.patternAnalysisEnabled && user.suspiciousActivityScore >= bidder.maxSuspiciousScore) {
    throw Errors.forbidden(BID_MESSAGES.suspicious);
  }
}

/** A maximum below the bid itself is refused before anything else. */
export function checkMaximum(input: BidInput): void {
  if (input.maxBidAmount !== undefined && input.maxBidAmount < input.bidAmount) {
    throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
  }
}

/** Rules that depend on the (locked) auction; `ownMessage` refuses the seller. */
export function checkAuction(a: AuctionRow, userId: string, settings: AllSettings, now: Date, ownMessage: string): void {
  if (a.sellerId === userId) throw Errors.forbidden(ownMessage);
  if (a.status === 'ended' || (a.status === 'active' && now.getTime() >= a.endTime.getTime())) {
    throw Errors.conflict('auction_ended', BID_MESSAGES.ended);
  }
  if (a.status !== 'active') throw Errors.conflict('auction_not_active', BID_MESSAGES.notActive);
  if (settings.bidder.requireApproval && !a.allowedBidders.includes(userId)) throw Errors.forbidden(BID_MESSAGES.approval);
}

/** A proxy maximum needs proxy bidding allowed by the auction and the admin. */
export function checkProxy(a: AuctionRow, input: BidInput, settings: AllSettings): void {
  if (input.maxBidAmount !== undefined && input.maxBidAmount > input.bidAmount && (!a.allowProxy || !settings.auction.allowProxy)) {
    throw Errors.invalid('proxy_not_allowed', BID_MESSAGES.proxyOff, { maxBidAmount: BID_MESSAGES.proxyOff });
  }
}

/**
 * A "too low" refusal against a state known to be committed, or null when only the locked path can decide.
 * The price and the bid count never go down, so a bid below the minimum of a committed state is lower still
 * under the lock; other refusals could be stale (another process may have extended the end).
 */
export function refusedEarly(seen: AuctionRow, request: Pick<BidRequest, 'input' | 'bidderId' | 'settings'>, now: Date): AppError | null {
  try {
    checkAuction(seen, request.bidderId, request.settings, now, BID_MESSAGES.ownAuction);
    checkProxy(seen, request.input, request.settings);
  } catch {
    return null;
  }
  const minimum = nextMinimum(seen);
  return request.input.bidAmount < minimum ? tooLow(minimum) : null;
}

/** The sequence number of the batch's bid at `index`: later than every stored bid, in arrival order. */
export const batchSeq = (index: number): number => Number.MAX_SAFE_INTEGER - MAX_BATCH + index;

/** The rules and the proxy engine for one bid on the auction's current state; throws its refusal. */
export function decide(a: AuctionRow, maxima: StandingMax[], request: BidRequest, now: Date, seq: number): BidDecision {
  const { input, bidderId, meta, settings, user } = request;
  checkAuction(a, bidderId, settings, now, BID_MESSAGES.ownAuction);
  checkProxy(a, input, settings);
  const outcome = placeBid(
    { startingBidCents: a.startingBid, incrementCents: ownIncrement(a), reserveCents: a.reservePrice, currentBidCents: a.currentBid, totalBids: a.totalBids, maxima },
    { bidderId, bidCents: input.bidAmount, maxCents: input.maxBidAmount ?? null, seq },
  );
  if (!outcome.ok) {
    if (outcome.reason === 'below_minimum') throw tooLow(outcome.minimumCents);
    if (outcome.reason === 'already_leading') {
      const message = `You are already the highest bidder; to raise your maximum, offer more than ${money(outcome.maxCents)}`;
      throw new AppError('invalid', 'already_leading', message, { maxBidAmount: message });
    }
    throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
  }

  // Anti-sniping: a bid in the last `autoExtendTrigger` seconds moves the end.
  let endTime = a.endTime;
  let extensions = a.currentExtensions;
  const extended = a.autoExtendTime > 0 && extensions < a.maxExtensions && now.getTime() >= a.endTime.getTime() - a.autoExtendTrigger * 1000;
  if (extended) {
    endTime = new Date(a.endTime.getTime() + a.autoExtendTime * 1000);
    extensions++;
  }

  // The bid's activity (bid, outbid, extension), stored and announced with the bid.
  const ownIndex = outcome.records.findIndex((r) => r.bidderId === bidderId && r.type === 'regular');
  const ownAmount = outcome.records[ownIndex]!.amountCents;
  const previous = money(a.currentBid)!;
  const current = money(outcome.state.currentBidCents)!;
  const items: ActivityItem[] = [
    { type: 'bid', data: { username: maskName(user.username), amount: money(ownAmount)!, previousHighBid: previous, currentBid: current } },
  ];
  const outbid = outcome.outbidAtOnce ? bidderId : outcome.outbidId;
  if (outbid) items.push({ type: 'outbid', data: { previousHighBid: previous, currentBid: current } });
  if (extended) items.push({ type: 'extension', data: { extensionTime: a.autoExtendTime, currentBid: current } });

  // The engine's rows in order; auction_apply_bid flags the leader's last row as the winning one.
  const rows = outcome.records.map((record, i) => ({
    bidderId: record.bidderId,
    amount: money(record.amountCents),
    type: record.type,
    max: money(record.maxCents),
    ip: i === ownIndex ? (meta.ip ?? null) : null,
    country: i === ownIndex ? user.country : null,
    userAgent: i === ownIndex ? (meta.userAgent?.slice(0, 500) ?? null) : null,
  }));
  return {
    request,
    rows,
    ownIndex,
    ownAmount,
    items,
    leaderId: outcome.leaderId,
    outbid,
    extended,
    before: a,
    after: { ...a, currentBid: outcome.state.currentBidCents, totalBids: outcome.state.totalBids, endTime, currentExtensions: extensions },
    maxima: outcome.state.maxima,
  };
}
