import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { CatalogReference } from '../catalog/index.js';
import type { FeaturedListingDto } from './featured-listing.dto.js';
import { FeaturedListingResolver, type ResolvedListing } from './featured-listing.resolver.js';
import { featuredListingSchema, type FeaturedListingFilter, type FeaturedListingValues } from './featured-listing.schemas.js';
import { FeaturedPublicService } from './featured-public.service.js';
import { clashDate, clickThroughRate, featuredStatus, NOT_FOUND_MESSAGES, NOT_LIVE_MESSAGES, pageName } from './featured.rules.js';
import { Database } from '../../platform/db/database.js';

/** The category of a category placement is not one of the catalog's. */
export const CATEGORY_NOT_FOUND = 'Category not found';

/** A row of featured_listings as read here. */
export interface FeaturedRow {
  id: string;
  listing_type: FeaturedListingDto['listingType'];
  part_id: string | null;
  auction_id: string | null;
  reverse_auction_id: string | null;
  position: number;
  placement_type: FeaturedListingDto['placementType'];
  category_id: string | null;
  is_active: boolean;
  start_date: Date;
  end_date: Date;
  price: string;
  notes: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export const FEATURED_COLUMNS = `id, listing_type, part_id, auction_id, reverse_auction_id, position, placement_type, category_id, is_active,
  start_date, end_date, price::text as price, notes, created_by, created_at, updated_at`;

/** Console sort fields and their columns. */
export const FEATURED_SORT = {
  id: 'id',
  position: 'position',
  startDate: 'start_date',
  endDate: 'end_date',
  price: 'price',
  createdAt: 'created_at',
  placementType: 'placement_type',
  listingType: 'listing_type',
  isActive: 'is_active',
} as const;
export type FeaturedSort = keyof typeof FEATURED_SORT;

const refOf = (r: FeaturedRow) => ({ listingType: r.listing_type, partId: r.part_id, auctionId: r.auction_id, reverseAuctionId: r.reverse_auction_id });

/** The raw form of a stored placement, which a PUT or PATCH body is merged over before the whole is checked. */
const rawOf = (r: FeaturedRow): Record<string, unknown> => ({
  listingType: r.listing_type,
  partId: r.part_id,
  auctionId: r.auction_id,
  reverseAuctionId: r.reverse_auction_id,
  position: r.position,
  placementType: r.placement_type,
  categoryId: r.category_id,
  isActive: r.is_active,
  startDate: r.start_date.toISOString(),
  endDate: r.end_date.toISOString(),
  price: r.price,
  notes: r.notes,
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

  private async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.db.runner('write').run<T>(text, params);
  }

  /** DTOs of rows: their listings resolved together, their counters read in one statement. */
  async toDtos(rows: FeaturedRow[]): Promise<FeaturedListingDto[]> {
    if (!rows.length) return [];
    const [listings, stats] = await Promise.all([
      this.resolver.resolve(rows.map(refOf)),
      this.query<{ id: string; impressions: string; clicks: string }>(
        `select featured_listing_id as id, sum(impressions)::text as impressions, sum(clicks)::text as clicks
           from featured_listing_daily where featured_listing_id = any($1::uuid[]) group by featured_listing_id`,
        [rows.map((r) => r.id)],
      ),
    ]);
    const statsById = new Map(stats.map((s) => [s.id, s]));
    const now = this.clock.now();
    return rows.map((r, i) => this.toDto(r, listings[i]!, statsById.get(r.id), now));
  }

  private toDto(r: FeaturedRow, listing: ResolvedListing, stats: { impressions: string; clicks: string } | undefined, now: Date): FeaturedListingDto {
    const impressions = Number(stats?.impressions ?? 0);
    const clicks = Number(stats?.clicks ?? 0);
    return {
      id: r.id,
      listingType: r.listing_type,
      partId: r.part_id,
      auctionId: r.auction_id,
      reverseAuctionId: r.reverse_auction_id,
      position: r.position,
      placementType: r.placement_type,
      categoryId: r.category_id,
      isActive: r.is_active,
      startDate: r.start_date.toISOString(),
      endDate: r.end_date.toISOString(),
      price: formatCents(storedCents(r.price)),
      notes: r.notes,
      createdBy: r.created_by,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      status: featuredStatus(r.start_date, r.end_date, now),
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
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (filter.ids) add('id = any(?::uuid[])', filter.ids);
    if (filter.placementType) add('placement_type = ?', filter.placementType);
    if (filter.categoryId) add('category_id = ?::uuid', filter.categoryId);
    if (filter.listingType) add('listing_type = ?', filter.listingType);
    if (filter.isActive !== undefined) add('is_active = ?', filter.isActive);
    if (filter.partId) add('part_id = ?::uuid', filter.partId);
    if (filter.auctionId) add('auction_id = ?::uuid', filter.auctionId);
    if (filter.reverseAuctionId) add('reverse_auction_id = ?::uuid', filter.reverseAuctionId);
    if (filter.activeFrom) add('end_date > ?', filter.activeFrom);
    if (filter.activeTo) add('start_date < ?', filter.activeTo);
    if (filter.status?.length) {
      params.push(this.clock.now());
      const now = `$${params.length}`;
      const byStatus = { upcoming: `start_date > ${now}`, active: `(start_date <= ${now} and end_date > ${now})`, expired: `end_date <= ${now}` };
      where.push(`(${[...new Set(filter.status)].map((s) => byStatus[s]).join(' or ')})`);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = Object.entries(page.orderBy)
      .map(([field, dir]) => `${FEATURED_SORT[field as FeaturedSort]} ${dir === 'desc' ? 'desc' : 'asc'}`)
      .concat(page.orderBy.id ? [] : ['id asc'])
      .join(', ');
    const [rows, count] = await Promise.all([
      this.query<FeaturedRow>(
        `select ${FEATURED_COLUMNS} from featured_listings ${whereSql} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ),
      this.query<{ total: number }>(`select count(*)::int as total from featured_listings ${whereSql}`, params),
    ]);
    return { rows: await this.toDtos(rows), total: count[0]!.total };
  }

  private async row(id: string): Promise<FeaturedRow> {
    const [row] = await this.query<FeaturedRow>(`select ${FEATURED_COLUMNS} from featured_listings where id = $1`, [id]);
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
    const row = await this.write(values, null, () =>
      this.query<FeaturedRow>(
        `insert into featured_listings (listing_type, part_id, auction_id, reverse_auction_id, position, placement_type, category_id,
           is_active, start_date, end_date, price, notes, created_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric / 100, $12, $13, $14, $14)
         returning ${FEATURED_COLUMNS}`,
        [...this.columnValues(values), adminId, this.clock.now()],
      ),
    );
    return (await this.toDtos([row]))[0]!;
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
    await this.checkCategory(values, before.category_id);
    const ref = refOf(before);
    if (values.listingType !== ref.listingType || values.partId !== ref.partId || values.auctionId !== ref.auctionId || values.reverseAuctionId !== ref.reverseAuctionId) {
      await this.checkListing(values);
    }
    const row = await this.write(values, id, async () => {
      const rows = await this.query<FeaturedRow>(
        `update featured_listings set listing_type = $1, part_id = $2, auction_id = $3, reverse_auction_id = $4, position = $5,
           placement_type = $6, category_id = $7, is_active = $8, start_date = $9, end_date = $10, price = $11::numeric / 100, notes = $12,
           updated_at = $13
         where id = $14 returning ${FEATURED_COLUMNS}`,
        [...this.columnValues(values), this.clock.now(), id],
      );
      if (!rows.length) throw Errors.notFound('Featured listing');
      return rows;
    });
    return (await this.toDtos([row]))[0]!;
  }

  /** Removes a placement (and its counters); answers the record as it was. */
  async remove(id: string): Promise<FeaturedListingDto> {
    const dto = await this.get(id);
    await this.query('delete from featured_listings where id = $1', [id]);
    this.publicListings.invalidate();
    return dto;
  }

  private columnValues(v: FeaturedListingValues): unknown[] {
    return [v.listingType, v.partId, v.auctionId, v.reverseAuctionId, v.position, v.placementType, v.categoryId, v.isActive, v.startDate, v.endDate, v.priceCents, v.notes];
  }

  /** Runs the write after the clash check; a clash that slipped in meanwhile (the exclusion constraint) is the same 409. */
  private async write(values: FeaturedListingValues, selfId: string | null, run: () => Promise<FeaturedRow[]>): Promise<FeaturedRow> {
    await this.checkClash(values, selfId);
    try {
      const [row] = await run();
      this.publicListings.invalidate();
      return row!;
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
    const [clash] = await this.query<{ id: string; start_date: Date; end_date: Date }>(
      `select id, start_date, end_date from featured_listings
        where is_active and placement_type = $1 and category_id is not distinct from $2::uuid and position = $3
          and start_date < $5 and end_date > $4 and ($6::uuid is null or id <> $6::uuid)
        order by start_date limit 1`,
      [v.placementType, v.categoryId, v.position, v.startDate, v.endDate, selfId],
    );
    if (!clash) return;
    const message = `Position ${v.position} on ${pageName(v.placementType)} is already booked from ${clashDate(clash.start_date)} to ${clashDate(clash.end_date)}`;
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
