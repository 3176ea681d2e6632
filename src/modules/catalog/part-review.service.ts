import { inject, injectable } from 'inversify';
import type { FilterQuery, ObjectQuery } from '@mikro-orm/core';
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
import { CATALOG_EVENTS } from './catalog.events.js';
import { Part } from './part.entity.js';
import type { PartDto } from './part.dto.js';
import { PartService } from './part.service.js';
import { Database } from '../../platform/db/database.js';

/** Where a listing is in review: waiting (active, undecided), approved, or rejected with a reason. */
export const PART_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PartReviewStatus = (typeof PART_REVIEW_STATUSES)[number];

const REVIEW_STATUS_WHERE: Record<PartReviewStatus, ObjectQuery<Part>> = {
  pending: { isActive: true, isApproved: false, rejectionReason: null },
  approved: { isApproved: true },
  rejected: { isApproved: false, rejectionReason: { $ne: null } },
};

const isAdmin = (actor: Actor | null) => hasRole(actor?.role, 'admin');

/** Admins' review of listings: the queue, approve and reject (the seller is told by email), the console's list. */
@injectable()
export class PartReviewService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(PartService) private readonly parts: PartService,
    @inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /** Listings waiting for review, oldest first. */
  async pending(page: { limit: number; offset: number }): Promise<{ rows: PartDto[]; total: number }> {
    const [rows, total] = await this.db.em.findAndCount(
      Part,
      { isActive: true, isApproved: false, rejectionReason: null },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: await this.parts.toDtos(rows), total };
  }

  /** Makes a listing public; the approver is the signed-in admin. The seller is told by email. */
  async approve(id: string, admin: Actor): Promise<PartDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    const part = await this.db.em.transactional(async (em) => {
      const part = await em.findOne(Part, { id }, { lockMode: 4 });
      if (!part) throw Errors.notFound('Part');
      if (!part.isActive) throw Errors.conflict('part_removed', 'This listing was withdrawn by its seller');
      const before = reviewState(part);
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
      await this.audit.record(em, { actorId: admin.id, action: 'listing.approved', entityType: 'listing', entityId: part.id, before, after: reviewState(part) });
      await this.notifySeller(em, part, 'approved');
      return part;
    });
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }

  /** Rejects (or takes down) a listing with a reason; the seller is told by email. */
  async reject(id: string, reason: string, admin: Actor): Promise<PartDto> {
    return this.takeDown(id, reason, admin, 'rejected', (part) => {
      if (!part.isActive) throw Errors.conflict('part_removed', 'This listing was withdrawn by its seller');
    });
  }

  /**
   * Takes a live listing off the market with a reason (it becomes rejected: the seller is mailed the reason and
   * may edit it for another review).
   */
  async unpublish(id: string, reason: string, admin: Actor): Promise<PartDto> {
    return this.takeDown(id, reason, admin, 'unpublished', (part) => {
      if (!part.isActive || !part.isApproved) throw Errors.conflict('part_not_live', 'Only a live listing can be unpublished');
    });
  }

  /** Marks a listing rejected with `reason` under its row lock, after `check`; publishes, audits and mails the seller. */
  private async takeDown(id: string, reason: string, admin: Actor, kind: 'rejected' | 'unpublished', check: (part: Part) => void): Promise<PartDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    const part = await this.db.em.transactional(async (em) => {
      const part = await em.findOne(Part, { id }, { lockMode: 4 });
      if (!part) throw Errors.notFound('Part');
      check(part);
      const before = reviewState(part);
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
      await this.audit.record(em, { actorId: admin.id, action: `listing.${kind}`, entityType: 'listing', entityId: part.id, reason, before, after: reviewState(part) });
      await this.notifySeller(em, part, kind);
      return part;
    });
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }

  /** Deletes a spam listing for good (its fitments and watchlist entries go with it); the seller is not mailed. */
  async deleteAsSpam(id: string, admin: Actor): Promise<PartDto> {
    if (!isAdmin(admin)) throw Errors.forbidden();
    const part = await this.db.em.findOne(Part, { id });
    if (!part) throw Errors.notFound('Part');
    const [dto] = await this.parts.toDtos([part]);
    await this.db.em.transactional(async (em) => {
      const deleted = await em.nativeDelete(Part, { id });
      if (!deleted) throw Errors.notFound('Part');
      await this.events.publish(em, {
        name: CATALOG_EVENTS.partDeleted,
        payload: { partId: id, sellerId: part.sellerId, deletedBy: admin.id },
      });
      await this.audit.record(em, { actorId: admin.id, action: 'listing.deleted_as_spam', entityType: 'listing', entityId: id, before: dto, after: null });
    });
    return dto!;
  }

  private async notifySeller(em: EntityManager, part: Part, outcome: 'approved' | 'rejected' | 'unpublished'): Promise<void> {
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
        : outcome === 'unpublished'
          ? {
              subject: `Your listing "${part.title}" was taken down`,
              text:
                `Hi ${seller.firstName},\n\nYour listing "${part.title}" was taken off Pitlane for this reason:\n\n${part.rejectionReason}\n\n` +
                `You can edit the listing and it will be reviewed again:\n\n${link}\n\n— The Pitlane team`,
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
    const [rows, total] = await this.db.em.findAndCount(Part, where, consolePageOptions(page));
    return { rows: await this.parts.toDtos(rows), total };
  }

  /** One part in any state, for the console. */
  async adminGet(id: string): Promise<PartDto> {
    const part = await this.db.em.findOne(Part, { id });
    if (!part) throw Errors.notFound('Part');
    const [dto] = await this.parts.toDtos([part]);
    return dto!;
  }
}

/** The review facts of a listing, as the audit log keeps them. */
const reviewState = (p: Part) => ({
  title: p.title,
  sellerId: p.sellerId,
  isActive: p.isActive,
  isApproved: p.isApproved,
  rejectionReason: p.rejectionReason ?? null,
});
