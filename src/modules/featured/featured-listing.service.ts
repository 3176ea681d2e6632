import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { FilterQuery } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { CatalogReference } from '../catalog/index.js';
import type { FeaturedListingDto, FeaturedStatus } from './featured-listing.dto.js';
import { FeaturedListing } from './featured-listing.entity.js';
import { FeaturedListingResolver, type ResolvedListing } from './featured-listing.resolver.js';
import { featuredListingSchema, type FeaturedListingFilter, type FeaturedListingValues } from './featured-listing.schemas.js';
import { FeaturedPublicService } from './featured-public.service.js';
import { clashDate, clickThroughRate, featuredStatus, NOT_FOUND_MESSAGES, NOT_LIVE_MESSAGES, pageName } from './featured.rules.js';
import { Database } from '../../platform/db/database.js';
import { readCounterTotals } from './featured-listing.sql.js';

/** The category of a category placement is not one of the catalog's. */
export const CATEGORY_NOT_FOUND = 'Category not found';

/** Console sort fields (FeaturedListing properties); the id is always the last key. */
export const FEATURED_SORT = ['id', 'position', 'startDate', 'endDate', 'price', 'createdAt', 'placementType', 'listingType', 'isActive'] as const;
export type FeaturedSort = (typeof FEATURED_SORT)[number];

const refOf = (r: FeaturedListing) => ({ listingType: r.listingType, partId: r.partId, auctionId: r.auctionId, reverseAuctionId: r.reverseAuctionId });

/** The raw form of a stored placement, which a PUT or PATCH body is merged over before the whole is checked. */
const rawOf = (r: FeaturedListing): Record<string, unknown> => ({
  listingType: r.listingType,
  partId: r.partId,
  auctionId: r.auctionId,
  reverseAuctionId: r.reverseAuctionId,
  position: r.position,
  placementType: r.placementType,
  categoryId: r.categoryId,
  isActive: r.isActive,
  startDate: r.startDate.toISOString(),
  endDate: r.endDate.toISOString(),
  price: r.price,
  notes: r.notes,
});

/** The columns a booking sets, from its checked values. */
const columnsOf = (v: FeaturedListingValues) => ({
  listingType: v.listingType,
  partId: v.partId,
  auctionId: v.auctionId,
  reverseAuctionId: v.reverseAuctionId,
  position: v.position,
  placementType: v.placementType,
  categoryId: v.categoryId,
  isActive: v.isActive,
  startDate: v.startDate,
  endDate: v.endDate,
  price: formatCents(v.priceCents),
  notes: v.notes,
});

