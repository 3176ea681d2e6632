import { inject, injectable } from 'inversify';

import { Part } from './part.entity.js';
import type { PartDto } from './part.dto.js';
import { fixedPriceAvailability, type FixedPriceAvailability } from './part.availability.js';
import { PartSaleService } from './part-sale.service.js';
import { PartService } from './part.service.js';
import { PartHolds } from './part.holds.js';
import { decimalString } from './part.mapper.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/uuid.js';
import type { Actor } from '../../platform/http/auth.js';
import type { EvidenceKey } from './fitment-evidence.port.js';
import { readEvidenceKeys } from './fitment-evidence.sql.js';
import { readLiveListings, readPartCards, sellerPartCategories, sellerPartCounts, sellersListingIds } from './part.repository.js';

/** Listing figures of one seller (by the seller's user id). */
export interface SellerPartStats {
  /** Every listing the seller ever created, in any state. */
  listed: number;
  /** Public listings: active and approved. */
  active: number;
  /** Public listings that are featured. */
  featured: number;
  /** Distinct categories of the public listings, by name. */
  categories: { slug: string; name: string }[];
}

/**
 * A seller's fixed-price listings whose listing ended in a period: sold (by an order, an auction win or the
 * seller's mark) or withdrawn by the seller after going live. `sold` counts among those `ended`.
 */
export interface ListingOutcomes {
  ended: number;
  sold: number;
}

/** A public part with the figures the console's Active Listings Analysis shows (money as exact strings). */
export interface LiveListingFacts {
  partId: string;
  title: string;
  sellerId: string;
  category: string;
  categoryName: string;
  condition: string;
  location: string;
  description: string;
  price: string;
  listedAt: string;
  /** Buyers who saved the part (favorites). */
  watchers: number;
  /** The median price of the public parts of the same category and condition. */
  categoryMedian: string;
}

/** What a small card of a part needs (the inbox's related item): cheaper than a PartDto. */
export interface PartCardFacts {
  id: string;
  sellerId: string;
  title: string;
  /** The primary photo's thumbnail (or the photo), or null. */
  imageUrl: string | null;
  price: string;
  isActive: boolean;
  isApproved: boolean;
  isSold: boolean;
  activeAuctionId: string | null;
}

/** What other modules may ask of the catalog. */
export abstract class CatalogApi {
  /** Parts by id in any state (callers apply their own visibility rules); unknown ids are left out. */
  abstract findParts(ids: string[]): Promise<PartDto[]>;
  /** A page of a seller's public (active, approved) parts, newest first, with the total. */
  abstract publicPartsOfSeller(sellerUserId: string, page: { limit: number; offset: number }): Promise<{ rows: PartDto[]; total: number }>;
  /** Listing figures per seller user id (every id given gets an entry). */
  abstract sellerPartStats(sellerUserIds: string[]): Promise<Map<string, SellerPartStats>>;
  /**
   * A page of the user ids of sellers with a public listing in the category or of the make (each matched by name
   * or slug, without case), ascending after `afterUserId`: the reverse auctions' matching sellers.
   */
  abstract sellersListing(match: { category: string | null; make: string | null }, afterUserId: string | null, limit: number): Promise<string[]>;
  /**
   * Whether a part can be bought at its fixed price now (listed, unsold, under no open auction), and the auction
   * that holds it; null for an unknown id. The one rule the part page shows and orders must check.
   */
  abstract fixedPriceAvailability(partId: string): Promise<FixedPriceAvailability | null>;
  /** Card facts of parts by id in any state (callers apply their own visibility rules); unknown ids are left out. */
  abstract partCards(ids: readonly string[]): Promise<PartCardFacts[]>;
  /** Every public part (active, approved, not hidden by a suspension), newest first, with its analysis figures. */
  abstract liveListings(): Promise<LiveListingFacts[]>;
  /**
   * Per seller user id (every id given gets an entry): the parts sold in (from, to] (`soldAt`), and those withdrawn
   * by the seller after approval whose withdrawal (their last change) falls in it; a part hidden by a suspension
   * has not ended.
   */
  abstract listingOutcomes(sellerUserIds: string[], from: Date, to: Date): Promise<Map<string, ListingOutcomes>>;
  /**
   * Puts the part sold by `orderId` back on sale, by the path a cancelled order's part takes (live again, or hidden
   * while its seller is suspended; `catalog.part.back_on_sale` once): only while the part is still sold by that very
   * order. Returns whether it was put back. Returns relists a part the buyer sent back and the seller refunded.
   */
  abstract putBackOnSale(partId: string, orderId: string): Promise<boolean>;
  /** The normalised part number (`partNumberNorm`: letters and digits, upper case) of parts by id; null when none or unknown. */
  abstract partNumberNorms(ids: readonly string[]): Promise<Map<string, string | null>>;
  /**
   * The evidence keys (number and interchangeable numbers) of the parts of `ids` that `actor` may see, in the order
   * asked; unknown and hidden ids are left out. One statement on the read pool (a search page's cards).
   */
  abstract visibleEvidenceKeys(ids: readonly string[], actor: Actor | null): Promise<EvidenceKey[]>;
}

