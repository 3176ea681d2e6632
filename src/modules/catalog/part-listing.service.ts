import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { TOKENS } from '../../platform/tokens.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { Category } from './category.entity.js';
import { Make } from './make.entity.js';
import { Part } from './part.entity.js';
import { PartFitment } from './part-fitment.entity.js';
import type { PartDto } from './part.dto.js';
import type { FitmentInput, PartCreateInput, PartUpdateInput } from './part.schemas.js';
import { PartService } from './part.service.js';
import { SellerPolicy } from './seller-policy.js';

export const NOT_A_SELLER_MESSAGE = 'You need an approved seller account to list parts.';
export const NOT_YOUR_LISTING_MESSAGE = 'You can only change your own listings.';

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

/** A seller's own listings: listing a part, changing it, withdrawing it. */
@injectable()
export class PartListingService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(SellerPolicy) private readonly sellers: SellerPolicy,
    @inject(PartService) private readonly parts: PartService,
  ) {}

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
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
    return this.parts.get(part.id, actor);
  }

  private async ownPart(em: EntityManager, id: string, actor: Actor): Promise<Part> {
    const part = await em.findOne(Part, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
    if (!part || !this.parts.canSee(part, actor) || !part.isActive) throw Errors.notFound('Part');
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
    return this.parts.get(id, actor);
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
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }
}