/** The console's featured placements: list, show, book, change and remove, with the booking rules. */
@injectable()
export class FeaturedListingService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(FeaturedListingResolver) private readonly resolver: FeaturedListingResolver,
    @inject(FeaturedPublicService) private readonly publicListings: FeaturedPublicService,
    @inject(CatalogReference) private readonly catalog: CatalogReference,
  ) {}

  /** DTOs of rows: their listings resolved together, their counters read in one statement. */
  async toDtos(rows: FeaturedListing[]): Promise<FeaturedListingDto[]> {
    if (!rows.length) return [];
    const [listings, stats] = await Promise.all([this.resolver.resolve(rows.map(refOf)), readCounterTotals(this.db.em, rows.map((r) => r.id))]);
    const statsById = new Map(stats.map((s) => [s.id, s]));
    const now = this.clock.now();
    return rows.map((r, i) => this.toDto(r, listings[i]!, statsById.get(r.id), now));
  }

  private toDto(r: FeaturedListing, listing: ResolvedListing, stats: { impressions: string; clicks: string } | undefined, now: Date): FeaturedListingDto {
    const impressions = Number(stats?.impressions ?? 0);
    const clicks = Number(stats?.clicks ?? 0);
    return {
      id: r.id,
      listingType: r.listingType,
      partId: r.partId,
      auctionId: r.auctionId,
      reverseAuctionId: r.reverseAuctionId,
      position: r.position,
      placementType: r.placementType,
      categoryId: r.categoryId,
      isActive: r.isActive,
      startDate: r.startDate.toISOString(),
      endDate: r.endDate.toISOString(),
      price: formatCents(storedCents(r.price)),
      notes: r.notes,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      status: featuredStatus(r.startDate, r.endDate, now),
      listingLive: listing.live,
      listingTitle: listing.title,
      listingOwnerId: listing.ownerId,
      part: listing.part,
      auction: listing.auction,
      reverseAuction: listing.reverseAuction,
      impressions,
      clicks,
      ctr: clickThroughRate(impressions, clicks),
    };
  }

  /** A console page of placements. */
  async list(filter: FeaturedListingFilter & { ids?: string[] }, page: ConsolePage): Promise<{ rows: FeaturedListingDto[]; total: number }> {
    const where: FilterQuery<FeaturedListing>[] = [];
    if (filter.ids) where.push({ id: { $in: filter.ids } });
    if (filter.placementType) where.push({ placementType: filter.placementType });
    if (filter.categoryId) where.push({ categoryId: filter.categoryId });
    if (filter.listingType) where.push({ listingType: filter.listingType });
    if (filter.isActive !== undefined) where.push({ isActive: filter.isActive });
    if (filter.partId) where.push({ partId: filter.partId });
    if (filter.auctionId) where.push({ auctionId: filter.auctionId });
    if (filter.reverseAuctionId) where.push({ reverseAuctionId: filter.reverseAuctionId });
    if (filter.activeFrom) where.push({ endDate: { $gt: filter.activeFrom } });
    if (filter.activeTo) where.push({ startDate: { $lt: filter.activeTo } });
    if (filter.status?.length) {
      const now = this.clock.now();
      const byStatus: Record<FeaturedStatus, FilterQuery<FeaturedListing>> = {
        upcoming: { startDate: { $gt: now } },
        active: { startDate: { $lte: now }, endDate: { $gt: now } },
        expired: { endDate: { $lte: now } },
      };
      where.push({ $or: [...new Set(filter.status)].map((s) => byStatus[s]) });
    }
    const [rows, total] = await this.db.em.findAndCount(FeaturedListing, where.length ? { $and: where } : {}, consolePageOptions(page));
    return { rows: await this.toDtos(rows), total };
  }

  /** The stored placement, read fresh; 404 when unknown. */
  private async row(id: string): Promise<FeaturedListing> {
    const row = await this.db.em.findOne(FeaturedListing, { id }, { refresh: true });
    if (!row) throw Errors.notFound('Featured listing');
    return row;
  }

  async get(id: string): Promise<FeaturedListingDto> {
    return (await this.toDtos([await this.row(id)]))[0]!;
  }

  /** Books a placement for `adminId`. */
  async create(body: unknown, adminId: string): Promise<FeaturedListingDto> {
    const values = parseOrThrow(featuredListingSchema, body);
    await this.checkCategory(values, null);
    await this.checkListing(values);
    const now = this.clock.now();
    const id = randomUUID();
    await this.write(values, null, async () => {
      await this.db.em.insert(FeaturedListing, { id, ...columnsOf(values), createdBy: adminId, createdAt: now, updatedAt: now });
    });
    return this.get(id);
  }

  /**
   * Changes a placement: `body` (the whole record from PUT, some fields from PATCH) is merged over the stored one
   * and the result is checked whole. The listing is checked for being live only when the reference changes, so
   * an admin can still move the dates of a placement whose listing has since sold.
   */
  async update(id: string, body: Record<string, unknown>, _adminId: string): Promise<FeaturedListingDto> {
    const before = await this.row(id);
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const values = parseOrThrow(featuredListingSchema, { ...rawOf(before), ...given });
    await this.checkCategory(values, before.categoryId);
    const ref = refOf(before);
    if (values.listingType !== ref.listingType || values.partId !== ref.partId || values.auctionId !== ref.auctionId || values.reverseAuctionId !== ref.reverseAuctionId) {
      await this.checkListing(values);
    }
    await this.write(values, id, async () => {
      const changed = await this.db.em.nativeUpdate(FeaturedListing, { id }, { ...columnsOf(values), updatedAt: this.clock.now() });
      if (!changed) throw Errors.notFound('Featured listing');
    });
    return this.get(id);
  }

  /** Removes a placement (and its counters); answers the record as it was. */
  async remove(id: string): Promise<FeaturedListingDto> {
    const dto = await this.get(id);
    await this.db.em.nativeDelete(FeaturedListing, { id });
    this.publicListings.invalidate();
    return dto;
  }

  /**
   * Runs the write (a native statement, so a refused one leaves nothing behind in the unit of work) after the clash
   * check; a clash that slipped in meanwhile (the exclusion constraint) is the same 409.
   */
  private async write(values: FeaturedListingValues, selfId: string | null, run: () => Promise<void>): Promise<void> {
    await this.checkClash(values, selfId);
    try {
      await run();
      this.publicListings.invalidate();
    } catch (err) {
      if ((err as { code?: string }).code === '23P01') {
        await this.checkClash(values, selfId);
        throw Errors.conflict('featured_position_taken', `Position ${values.position} on ${pageName(values.placementType)} was just booked for overlapping dates`, {
          position: `Position ${values.position} is taken`,
        });
      }
      throw err;
    }
  }

  /** 409 naming the position and the dates when an active placement holds the same position of the same page at overlapping times. */
  private async checkClash(v: FeaturedListingValues, selfId: string | null): Promise<void> {
    if (!v.isActive) return;
    const clash = await this.db.em.findOne(
      FeaturedListing,
      {
        isActive: true,
        placementType: v.placementType,
        categoryId: v.categoryId,
        position: v.position,
        startDate: { $lt: v.endDate },
        endDate: { $gt: v.startDate },
        ...(selfId ? { id: { $ne: selfId } } : {}),
      },
      { orderBy: { startDate: 'asc' } },
    );
    if (!clash) return;
    const message = `Position ${v.position} on ${pageName(v.placementType)} is already booked from ${clashDate(clash.startDate)} to ${clashDate(clash.endDate)}`;
    throw new AppError('conflict', 'featured_position_taken', message, { position: message });
  }

  /** 400 when a category placement names a category the catalog does not have (a stored one may stay after its category went). */
  private async checkCategory(v: FeaturedListingValues, storedCategoryId: string | null): Promise<void> {
    if (v.placementType !== 'category' || !v.categoryId || v.categoryId === storedCategoryId) return;
    const categories = await this.catalog.categories();
    if (!categories.some((c) => c.id === v.categoryId)) throw Errors.invalid('validation_failed', CATEGORY_NOT_FOUND, { categoryId: CATEGORY_NOT_FOUND });
  }

  /** 400 on the reference field when the listing is unknown or no longer live. */
  private async checkListing(v: FeaturedListingValues): Promise<void> {
    const [listing] = await this.resolver.resolve([v]);
    const field = v.listingType === 'part' ? 'partId' : v.listingType === 'auction' ? 'auctionId' : 'reverseAuctionId';
    const message = !listing!.title ? NOT_FOUND_MESSAGES[v.listingType] : !listing!.live ? NOT_LIVE_MESSAGES[v.listingType] : null;
    if (message) throw Errors.invalid('validation_failed', message, { [field]: message });
  }
}
