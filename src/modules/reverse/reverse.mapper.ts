import { formatCents, storedCents } from '../../platform/money.js';
import type { SellerQuoteProfile } from '../sellers/index.js';
import type { ReverseAuction } from './reverse-auction.entity.js';
import type { ReverseAuctionDto, ReverseBidDto } from './reverse.dto.js';
import type { ReverseQuote } from './quote.entity.js';
import { awardDeadline, displayStatus, maximumQuote } from './reverse.rules.js';

/** A stored amount in cents (null stays null). */
export const cents = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : storedCents(value));
/** Cents as a decimal string (null stays null). */
export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));
/** A stored amount, as the API writes money ("1234.50"). */
export const amount = (value: string | null | undefined): string | null => money(cents(value));

/** What the quote ceiling is computed from, in cents. */
export const budgetOf = (r: Pick<ReverseAuction, 'maxBudget' | 'currentLowestBid' | 'minBidDecrement'>) => ({
  maxBudget: cents(r.maxBudget)!,
  currentLowestBid: cents(r.currentLowestBid),
  minBidDecrement: cents(r.minBidDecrement)!,
});

/** A request as the API answers it at `now`; `watching` for the signed-in viewer. */
export function toReverseAuctionDto(r: ReverseAuction, watching: boolean, now: Date): ReverseAuctionDto {
  const open = r.status === 'active' && now.getTime() < r.endTime.getTime();
  const ceiling = maximumQuote(budgetOf(r));
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    buyerId: r.buyerId,
    partCategory: r.partCategory,
    make: r.make ?? null,
    model: r.model ?? null,
    yearStart: r.yearStart ?? null,
    yearEnd: r.yearEnd ?? null,
    condition: r.condition ?? null,
    maxBudget: amount(r.maxBudget)!,
    currentLowestBid: amount(r.currentLowestBid),
    minBidDecrement: amount(r.minBidDecrement)!,
    maximumQuote: open || r.status === 'scheduled' ? money(ceiling) : null,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    location: r.location ?? null,
    shippingPreference: r.shippingPreference,
    urgency: r.urgency,
    status: r.status,
    displayStatus: displayStatus(r, now),
    awardStatus: r.awardStatus ?? null,
    awardDeadline: r.status === 'ended' ? (awardDeadline(r.endedAt ?? null)?.toISOString() ?? null) : null,
    winningBidderId: r.winningBidderId ?? null,
    winningBidId: r.winningBidId ?? null,
    totalBids: r.totalBids,
    watchers: r.watchers,
    images: r.images,
    autoRelist: r.autoRelist,
    relistCount: r.relistCount,
    maxRelists: r.maxRelists,
    relistBudgetIncrease: r.relistBudgetIncrease,
    relistDelay: r.relistDelay,
    relistedFrom: r.relistedFrom ?? null,
    alertIfUnfilled: r.alertIfUnfilled,
    endedAt: r.endedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    isWatching: watching,
  };
}

/**
 * A quote as `viewerId` may see it: `public` is amounts and times only; `full` adds the seller (their storefront
 * profile, or `name` for a seller without one) and the quote's details.
 */
export function toReverseBidDto(q: ReverseQuote, view: 'full' | 'public', viewerId: string | undefined, profile?: SellerQuoteProfile, name?: string): ReverseBidDto {
  const base: ReverseBidDto = {
    id: q.id,
    bidAmount: amount(q.bidAmount)!,
    createdAt: q.createdAt.toISOString(),
    isWinning: q.isWinning,
    isMine: viewerId === q.sellerId,
  };
  if (view === 'public') return base;
  return {
    ...base,
    sellerId: q.sellerId,
    sellerName: profile?.businessName ?? name ?? 'Seller',
    storefrontSlug: profile?.storefrontSlug ?? null,
    sellerRating: profile?.rating ?? 0,
    sellerReviews: profile?.totalReviews ?? 0,
    partCondition: q.partCondition ?? null,
    partLocation: q.partLocation ?? null,
    estimatedShipping: amount(q.estimatedShipping),
    availabilityDate: q.availabilityDate ?? null,
    notes: q.notes ?? null,
    images: q.images,
  };
}
