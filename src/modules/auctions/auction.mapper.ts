import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import type { PartDto } from '../catalog/index.js';
import type { PricingSettings } from './auction-settings.schemas.js';
import type { AuctionDto, MyBidDto } from './auction.dto.js';
import { money, type AuctionRow, type Standing } from './auction.row.js';
import { buyItNowAvailable, nextMinimum, reserveMet } from './auction.rules.js';

/** Builds the auctions API's answers (declared in auction.dto.ts) from the rows. */

/** What an auction's answer depends on besides its row: who looks, the pricing settings, and what was read beside it. */
export interface AuctionView {
  viewer: Actor | null;
  pricing: PricingSettings;
  now: Date;
  sellerName: string;
  watching: boolean;
  part: PartDto | undefined;
  standing: Standing | undefined;
}

/** The viewer's own standing; once the auction has a winner (a sale or Buy It Now), leading means being that winner. */
function myBid(a: AuctionRow, viewerId: string, standing: Standing | undefined): MyBidDto | null {
  if (!standing) return null;
  const isLeading = a.status === 'ended' && a.winnerId !== null ? a.winnerId === viewerId : standing.leading;
  return { maxBid: money(standing.maxCents)!, isLeading };
}

/** One auction as `view.viewer` may see it: the reserve per the visibility setting, their own standing only. */
export function toAuctionDto(a: AuctionRow, view: AuctionView): AuctionDto {
  const { viewer, pricing, sellerName, watching, part, standing, now } = view;
  const privileged = !!viewer && (viewer.id === a.sellerId || hasRole(viewer.role, 'admin'));
  const visibility = privileged ? 'full' : pricing.reservePriceVisibility;
  return {
    id: a.id,
    partId: a.partId,
    sellerId: a.sellerId,
    sellerName,
    title: a.title,
    description: a.description,
    auctionType: a.auctionType,
    status: a.status,
    startingBid: money(a.startingBid)!,
    currentBid: money(a.currentBid)!,
    bidIncrement: money(a.bidIncrement)!,
    reservePrice: visibility === 'full' ? money(a.reservePrice) : null,
    hasReserve: a.reservePrice !== null,
    reserveMet: visibility === 'hidden' ? null : reserveMet(a),
    buyItNowPrice: money(a.buyItNowPrice),
    buyItNowAvailable: buyItNowAvailable(a, pricing, now),
    minimumNextBid: money(nextMinimum(a))!,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    winnerId: a.winnerId,
    totalBids: a.totalBids,
    watchers: a.watchers,
    extensions: a.currentExtensions,
    autoExtendTrigger: a.autoExtendTrigger,
    autoExtendTime: a.autoExtendTime,
    maxExtensions: a.maxExtensions,
    autoRelist: a.autoRelist,
    relistCount: a.relistCount,
    maxRelists: a.maxRelists,
    relistPriceReduction: a.relistPriceReduction,
    relistDelay: a.relistDelay,
    relistedFrom: a.relistedFrom,
    allowProxy: a.allowProxy,
    shippingCost: money(a.shippingCost),
    condition: a.conditions,
    location: a.location,
    isWatching: watching,
    myBid: viewer ? myBid(a, viewer.id, standing) : null,
    images: (part?.images ?? []).map((i) => ({
      url: i.url,
      altText: i.altText,
      isPrimary: i.isPrimary,
      ...(i.thumbnailUrl ? { thumbnailUrl: i.thumbnailUrl } : {}),
    })),
    partNumber: part?.partNumber ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}