@injectable()
export class CatalogApiImpl extends CatalogApi {
  constructor(
    @inject(PartService) private readonly parts: PartService,
    @inject(Database) private readonly db: Database,
    @inject(PartHolds) private readonly holds: PartHolds,
    @inject(PartSaleService) private readonly sales: PartSaleService,
  ) {
    super();
  }

  async partNumberNorms(ids: readonly string[]): Promise<Map<string, string | null>> {
    const result = new Map<string, string | null>(ids.map((id) => [id, null]));
    const known = ids.filter(isUuid);
    if (!known.length) return result;
    const rows = await this.db.em.find(Part, { id: { $in: known } }, { fields: ['id', 'partNumberNorm'] });
    for (const r of rows) result.set(r.id, r.partNumberNorm ?? null);
    return result;
  }

  async visibleEvidenceKeys(ids: readonly string[], actor: Actor | null): Promise<EvidenceKey[]> {
    const rows = await readEvidenceKeys(this.db.runner('read'), ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return [...new Set(ids)].flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const visible = this.parts.canSee({ isActive: r.is_active, isApproved: r.is_approved, sellerId: r.seller_id, soldAt: r.sold_at === null ? null : new Date(r.sold_at) }, actor);
      return visible ? [{ id: r.id, partNumberNorm: r.part_number_norm, interchangeNorms: r.interchange }] : [];
    });
  }

  async putBackOnSale(partId: string, orderId: string): Promise<boolean> {
    return this.sales.putBackOnSale(partId, orderId);
  }

  async partCards(ids: readonly string[]): Promise<PartCardFacts[]> {
    if (!ids.length) return [];
    const rows = await readPartCards(this.db.em, ids);
    const auctions = await this.holds.openAuctions(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      sellerId: r.seller_id,
      title: r.title,
      imageUrl: r.image ? (r.image.thumbnailUrl ?? r.image.url) : null,
      price: decimalString(r.price),
      isActive: r.is_active,
      isApproved: r.is_approved,
      isSold: r.sold,
      activeAuctionId: auctions.get(r.id) ?? null,
    }));
  }

  async findParts(ids: string[]): Promise<PartDto[]> {
    return this.parts.findByIds(ids);
  }

  async fixedPriceAvailability(partId: string): Promise<FixedPriceAvailability | null> {
    const [part] = await this.parts.findByIds([partId]);
    return part ? fixedPriceAvailability(part) : null;
  }

  async liveListings(): Promise<LiveListingFacts[]> {
    const rows = await readLiveListings(this.db.em);
    return rows.map((r) => ({
      partId: r.id,
      title: r.title,
      sellerId: r.seller_id,
      category: r.category,
      categoryName: r.category_name,
      condition: r.condition,
      location: r.location,
      description: r.description,
      price: r.price,
      listedAt: new Date(r.listed_at).toISOString(),
      watchers: r.watchers,
      categoryMedian: r.median,
    }));
  }

  async publicPartsOfSeller(sellerUserId: string, page: { limit: number; offset: number }) {
    const [rows, total] = await this.db.em.findAndCount(
      Part,
      { sellerId: sellerUserId, isActive: true, isApproved: true },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: await this.parts.toDtos(rows), total };
  }

  async sellersListing(match: { category: string | null; make: string | null }, afterUserId: string | null, limit: number): Promise<string[]> {
    const category = match.category?.trim().toLowerCase() || null;
    const make = match.make?.trim().toLowerCase() || null;
    if (!category && !make) return [];
    return sellersListingIds(this.db.em, category, make, afterUserId, limit);
  }

  async listingOutcomes(sellerUserIds: string[], from: Date, to: Date): Promise<Map<string, ListingOutcomes>> {
    const result = new Map<string, ListingOutcomes>(sellerUserIds.map((id) => [id, { ended: 0, sold: 0 }]));
    if (!sellerUserIds.length) return result;
    const ended = await this.db.em.find(
      Part,
      {
        sellerId: { $in: sellerUserIds },
        $or: [
          { soldAt: { $gt: from, $lte: to } },
          { soldAt: null, isActive: false, isApproved: true, hiddenBySuspensionAt: null, updatedAt: { $gt: from, $lte: to } },
        ],
      },
      { fields: ['sellerId', 'soldAt'] },
    );
    for (const part of ended) {
      const outcome = result.get(part.sellerId)!;
      outcome.ended += 1;
      if (part.soldAt) outcome.sold += 1;
    }
    return result;
  }

  async sellerPartStats(sellerUserIds: string[]): Promise<Map<string, SellerPartStats>> {
    const result = new Map<string, SellerPartStats>(
      sellerUserIds.map((id) => [id, { listed: 0, active: 0, featured: 0, categories: [] }]),
    );
    if (!sellerUserIds.length) return result;
    const counts = await sellerPartCounts(this.db.em, sellerUserIds);
    for (const row of counts) Object.assign(result.get(row.seller_id)!, { listed: row.listed, active: row.active, featured: row.featured });
    const categories = await sellerPartCategories(this.db.em, sellerUserIds);
    for (const row of categories) result.get(row.seller_id)!.categories.push({ slug: row.slug, name: row.name });
    return result;
  }
}
