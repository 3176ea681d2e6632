import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../../platform/audit.js';
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
import { CatalogApi, type PartDto } from '../catalog/index.js';
import { Seller, Storefront, type SellerStatus } from './seller.entity.js';
import type { AdminSellerDto, SellerAnalyticsRow, SellerDto, StorefrontDto } from './seller.dto.js';
import { toSellerDto, toStorefrontDto } from './seller.mapper.js';
import type { SellerApplicationInput, SellerDecision, StorefrontUpdateInput } from './seller.schemas.js';
import { SELLER_EVENTS } from './sellers.events.js';
import { ReputationService } from './reputation.service.js';
import { slugify, uniqueSlug } from './slug.js';
import { isUuid } from '../../platform/db/uuid.js';
import { Database } from '../../platform/db/database.js';
import { lockStorefrontSlugs, sellerStatusCounts } from './seller.repository.js';

export const SELLER_TEXT = {
  alreadyApplied: 'You already have a seller application pending or approved.',
  alreadyDecided: 'This application has already been decided.',
  notOwner: 'You can only change your own storefront.',
} as const;

const isAdmin = (actor: Actor | null) => hasRole(actor?.role, 'admin');

/** Seller applications, approval, listing terms and storefronts. */
@injectable()
export class SellerService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(ReputationService) private readonly reputation: ReputationService,
    @inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /** The user's current record: the pending or approved one, else their newest (rejected) application. */
  async findCurrentByUser(userId: string, em: EntityManager = this.db.em): Promise<Seller | null> {
    const open = await em.findOne(Seller, { userId, status: { $in: ['pending', 'approved'] } });
    if (open) return open;
    return em.findOne(Seller, { userId }, { orderBy: { createdAt: 'desc' } });
  }

  /** The approved seller of a user, or null. */
  async findApprovedByUser(userId: string): Promise<Seller | null> {
    return this.db.em.findOne(Seller, { userId, status: 'approved' });
  }

  /** A seller by its record id or its user's id (parts carry the user id); 404 when neither matches. */
  async resolve(idOrUserId: string): Promise<Seller> {
    if (isUuid(idOrUserId)) {
      const byId = await this.db.em.findOne(Seller, { id: idOrUserId });
      if (byId) return byId;
      const byUser = await this.findCurrentByUser(idOrUserId);
      if (byUser) return byUser;
    }
    throw Errors.notFound('Seller');
  }

  /** Records the signed-in user's application; one pending or approved application per user. */
  async apply(input: SellerApplicationInput, actor: Actor): Promise<SellerDto> {
    const existing = await this.db.em.count(Seller, { userId: actor.id, status: { $in: ['pending', 'approved'] } });
    if (existing) throw Errors.conflict('already_applied', SELLER_TEXT.alreadyApplied);
    try {
      return await this.db.em.transactional(async (em) => {
        const now = this.clock.now();
        const seller = em.create(Seller, {
          ...input,
          userId: actor.id,
          status: 'pending',
          approvedBy: null,
          approvedAt: null,
          rejectionReason: null,
          requiresListingApproval: true,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        await this.events.publish(em, {
          name: SELLER_EVENTS.sellerApplied,
          payload: { sellerId: seller.id, userId: actor.id },
        });
        return toSellerDto(seller);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw Errors.conflict('already_applied', SELLER_TEXT.alreadyApplied);
      }
      throw error;
    }
  }

  /** The user's seller record (self or admin); 404 when they never applied. */
  async byUser(userId: string, viewer: Actor): Promise<SellerDto> {
    if (viewer.id !== userId && !isAdmin(viewer)) throw Errors.forbidden();
    const seller = await this.findCurrentByUser(userId);
    if (!seller) throw Errors.notFound('Seller');
    return toSellerDto(seller);
  }

  /** Sellers for admins, newest first. */
  async list(filter: { status?: SellerStatus }, page: { limit: number; offset: number }) {
    const [rows, total] = await this.db.em.findAndCount(Seller, filter.status ? { status: filter.status } : {}, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: page.offset,
    });
    return { rows: rows.map(toSellerDto), total };
  }

  /**
   * Approves (the approver is the signed-in admin, the time the clock's) or rejects a pending application,
   * in one transaction: status, role, storefront, event and the applicant's email.
   */
  async decide(id: string, decision: SellerDecision, admin: Actor): Promise<SellerDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    return this.db.em.transactional(async (em) => {
      const seller = await em.findOne(Seller, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!seller) throw Errors.notFound('Seller');
      if (seller.status !== 'pending') throw Errors.conflict('already_decided', SELLER_TEXT.alreadyDecided);
      const before = toSellerDto(seller);
      const now = this.clock.now();
      seller.updatedAt = now;
      if (decision.status === 'approved') {
        seller.status = 'approved';
        seller.approvedBy = admin.id;
        seller.approvedAt = now;
        seller.rejectionReason = null;
        await em.flush();
        await this.accounts.grantRole(seller.userId, 'seller');
        const storefront = await this.createStorefront(em, seller);
        await this.events.publish(em, {
          name: SELLER_EVENTS.sellerApproved,
          payload: { sellerId: seller.id, userId: seller.userId, approvedBy: admin.id, storefrontId: storefront.id, slug: storefront.slug },
        });
        await this.reputation.queueBadgeEvaluation(em, seller.userId);
        await this.notify(em, seller, storefront.slug);
      } else {
        seller.status = 'rejected';
        seller.rejectionReason = decision.rejectionReason;
        seller.approvedBy = null;
        seller.approvedAt = null;
        await em.flush();
        await this.events.publish(em, {
          name: SELLER_EVENTS.sellerRejected,
          payload: { sellerId: seller.id, userId: seller.userId, rejectionReason: decision.rejectionReason, rejectedBy: admin.id },
        });
        await this.notify(em, seller, null);
      }
      await this.audit.record(em, {
        actorId: admin.id,
        action: `seller.${seller.status}`,
        entityType: 'seller',
        entityId: seller.id,
        reason: seller.rejectionReason ?? null,
        before,
        after: toSellerDto(seller),
      });
      return toSellerDto(seller);
    });
  }

  private async createStorefront(em: EntityManager, seller: Seller): Promise<Storefront> {
    const existing = await em.findOne(Storefront, { sellerId: seller.id });
    if (existing) return existing;
    // Serialises slug choice, so two approvals of "Joe's Garage" cannot pick the same slug.
    await lockStorefrontSlugs(em);
    const base = slugify(seller.businessName);
    const taken = await em.find(Storefront, { $or: [{ slug: base }, { slug: { $re: `^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$` } }] });
    const now = this.clock.now();
    const storefront = em.create(Storefront, {
      sellerId: seller.id,
      userId: seller.userId,
      slug: uniqueSlug(base, taken.map((r) => r.slug)),
      displayName: seller.businessName,
      logo: null,
      bannerImage: null,
      description: seller.description ?? null,
      policies: null,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return storefront;
  }

  private async notify(em: EntityManager, seller: Seller, slug: string | null): Promise<void> {
    const user = await this.accounts.findUser(seller.userId);
    if (!user?.email) return;
    const mail = slug
      ? {
          subject: `Your Pitlane seller application for ${seller.businessName} is approved`,
          text:
            `Hi ${user.firstName},\n\nGood news: ${seller.businessName} is now an approved seller on Pitlane. ` +
            `You can list parts right away:\n\n${this.config.publicUrl}/sell\n\n` +
            `Your storefront is live at ${this.config.publicUrl}/storefront/${slug}\n\n— The Pitlane team`,
        }
      : {
          subject: `Your Pitlane seller application for ${seller.businessName} was not approved`,
          text:
            `Hi ${user.firstName},\n\nWe could not approve the seller application for ${seller.businessName}, for this reason:\n\n` +
            `${seller.rejectionReason}\n\nYou are welcome to apply again once this is resolved:\n\n` +
            `${this.config.publicUrl}/seller-registration\n\n— The Pitlane team`,
        };
    await this.mail.queue(em, { to: user.email, ...mail });
  }

  /** Turns listing review on or off for an approved seller (admins). */
  async setListingApproval(id: string, requiresListingApproval: boolean, admin: Actor): Promise<SellerDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    return this.db.em.transactional(async (em) => {
      const seller = await em.findOne(Seller, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!seller) throw Errors.notFound('Seller');
      if (seller.status !== 'approved') {
        throw Errors.conflict('not_approved', 'Listing approval can only be changed for approved sellers');
      }
      const before = { requiresListingApproval: seller.requiresListingApproval };
      seller.requiresListingApproval = requiresListingApproval;
      seller.updatedAt = this.clock.now();
      await em.flush();
      await this.audit.record(em, {
        actorId: admin.id,
        action: 'seller.listing_approval_changed',
        entityType: 'seller',
        entityId: seller.id,
        before,
        after: { requiresListingApproval },
      });
      return toSellerDto(seller);
    });
  }

  /** A page of the seller's public parts (by seller id or user id). */
  async parts(idOrUserId: string, page: { limit: number; offset: number }): Promise<{ rows: PartDto[]; total: number }> {
    const seller = await this.resolve(idOrUserId);
    return this.catalog.publicPartsOfSeller(seller.userId, page);
  }

  // ---- storefronts ----

  private async storefrontDto(storefront: Storefront, seller?: Seller): Promise<StorefrontDto> {
    const owner = seller ?? (await this.db.em.findOneOrFail(Seller, { id: storefront.sellerId }));
    const stats = (await this.catalog.sellerPartStats([storefront.userId])).get(storefront.userId)!;
    return toStorefrontDto(storefront, owner, stats);
  }

  private visible(storefront: Storefront | null, viewer: Actor | null): storefront is Storefront {
    if (!storefront) return false;
    return storefront.isActive || storefront.userId === viewer?.id || isAdmin(viewer);
  }

  /** A storefront by slug; inactive ones only for their owner and admins. */
  async storefrontBySlug(slug: string, viewer: Actor | null): Promise<StorefrontDto> {
    const storefront = await this.db.em.findOne(Storefront, { slug });
    if (!this.visible(storefront, viewer)) throw Errors.notFound('Storefront');
    return this.storefrontDto(storefront);
  }

  /** The storefront of a seller, by seller id or the seller's user id. */
  async storefrontOfSeller(idOrUserId: string, viewer: Actor | null): Promise<StorefrontDto> {
    const storefront = isUuid(idOrUserId)
      ? await this.db.em.findOne(Storefront, { $or: [{ sellerId: idOrUserId }, { userId: idOrUserId }] })
      : null;
    if (!this.visible(storefront, viewer)) throw Errors.notFound('Storefront');
    return this.storefrontDto(storefront);
  }

  /** Changes the owner's storefront. */
  async updateStorefront(id: string, input: StorefrontUpdateInput, actor: Actor): Promise<StorefrontDto> {
    const storefront = await this.db.em.findOne(Storefront, { id });
    if (!storefront) throw Errors.notFound('Storefront');
    if (storefront.userId !== actor.id) throw Errors.forbidden(SELLER_TEXT.notOwner);
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (storefront as Record<string, unknown>)[key] = value;
    }
    storefront.updatedAt = this.clock.now();
    await this.db.em.flush();
    return this.storefrontDto(storefront);
  }

  // ---- console ----

  /** Sellers for the console with the applicant's username and email. */
  async adminList(
    filter: { status?: SellerStatus; q?: string; ids?: string[] },
    page: ConsolePage,
  ): Promise<{ rows: AdminSellerDto[]; total: number }> {
    // q matches the business name, city or phone, or the applicant's username, email or name.
    const userIds = filter.q ? await this.accounts.searchUserIds(filter.q, 500) : [];
    const where: FilterQuery<Seller> = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.ids ? { id: { $in: filter.ids } } : {}),
      ...(filter.q
        ? {
            $or: [
              ...containsConditions<Seller>(['businessName', 'businessCity', 'contactPhone'], filter.q),
              ...(userIds.length ? [{ userId: { $in: userIds } }] : []),
            ],
          }
        : {}),
    };
    const [rows, total] = await this.db.em.findAndCount(Seller, where, consolePageOptions(page));
    return { rows: await this.withUsers(rows), total };
  }

  /** One seller for the console. */
  async adminGet(id: string): Promise<AdminSellerDto> {
    const seller = await this.db.em.findOne(Seller, { id });
    if (!seller) throw Errors.notFound('Seller');
    const [dto] = await this.withUsers([seller]);
    return dto!;
  }

  private async withUsers(rows: Seller[]): Promise<AdminSellerDto[]> {
    const users = await this.accounts.findUsers([...new Set(rows.map((s) => s.userId))]);
    const byId = new Map(users.map((u) => [u.id, u]));
    return rows.map((s) => {
      const user = byId.get(s.userId);
      const email = user?.email ?? null;
      return {
        ...toSellerDto(s),
        username: user?.username ?? null,
        email,
        contactEmail: email,
        businessEmail: email,
        firstName: user?.firstName || null,
        lastName: user?.lastName || null,
        isApproved: s.status === 'approved' ? true : s.status === 'rejected' ? false : null,
      };
    });
  }

  /** How many applications are in each state. */
  async counts(): Promise<Record<SellerStatus, number>> {
    const rows = await sellerStatusCounts(this.db.em);
    const counts: Record<SellerStatus, number> = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  /** One row per approved seller with listing, sales and reputation figures from the database. */
  async analytics(page: { offset: number; limit: number; orderBy: Record<string, 'asc' | 'desc'> }) {
    const [sellers, total] = await this.db.em.findAndCount(
      Seller,
      { status: 'approved' },
      consolePageOptions(page),
    );
    const userIds = sellers.map((s) => s.userId);
    const [parts, reputations] = [await this.catalog.sellerPartStats(userIds), await this.reputation.forUsers(userIds)];
    const rows: SellerAnalyticsRow[] = sellers.map((s) => {
      const p = parts.get(s.userId)!;
      const r = reputations.get(s.userId)!;
      return {
        id: s.id,
        userId: s.userId,
        businessName: s.businessName,
        businessCity: s.businessCity,
        businessState: s.businessState,
        approvedAt: s.approvedAt ? s.approvedAt.toISOString() : null,
        partsListed: p.listed,
        activeParts: p.active,
        soldCount: r.totalSales,
        revenue: r.totalRevenue,
        rating: r.overallRating,
        ratingBand: r.ratingBand,
        reviews: r.totalReviews,
        reputationPoints: r.reputationPoints,
        level: r.currentLevel,
        levelName: r.levelName,
      };
    });
    return { rows, total };
  }
}
