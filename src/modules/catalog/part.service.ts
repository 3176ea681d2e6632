import { inject, injectable } from 'inversify';
import type { FilterQuery, ObjectQuery } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { containsConditions } from '../../platform/db/like.js';
import { Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { CatalogLookups, type CategoryDto, type MakeDto } from './catalog.lookups.js';
import { preparedRunner, type SqlRunner } from './sql.runner.js';
import { Category } from './category.entity.js';
import { Make } from './make.entity.js';
import { Part } from './part.entity.js';
import { PartFitment } from './part-fitment.entity.js';
import { toPartDto, type PartDto } from './part.dto.js';
import type { FitmentInput, PartCreateInput, PartListQuery, PartUpdateInput } from './part.schemas.js';
import { PartRowBatcher, snapshotsOf } from './part.reader.js';
import { PartSearch, type SearchFilters } from './part.search.js';
import { KnownWords } from './search.words.js';
import { SellerPolicy } from './seller-policy.js';

export const NOT_A_SELLER_MESSAGE = 'You need an approved seller account to list parts.';
export const NOT_YOUR_LISTING_MESSAGE = 'You can only change your own listings.';

/** Where a listing is in review: waiting (active, undecided), approved, or rejected with a reason. */
export const PART_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PartReviewStatus = (typeof PART_REVIEW_STATUSES)[number];

const REVIEW_STATUS_WHERE: Record<PartReviewStatus, ObjectQuery<Part>> = {
  pending: { isActive: true, isApproved: false, rejectionReason: null },
  approved: { isApproved: true },
  rejected: { isApproved: false, rejectionReason: { $ne: null } },
};

export interface PartPage {
  parts: PartDto[];
  total: number;
  limit: number;
  offset: number;
  /** The query as searched after typo correction, when it differs from what was typed. */
  correctedQuery: string | null;
}

export type { CategoryDto, MakeDto } from './catalog.lookups.js';

/** Fields whose change sends an approved listing back to review (price and location do not). */
const REVIEWED_FIELDS = [
  'title',
  'description',
  'category',
  'make',
  'model',
  'yearStart',
  'yearEnd',
  'partNumber',
  'condition',
  'images',
  'vehicleCompatibility',
] as const;

const isAdmin = (actor: Actor | null) => hasRole(actor?.role, 'admin');

/** Parts: listing, search, review by admins. */
@injectable()
export class PartService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellerPolicy) private readonly sellers: SellerPolicy,
    @inject(CatalogLookups) private readonly lookups: CatalogLookups,
    @inject(TOKENS.PgReadPool) readPool: pg.Pool,
  ) {
    this.db = preparedRunner(readPool);
    this.partRows = new PartRowBatcher(this.db);
    this.knownWords = new KnownWords(() => this.clock.now().getTime());
  }

  /** Words the search lexicon holds, remembered across searches (see KnownWords). */
  private readonly knownWords: KnownWords;

  /** The read path of search and part pages: prepared statements on the read pool (see sql.runner.ts). */
  private readonly db: SqlRunner;

  /** Part pages' reads, batched across concurrent requests. */
  private readonly partRows: PartRowBatcher;

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  /** All categories, by name. */
  async listCategories(): Promise<CategoryDto[]> {
    return (await this.lookups.get()).categories;
  }

  /** All makes, by name. */
  async listMakes(): Promise<MakeDto[]> {
    return (await this.lookups.get()).makes;
  }

  /** Whether `actor` may see `part`: public listings to all, active own listings to their seller, all to admins. */
  canSee(part: Part, actor: Actor | null): boolean {
    if (isAdmin(actor)) return true;
    if (!part.isActive) return false;
    return part.isApproved || part.sellerId === actor?.id;
  }

  private filtersOf(query: PartListQuery, actor: Actor | null): SearchFilters {
    const own = query.sellerId !== undefined && query.sellerId === actor?.id;
    return {
      visibility: isAdmin(actor) || own ? 'active' : 'public',
      category: query.category,
      make: query.make,
      yearFrom: query.yearFrom,
      yearTo: query.yearTo,
      sellerId: query.sellerId,
      condition: query.condition,
      minPriceCents: query.minPrice,
      maxPriceCents: query.maxPrice,
    };
  }

  private async prepared(search: PartSearch, q: string | undefined) {
    if (!q) return null;
    const prepared = await search.prepare(q);
    return prepared.text || prepared.partNumbers.length ? prepared : null;
  }

  /** A page of parts matching the query, with the total count (for "Load More Parts"). */
  async search(query: PartListQuery, actor: Actor | null): Promise<PartPage> {
    const search = new PartSearch(this.db, this.knownWords);
    const prepared = await this.prepared(search, query.q);
    const filters = this.filtersOf(query, actor);
    const sort = query.sort ?? (prepared ? 'relevance' : 'newest');
    const { rows, total } = await search.results(filters, prepared, sort, query.limit, query.offset);
    const { parts, fitments } = snapshotsOf(rows);
    return {
      parts: await this.toDtos(parts, fitments),
      total,
      limit: query.limit,
      offset: query.offset,
      correctedQuery: prepared?.corrected ?? null,
    };
  }

  /** Matches per category and make for the query (each facet ignoring its own filter). */
  async facets(query: PartListQuery, actor: Actor | null) {
    const search = new PartSearch(this.db, this.knownWords);
    const prepared = await this.prepared(search, query.q);
    const filters = this.filtersOf(query, actor);
    const [total, facets] = [await search.count(filters, prepared), await search.facets(filters, prepared)];
    return { total, ...facets, correctedQuery: prepared?.corrected ?? null };
  }

  /** One part; unknown and non-visible ids are a 404. */
  async get(id: string, actor: Actor | null): Promise<PartDto> {
    const row = await this.partRows.read(id);
    const { parts, fitments } = snapshotsOf(row ? [row] : []);
    const part = parts[0];
    if (!part || !this.canSee(part, actor)) throw Errors.notFound('Part');
    const [dto] = await this.toDtos([part], fitments);
    return dto!;
  }

  /** Parts by id for other modules (no visibility rule: callers decide). */
  async findByIds(ids: string[]): Promise<PartDto[]> {
    if (!ids.length) return [];
    return this.toDtos(await this.em.find(Part, { id: { $in: ids } }));
  }

  private async assertReferences(input: { category?: string; make?: string }): Promise<void> {
    const errors: Record<string, string> = {};
    if (input.category !== undefined && !(await this.em.count(Category, { slug: input.category }))) {
      errors.category = 'Please choose a category from the list';
    }
    if (input.make !== undefined && !(await this.em.count(Make, { slug: input.make }))) {
      errors.make = 'Please choose a make from the list';
    }
    if (Object.keys(errors).length) {
      throw Errors.invalid('validation_failed', Object.values(errors)[0]!, errors);
    }
  }

  private addFitments(em: EntityManager, partId: string, fitments: FitmentInput[]): void {
    fitments.forEach((f, position) => {
      em.create(PartFitment, {
        partId,
        position,
        make: f.make,
        model: f.model,
        yearStart: f.yearStart,
        yearEnd: f.yearEnd,
        engine: f.engine,
        transmission: f.transmission,
        notes: f.notes,
      });
    });
  }

  /** Lists a part for the signed-in seller; approved at once only when the seller's terms say so. */
  async create(input: PartCreateInput, actor: Actor): Promise<PartDto> {
    const terms = await this.sellers.listingTerms(actor.id, actor.role);
    if (!terms.canList) throw Errors.forbidden(NOT_A_SELLER_MESSAGE);
    await this.assertReferences(input);
    const part = await this.em.transactional(async (em) => {
      const now = this.clock.now();
      const approved = !terms.requiresListingApproval;
      const created = em.create(Part, {
        title: input.title,
        description: input.description,
        price: input.price,
        originalPrice: input.originalPrice,
        category: input.category,
        make: input.make,
        model: input.model,
        yearStart: input.yearStart,
        yearEnd: input.yearEnd,
        partNumber: input.partNumber,
        condition: input.condition,
        location: input.location,
        sellerId: actor.id,
        images: input.images,
        isVerified: false,
        isFeatured: false,
        isActive: true,
        isApproved: approved,
        approvedBy: null,
        approvedAt: approved ? now : null,
        rejectionReason: null,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      this.addFitments(em, created.id, input.vehicleCompatibility);
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partCreated,
        payload: { partId: created.id, sellerId: actor.id, isApproved: approved },
      });
      if (approved) {
        await this.events.publish(em, {
          name: CATALOG_EVENTS.partApproved,
          payload: { partId: created.id, sellerId: actor.id, approvedBy: null },
        });
      }
      return created;
    });
    return this.get(part.id, actor);
  }

  private async ownPart(em: EntityManager, id: string, actor: Actor): Promise<Part> {
    const part = await em.findOne(Part, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
    if (!part || !this.canSee(part, actor) || !part.isActive) throw Errors.notFound('Part');
    if (part.sellerId !== actor.id) throw Errors.forbidden(NOT_YOUR_LISTING_MESSAGE);
    return part;
  }

  /**
   * Changes the seller's own listing. A rejected listing goes back to review; an approved one goes back to
   * review when a reviewed field changes and the seller's listings need approval (price and location do not).
   */
  async update(id: string, input: PartUpdateInput, actor: Actor): Promise<PartDto> {
    await this.assertReferences(input);
    await this.em.transactional(async (em) => {
      const part = await this.ownPart(em, id, actor);
      const terms = await this.sellers.listingTerms(actor.id, actor.role);
      const reviewedChange = REVIEWED_FIELDS.some((f) => input[f] !== undefined);
      const { vehicleCompatibility, ...fields } = input;
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) (part as Record<string, unknown>)[key] = value;
      }
      if (part.rejectionReason) {
        part.rejectionReason = null;
        part.isApproved = false;
        part.approvedBy = null;
        part.approvedAt = null;
      } else if (part.isApproved && reviewedChange && terms.requiresListingApproval) {
        part.isApproved = false;
        part.approvedBy = null;
        part.approvedAt = null;
      }
      part.updatedAt = this.clock.now();
      if (vehicleCompatibility !== undefined) {
        await em.nativeDelete(PartFitment, { partId: part.id });
        this.addFitments(em, part.id, vehicleCompatibility);
      }
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partUpdated,
        payload: { partId: part.id, sellerId: part.sellerId, isApproved: part.isApproved },
      });
    });
    return this.get(id, actor);
  }

  /** Withdraws the seller's own listing (soft: isActive false; watchlists show it as unavailable). */
  async remove(id: string, actor: Actor): Promise<PartDto> {
    const part = await this.em.transactional(async (em) => {
      const own = await this.ownPart(em, id, actor);
      own.isActive = false;
      own.updatedAt = this.clock.now();
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partRemoved,
        payload: { partId: own.id, sellerId: own.sellerId },
      });
      return own;
    });
    const [dto] = await this.toDtos([part]);
    return dto!;
  }

  /** Listings waiting for review, oldest first. */
  async pending(page: { limit: number; offset: number }): Promise<{ rows: PartDto[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(
      Part,
      { isActive: true, isApproved: false, rejectionReason: null },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: await this.toDtos(rows), total };
  }

  /** Makes a listing public; the approver is the signed-in admin. The seller is told by email. */
  async approve(id: string, admin: Actor): Promise<PartDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    const part = await this.em.transactional(async (em) => {
      const part = await em.findOne(Part, { id }, { lockMode: 4 });
      if (!part) throw Errors.notFound('Part');
      if (!part.isActive) throw Errors.conflict('part_removed', 'This listing was withdrawn by its seller');
      const now = this.clock.now();
      part.isApproved = true;
      part.approvedBy = admin.id;
      part.approvedAt = now;
      part.rejectionReason = null;
      part.updatedAt = now;
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partApproved,
        payload: { partId: part.id, sellerId: part.sellerId, approvedBy: admin.id },
      });
      await this.notifySeller(em, part, 'approved');
      return part;
    });
    const [dto] = await this.toDtos([part]);
    return dto!;
  }

  /** Rejects (or takes down) a listing with a reason; the seller is told by email. */
  async reject(id: string, reason: string, admin: Actor): Promise<PartDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    const part = await this.em.transactional(async (em) => {
      const part = await em.findOne(Part, { id }, { lockMode: 4 });
      if (!part) throw Errors.notFound('Part');
      if (!part.isActive) throw Errors.conflict('part_removed', 'This listing was withdrawn by its seller');
      part.isApproved = false;
      part.approvedBy = null;
      part.approvedAt = null;
      part.rejectionReason = reason;
      part.updatedAt = this.clock.now();
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partRejected,
        payload: { partId: part.id, sellerId: part.sellerId, rejectionReason: reason, rejectedBy: admin.id },
      });
      await this.notifySeller(em, part, 'rejected');
      return part;
    });
    const [dto] = await this.toDtos([part]);
    return dto!;
  }

  private async notifySeller(em: EntityManager, part: Part, outcome: 'approved' | 'rejected'): Promise<void> {
    const seller = await this.accounts.findUser(part.sellerId);
    if (!seller?.email) return;
    const link = `${this.config.publicUrl}/parts/${part.id}`;
    const mail =
      outcome === 'approved'
        ? {
            subject: `Your listing "${part.title}" is live on Pitlane`,
            text:
              `Hi ${seller.firstName},\n\nGood news: your listing "${part.title}" has been approved and is now visible to buyers.\n\n` +
              `${link}\n\n— The Pitlane team`,
          }
        : {
            subject: `Your listing "${part.title}" was not approved`,
            text:
              `Hi ${seller.firstName},\n\nYour listing "${part.title}" was not approved for this reason:\n\n${part.rejectionReason}\n\n` +
              `You can edit the listing and it will be reviewed again:\n\n${link}\n\n— The Pitlane team`,
          };
    await this.mail.queue(em, { to: seller.email, ...mail });
  }

  /** Parts for the console: every state, filtered and paged. */
  async adminList(
    filter: {
      q?: string;
      status?: PartReviewStatus;
      isApproved?: boolean;
      isActive?: boolean;
      sellerId?: string;
      category?: string;
      ids?: string[];
    },
    page: ConsolePage,
  ): Promise<{ rows: PartDto[]; total: number }> {
    const where: FilterQuery<Part> = {
      ...(filter.status ? REVIEW_STATUS_WHERE[filter.status] : {}),
      ...(filter.ids ? { id: { $in: filter.ids } } : {}),
      ...(filter.isApproved !== undefined ? { isApproved: filter.isApproved } : {}),
      ...(filter.isActive !== undefined ? { isActive: filter.isActive } : {}),
      ...(filter.sellerId ? { sellerId: filter.sellerId } : {}),
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.q
        ? { $or: containsConditions<Part>(['title', 'partNumber'], filter.q) }
        : {}),
    };
    const [rows, total] = await this.em.findAndCount(Part, where, consolePageOptions(page));
    return { rows: await this.toDtos(rows), total };
  }

  /** One part in any state, for the console. */
  async adminGet(id: string): Promise<PartDto> {
    const part = await this.em.findOne(Part, { id });
    if (!part) throw Errors.notFound('Part');
    const [dto] = await this.toDtos([part]);
    return dto!;
  }

  private async fitmentsOf(ids: string[]): Promise<Map<string, PartFitment[]>> {
    const rows = await this.em.find(PartFitment, { partId: { $in: ids } }, { orderBy: { partId: 'asc', position: 'asc' } });
    const byPart = new Map<string, PartFitment[]>();
    for (const f of rows) byPart.set(f.partId, [...(byPart.get(f.partId) ?? []), f]);
    return byPart;
  }

  /**
   * DTOs with category, make and seller names and vehicle entries: one query for the fitments; the names
   * come from CatalogLookups (in memory once read; sellers looked up together, never one per part).
   * `fitments` are the parts' vehicle entries when already read (readParts), else they are read here.
   */
  async toDtos(parts: Part[], fitments?: ReadonlyMap<string, PartFitment[]>): Promise<PartDto[]> {
    if (!parts.length) return [];
    const ids = parts.map((p) => p.id);
    const [refs, byPart, sellerNames] = await Promise.all([
      this.lookups.get({ categories: parts.map((p) => p.category), makes: parts.map((p) => p.make) }),
      fitments ?? this.fitmentsOf(ids),
      this.lookups.usernames(parts.map((p) => p.sellerId)),
    ]);
    const ctx = {
      categoryNames: refs.categoryNames,
      makeNames: refs.makeNames,
      sellerNames,
      fitments: byPart,
    };
    return parts.map((p) => toPartDto(p, ctx));
  }
}

