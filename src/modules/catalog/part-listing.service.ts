import { inject, injectable } from 'inversify';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { EventBus } from '../../platform/events.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { Category } from './category.entity.js';
import { Make } from './make.entity.js';
import { Part } from './part.entity.js';
import { PartFitment } from './part-fitment.entity.js';
import { PartNumber } from './part-number.entity.js';
import type { PartDto } from './part.dto.js';
import type { PartImage } from './part.entity.js';
import type { FitmentInput, PartCreateInput, PartNumberInput, PartUpdateInput, SellerListingStatus, SellerPartsQuery } from './part.schemas.js';
import { PartHolds } from './part.holds.js';
import { PartService } from './part.service.js';
import { SellerPolicy } from './seller-policy.js';
import { Database } from '../../platform/db/database.js';

export const NOT_A_SELLER_MESSAGE = 'You need an approved seller account to list parts.';
export const NOT_YOUR_LISTING_MESSAGE = 'You can only change your own listings.';

export const LISTING_STATE_MESSAGES = {
  notActive: 'This listing is no longer on sale. Relist it before changing it.',
  notWithdrawn: 'Only a withdrawn listing can be relisted.',
  sold: 'This listing was marked sold and cannot be changed or relisted.',
  inAuction: 'This part is in an auction. Cancel the auction before you withdraw the listing or mark it sold.',
} as const;

/**
 * Fields whose change sends an approved listing back to review when the seller's listings need approval:
 * everything a buyer judges the part by. Only the price (and the struck-through original price) may change
 * without a new review.
 */
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
  'location',
] as const;

const imageKey = (images: readonly PartImage[]) => JSON.stringify(images.map((i) => [i.url, i.altText, i.isPrimary]));

type FitmentFacts = { [K in keyof FitmentInput]?: FitmentInput[K] | undefined } & Pick<FitmentInput, 'make' | 'model'>;

const fitmentKey = (rows: readonly FitmentFacts[]) =>
  JSON.stringify(
    rows.map((f) => [f.make, f.model, f.yearStart ?? null, f.yearEnd ?? null, f.engine ?? null, f.transmission ?? null, f.notes ?? null]),
  );

const numbersKey = (rows: readonly { number: string; kind: string }[]) => JSON.stringify(rows.map((n) => [n.number, n.kind]));

/** `%`, `_` and `\\` taken literally in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The where-clause of each state of a seller's own listing (they do not overlap). */
const STATUS_WHERE: Record<SellerListingStatus, FilterQuery<Part>> = {
  pending: { isActive: true, isApproved: false, rejectionReason: null },
  live: { isActive: true, isApproved: true },
  rejected: { isActive: true, isApproved: false, rejectionReason: { $ne: null } },
  withdrawn: { isActive: false, soldAt: null },
  sold: { soldAt: { $ne: null } },
};

