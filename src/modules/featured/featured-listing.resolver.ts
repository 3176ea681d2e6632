import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { AuctionsApi, type AuctionDto } from '../auctions/index.js';
import { CatalogApi, type PartDto } from '../catalog/index.js';
import { ReverseApi, type ReverseAuctionDto } from '../reverse/index.js';
import type { FeaturedAuctionDto, FeaturedListingType, FeaturedPartDto, FeaturedReverseAuctionDto } from './featured-listing.dto.js';
import { isListingLive } from './featured.rules.js';

/** A placement's reference. */
export interface ListingRef {
  listingType: FeaturedListingType;
  partId: string | null;
  auctionId: string | null;
  reverseAuctionId: string | null;
}

/** What a placement's listing is now: its card, whether it may still be shown, its title and owner. */
export interface ResolvedListing {
  live: boolean;
  title: string | null;
  ownerId: string | null;
  part: FeaturedPartDto | null;
  auction: FeaturedAuctionDto | null;
  reverseAuction: FeaturedReverseAuctionDto | null;
}

const MISSING: ResolvedListing = { live: false, title: null, ownerId: null, part: null, auction: null, reverseAuction: null };

const partCard = (p: PartDto): FeaturedPartDto => ({
  id: p.id,
  title: p.title,
  description: p.description,
  category: p.category,
  categoryName: p.categoryName,
  make: p.make,
  makeName: p.makeName,
  condition: p.condition,
  price: p.price,
  location: p.location,
  sellerId: p.sellerId,
  images: p.images.slice(0, 1).map((i) => ({ url: i.thumbnailUrl ?? i.url, altText: i.altText })),
});

const auctionCard = (a: AuctionDto): FeaturedAuctionDto => ({
  id: a.id,
  title: a.title,
  description: a.description,
  status: a.status,
  startingBid: a.startingBid,
  currentBid: a.currentBid,
  totalBids: a.totalBids,
  startTime: a.startTime,
  endTime: a.endTime,
  images: a.images.slice(0, 1).map((i) => ({ url: i.thumbnailUrl ?? i.url, altText: i.altText })),
});

const requestCard = (r: ReverseAuctionDto): FeaturedReverseAuctionDto => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  partCategory: r.partCategory,
  maxBudget: r.maxBudget,
  currentLowestBid: r.currentLowestBid,
  totalBids: r.totalBids,
  startTime: r.startTime,
  endTime: r.endTime,
  images: r.images.slice(0, 1).map((i) => ({ url: i.url, altText: i.altText ?? r.title })),
});

/**
 * Reads the listings placements point at, through the catalog's, auctions' and reverse auctions' APIs (parts in
 * one call, auctions and requests side by side), and says which are still live.
 */
@injectable()
export class FeaturedListingResolver {
  constructor(
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(ReverseApi) private readonly reverse: ReverseApi,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The listing of each ref, in the same order. */
  async resolve(refs: readonly ListingRef[]): Promise<ResolvedListing[]> {
    const partIds = [...new Set(refs.filter((r) => r.listingType === 'part' && r.partId).map((r) => r.partId!))];
    const auctionIds = [...new Set(refs.filter((r) => r.listingType === 'auction' && r.auctionId).map((r) => r.auctionId!))];
    const requestIds = [...new Set(refs.filter((r) => r.listingType === 'reverse_auction' && r.reverseAuctionId).map((r) => r.reverseAuctionId!))];
    const [parts, auctions, requests] = await Promise.all([
      partIds.length ? this.catalog.findParts(partIds) : Promise.resolve([]),
      Promise.all(auctionIds.map((id) => this.auctions.findAuction(id, null))),
      Promise.all(requestIds.map((id) => this.reverse.findRequest(id, null))),
    ]);
    const partById = new Map(parts.map((p) => [p.id, p]));
    const auctionById = new Map(auctions.filter((a): a is AuctionDto => a !== null).map((a) => [a.id, a]));
    const requestById = new Map(requests.filter((r): r is ReverseAuctionDto => r !== null).map((r) => [r.id, r]));
    const now = this.clock.now();
    return refs.map((ref): ResolvedListing => {
      if (ref.listingType === 'part') {
        const p = ref.partId ? partById.get(ref.partId) : undefined;
        if (!p) return MISSING;
        return { ...MISSING, live: isListingLive({ type: 'part', part: p }, now), title: p.title, ownerId: p.sellerId, part: partCard(p) };
      }
      if (ref.listingType === 'auction') {
        const a = ref.auctionId ? auctionById.get(ref.auctionId) : undefined;
        if (!a) return MISSING;
        return { ...MISSING, live: isListingLive({ type: 'auction', status: a.status, endTime: a.endTime }, now), title: a.title, ownerId: a.sellerId, auction: auctionCard(a) };
      }
      const r = ref.reverseAuctionId ? requestById.get(ref.reverseAuctionId) : undefined;
      if (!r) return MISSING;
      return {
        ...MISSING,
        live: isListingLive({ type: 'reverse_auction', status: r.status, endTime: r.endTime }, now),
        title: r.title,
        ownerId: r.buyerId,
        reverseAuction: requestCard(r),
      };
    });
  }
}
