import { inject, injectable } from 'inversify';

import { Part } from './part.entity.js';
import type { PartDto } from './part.dto.js';
import { fixedPriceAvailability, type FixedPriceAvailability } from './part.availability.js';
import { PartService } from './part.service.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { PartHolds } from './part.holds.js';
import { decimalString } from './part.mapper.js';
import { Database } from '../../platform/db/database.js';

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

/** A public part with the figures the console's Active Listings Analysis shows (money as exact strings). */
export interface LiveListingFacts {
  partId: string;
  title: string;
  sellerId: string;
  category: string;
  categoryName: string;
  condition: string;
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
}

@injectable()
export class CatalogApiImpl extends CatalogApi {
  constructor(
    @inject(PartService) private readonly parts: PartService,
    @inject(Database) private readonly db: Database,
    @inject(PartHolds) private readonly holds: PartHolds,
  ) {
    super();
  }

  async partCards(ids: readonly string[]): Promise<PartCardFacts[]> {
    if (!ids.length) return [];
    const rows = await this.db.em.execute<
      { id: string; seller_id: string; title: string; image: { url: string; thumbnailUrl?: string } | null; price: string; is_active: boolean; is_approved: boolean; sold: boolean }[]
    >(
      `select p.id, p.seller_id, p.title, p.price::text as price, p.is_active, p.is_approved, p.sold_at is not null as sold,
              coalesce((select i from jsonb_array_elements(p.images) i where (i->>'isPrimary')::boolean limit 1), p.images->0) as image
         from parts p where p.id = any(?::uuid[])`,
      [uuidArray(ids)],
    );
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
    const rows = await this.db.em.execute<
      { id: string; title: string; seller_id: string; category: string; category_name: string; condition: string; price: string; listed_at: Date; watchers: number; median: string }[]
    >(
      `with live as (
         select p.id, p.title, p.seller_id, p.category, p.condition, p.price, coalesce(p.approved_at, p.created_at) as listed_at
           from parts p where p.is_active and p.is_approved and p.hidden_by_suspension_at is null
       ), medians as (
         select category, condition, round(percentile_cont(0.5) within group (order by price)::numeric, 2) as median
           from live group by category, condition
       )
       select l.id, l.title, l.seller_id, l.category, c.name as category_name, l.condition, l.price::text as price, l.listed_at,
              (select count(*)::int from favorites f where f.part_id = l.id) as watchers, m.median::text as median
         from live l join categories c on c.slug = l.category
         join medians m on m.category = l.category and m.condition = l.condition
        order by l.listed_at desc, l.id`,
    );
    return rows.map((r) => ({
      partId: r.id,
      title: r.title,
      sellerId: r.seller_id,
      category: r.category,
      categoryName: r.category_name,
      condition: r.condition,
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
    // The slugs first (small tables), so the parts are read through their category and make columns.
    const rows = await this.db.em.execute<{ seller_id: string }[]>(
      `with cats as (select slug from categories where lower(name) = ? or lower(slug) = ?),
            mks as (select slug from makes where lower(name) = ? or lower(slug) = ?)
       select distinct p.seller_id from parts p
        where p.is_active and p.is_approved and p.seller_id > ?::uuid
          and (p.category in (select slug from cats) or p.make in (select slug from mks))
        order by p.seller_id limit ?`,
      [category, category, make, make, afterUserId ?? '00000000-0000-0000-0000-000000000000', limit],
    );
    return rows.map((r) => r.seller_id);
  }

  async sellerPartStats(sellerUserIds: string[]): Promise<Map<string, SellerPartStats>> {
    const result = new Map<string, SellerPartStats>(
      sellerUserIds.map((id) => [id, { listed: 0, active: 0, featured: 0, categories: [] }]),
    );
    if (!sellerUserIds.length) return result;
    const ids = uuidArray(sellerUserIds);
    const counts = await this.db.em.execute<{ seller_id: string; listed: number; active: number; featured: number }[]>(
      `select seller_id,
              count(*)::int as listed,
              count(*) filter (where is_active and is_approved)::int as active,
              count(*) filter (where is_active and is_approved and is_featured)::int as featured
         from parts where seller_id = any(?::uuid[]) group by seller_id`,
      [ids],
    );
    for (const row of counts) Object.assign(result.get(row.seller_id)!, { listed: row.listed, active: row.active, featured: row.featured });
    const categories = await this.db.em.execute<{ seller_id: string; slug: string; name: string }[]>(
      `select distinct p.seller_id, c.slug, c.name
         from parts p join categories c on c.slug = p.category
        where p.seller_id = any(?::uuid[]) and p.is_active and p.is_approved
        order by c.name`,
      [ids],
    );
    for (const row of categories) result.get(row.seller_id)!.categories.push({ slug: row.slug, name: row.name });
    return result;
  }
}