/** A seller's own listings: listing a part, changing it, withdrawing, relisting or marking it sold; their list. */
@injectable()
export class PartListingService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(SellerPolicy) private readonly sellers: SellerPolicy,
    @inject(PartService) private readonly parts: PartService,
    @inject(PartHolds) private readonly holds: PartHolds,
  ) {}

  /** A part held by an open auction is sold there: it cannot be withdrawn or sold elsewhere meanwhile. */
  private async assertNotInAuction(id: string): Promise<void> {
    if ((await this.holds.openAuctions([id])).has(id)) throw Errors.conflict('part_in_auction', LISTING_STATE_MESSAGES.inAuction);
  }

  private async assertReferences(input: { category?: string; make?: string }): Promise<void> {
    const errors: Record<string, string> = {};
    if (input.category !== undefined && !(await this.db.em.count(Category, { slug: input.category }))) {
      errors.category = 'Please choose a category from the list';
    }
    if (input.make !== undefined && !(await this.db.em.count(Make, { slug: input.make }))) {
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

  private addNumbers(em: EntityManager, partId: string, numbers: PartNumberInput[]): void {
    numbers.forEach((n, position) => em.create(PartNumber, { partId, position, number: n.number, kind: n.kind }));
  }

  /** Lists a part for the signed-in seller; approved at once only when the seller's terms say so. */
  async create(input: PartCreateInput, actor: Actor): Promise<PartDto> {
    const terms = await this.sellers.listingTerms(actor.id, actor.role);
    if (!terms.canList) throw Errors.forbidden(NOT_A_SELLER_MESSAGE);
    await this.assertReferences(input);
    const part = await this.db.em.transactional(async (em) => {
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
      this.addNumbers(em, created.id, input.partNumbers);
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
    return this.parts.get(part.id, actor);
  }

  /** The actor's own part, locked; others' parts are a 404 when the actor cannot see them, else a 403. */
  private async ownPart(em: EntityManager, id: string, actor: Actor): Promise<Part> {
    const part = await em.findOne(Part, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
    if (!part) throw Errors.notFound('Part');
    if (part.sellerId !== actor.id) {
      if (!this.parts.canSee(part, actor)) throw Errors.notFound('Part');
      throw Errors.forbidden(NOT_YOUR_LISTING_MESSAGE);
    }
    return part;
  }

  /** The actor's own part that is still on sale (live, pending or rejected). */
  private async ownActivePart(em: EntityManager, id: string, actor: Actor): Promise<Part> {
    const part = await this.ownPart(em, id, actor);
    if (part.soldAt) throw Errors.conflict('listing_sold', LISTING_STATE_MESSAGES.sold);
    if (!part.isActive) throw Errors.conflict('listing_not_active', LISTING_STATE_MESSAGES.notActive);
    return part;
  }

  /** Whether `input` changes a field the review looks at, compared with the stored values. */
  private async reviewedChange(em: EntityManager, part: Part, input: PartUpdateInput): Promise<boolean> {
    const scalar = REVIEWED_FIELDS.some((f) => input[f] !== undefined && (input[f] ?? null) !== (part[f] ?? null));
    if (scalar) return true;
    if (input.images !== undefined && imageKey(input.images) !== imageKey(part.images)) return true;
    if (input.vehicleCompatibility !== undefined) {
      const stored = await em.find(PartFitment, { partId: part.id }, { orderBy: { position: 'asc' } });
      if (fitmentKey(input.vehicleCompatibility) !== fitmentKey(stored)) return true;
    }
    if (input.partNumbers !== undefined) {
      const stored = await em.find(PartNumber, { partId: part.id }, { orderBy: { position: 'asc' } });
      if (numbersKey(input.partNumbers) !== numbersKey(stored)) return true;
    }
    return false;
  }

  /**
   * Changes the seller's own listing. A rejected listing goes back to review; an approved one goes back to
   * review when the seller's listings need approval and anything but the price really changed (fields are
   * compared with the stored values, so the edit form may send every field).
   */
  async update(id: string, input: PartUpdateInput, actor: Actor): Promise<PartDto> {
    await this.assertReferences(input);
    await this.db.em.transactional(async (em) => {
      const part = await this.ownActivePart(em, id, actor);
      const terms = await this.sellers.listingTerms(actor.id, actor.role);
      const reviewedChange = await this.reviewedChange(em, part, input);
      const { vehicleCompatibility, partNumbers, ...fields } = input;
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
      if (partNumbers !== undefined) {
        await em.nativeDelete(PartNumber, { partId: part.id });
        this.addNumbers(em, part.id, partNumbers);
      }
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partUpdated,
        payload: { partId: part.id, sellerId: part.sellerId, isApproved: part.isApproved },
      });
    });
    return this.parts.get(id, actor);
  }

  /** Withdraws the seller's own listing (soft: isActive false; watchlists show it as unavailable). */
  async remove(id: string, actor: Actor): Promise<PartDto> {
    const part = await this.db.em.transactional(async (em) => {
      const own = await this.ownActivePart(em, id, actor);
      await this.assertNotInAuction(id);
      own.isActive = false;
      own.updatedAt = this.clock.now();
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partRemoved,
        payload: { partId: own.id, sellerId: own.sellerId },
      });
      return own;
    });
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }

  /**
   * Puts the seller's withdrawn listing back on sale: live at once, or into review when the seller's listings
   * need approval (a rejected one always goes back to review).
   */
  async relist(id: string, actor: Actor): Promise<PartDto> {
    const terms = await this.sellers.listingTerms(actor.id, actor.role);
    if (!terms.canList) throw Errors.forbidden(NOT_A_SELLER_MESSAGE);
    const part = await this.db.em.transactional(async (em) => {
      const own = await this.ownPart(em, id, actor);
      if (own.soldAt) throw Errors.conflict('listing_sold', LISTING_STATE_MESSAGES.sold);
      if (own.isActive) throw Errors.conflict('listing_not_withdrawn', LISTING_STATE_MESSAGES.notWithdrawn);
      const now = this.clock.now();
      const approved = !terms.requiresListingApproval && !own.rejectionReason;
      const wasRejected = own.rejectionReason !== null;
      own.isActive = true;
      own.rejectionReason = null;
      if (!approved || wasRejected) {
        own.isApproved = false;
        own.approvedBy = null;
        own.approvedAt = null;
      } else if (!own.isApproved) {
        own.isApproved = true;
        own.approvedBy = null;
        own.approvedAt = now;
      }
      own.updatedAt = now;
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partUpdated,
        payload: { partId: own.id, sellerId: own.sellerId, isApproved: own.isApproved },
      });
      if (own.isApproved) {
        await this.events.publish(em, {
          name: CATALOG_EVENTS.partApproved,
          payload: { partId: own.id, sellerId: own.sellerId, approvedBy: own.approvedBy ?? null },
        });
      }
      return own;
    });
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }

  /** Marks the seller's listing sold elsewhere: it leaves the market for good (isActive false, soldAt set). */
  async markSold(id: string, actor: Actor): Promise<PartDto> {
    const part = await this.db.em.transactional(async (em) => {
      const own = await this.ownPart(em, id, actor);
      if (own.soldAt) return own;
      if (!own.isActive) throw Errors.conflict('listing_not_active', LISTING_STATE_MESSAGES.notActive);
      await this.assertNotInAuction(id);
      const now = this.clock.now();
      own.isActive = false;
      own.soldAt = now;
      own.updatedAt = now;
      await em.flush();
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partSold,
        payload: { partId: own.id, sellerId: own.sellerId },
      });
      return own;
    });
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }

  /** The signed-in seller's own listings in every state (or one), newest first, searched by title or part number. */
  async mine(query: SellerPartsQuery, actor: Actor): Promise<ListPage<PartDto>> {
    const conditions: FilterQuery<Part>[] = [{ sellerId: actor.id }];
    if (query.status) conditions.push(STATUS_WHERE[query.status]);
    if (query.q) {
      const pattern = likePattern(query.q);
      conditions.push({ $or: [{ title: { $ilike: pattern } }, { partNumber: { $ilike: pattern } }] });
    }
    const where: FilterQuery<Part> = { $and: conditions };
    const em = this.db.em;
    const [parts, total] = await em.findAndCount(Part, where, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: await this.parts.toDtos(parts), total };
  }
}
