import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';

import { Clock } from '../../platform/clock.js';
import { containsPattern } from '../../platform/db/like.js';
import { Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { Badge, UserBadge } from './reputation.entity.js';
import type { BadgeDto, EarnedBadgesDto, UserBadgeDto } from './reputation.dto.js';
import type { BadgeCreateInput, BadgeUpdateInput } from './reputation.schemas.js';
import { ReputationService } from './reputation.service.js';
import { Database } from '../../platform/db/database.js';
import { badgeHolderCounts } from './badge.repository.js';

export const BADGE_NAME_TAKEN = 'A badge with this name already exists';

export const toBadgeDto = (b: Badge): BadgeDto => ({
  id: b.id,
  name: b.name,
  description: b.description,
  icon: b.icon,
  category: b.category,
  type: b.type,
  rarity: b.rarity,
  pointsAwarded: b.pointsAwarded,
  requirement: b.requirement,
  isActive: b.isActive,
  sortOrder: b.sortOrder,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export const toUserBadgeDto = (r: UserBadge, badge: Badge): UserBadgeDto => ({
  id: r.id,
  badgeId: r.badgeId,
  badge: toBadgeDto(badge),
  earnedAt: r.earnedAt.toISOString(),
  progress: r.progress,
  isDisplayed: r.isDisplayed,
});

/** Badges: the console's CRUD, the public lists, and who holds what. */
@injectable()
export class BadgeService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(ReputationService) private readonly reputation: ReputationService,
  ) {}

  private nameTaken(): Error {
    return Errors.conflict('badge_name_taken', BADGE_NAME_TAKEN, { name: BADGE_NAME_TAKEN });
  }

  /** Active badges in display order. */
  async listActive(page: { limit: number; offset: number }) {
    const [rows, total] = await this.db.em.findAndCount(
      Badge,
      { isActive: true },
      { orderBy: { sortOrder: 'asc', name: 'asc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: rows.map(toBadgeDto), total };
  }

  /** Badges a user earned, newest first; those the user hid only when the user asks (`viewerId`). */
  async ofUser(
    userId: string,
    page: { limit: number; offset: number },
    viewerId: string | null = null,
  ): Promise<{ rows: UserBadgeDto[]; total: number }> {
    const [rows, total] = await this.db.em.findAndCount(
      UserBadge,
      { userId, ...(viewerId === userId ? {} : { isDisplayed: true }) },
      { orderBy: { earnedAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
    const badges = rows.length ? await this.db.em.find(Badge, { id: { $in: rows.map((r) => r.badgeId) } }) : [];
    const byId = new Map(badges.map((b) => [b.id, b]));
    return { rows: rows.map((r) => toUserBadgeDto(r, byId.get(r.badgeId)!)), total };
  }

  /** The holder shows or hides one of their badges on their public lists (404 for a badge they have not earned). */
  async setDisplayed(userId: string, badgeId: string, isDisplayed: boolean): Promise<UserBadgeDto> {
    const held = await this.db.em.findOne(UserBadge, { userId, badgeId });
    if (!held) throw Errors.notFound('Earned badge');
    held.isDisplayed = isDisplayed;
    await this.db.em.flush();
    return toUserBadgeDto(held, (await this.db.em.findOne(Badge, { id: badgeId }))!);
  }

  /**
   * The names of the badges each of `userIds` shows, newest first, for part cards (one request for a page of
   * cards instead of one per seller). Users without a shown badge are answered with an empty list.
   */
  async shownNames(userIds: readonly string[]): Promise<EarnedBadgesDto[]> {
    const ids = [...new Set(userIds)];
    const held = ids.length
      ? await this.db.em.find(UserBadge, { userId: { $in: ids }, isDisplayed: true }, { orderBy: { earnedAt: 'desc', id: 'asc' } })
      : [];
    const badges = held.length ? await this.db.em.find(Badge, { id: { $in: [...new Set(held.map((h) => h.badgeId))] } }) : [];
    const names = new Map(badges.map((b) => [b.id, b.name]));
    return ids.map((userId) => ({
      userId,
      names: held.filter((h) => h.userId === userId).map((h) => names.get(h.badgeId) ?? '').filter((n) => n !== ''),
    }));
  }

  /** Badges for the console: any state, filtered and paged. */
  async adminList(
    filter: { q?: string; category?: string; type?: string; rarity?: string; isActive?: boolean; ids?: string[] },
    page: ConsolePage,
  ) {
    const where: FilterQuery<Badge> = {
      ...(filter.ids ? { id: { $in: filter.ids } } : {}),
      ...(filter.category ? { category: filter.category as Badge['category'] } : {}),
      ...(filter.type ? { type: filter.type as Badge['type'] } : {}),
      ...(filter.rarity ? { rarity: filter.rarity as Badge['rarity'] } : {}),
      ...(filter.isActive !== undefined ? { isActive: filter.isActive } : {}),
      ...(filter.q ? { name: { $ilike: containsPattern(filter.q) } } : {}),
    };
    const [rows, total] = await this.db.em.findAndCount(Badge, where, consolePageOptions(page));
    return { rows: rows.map(toBadgeDto), total };
  }

  async get(id: string): Promise<BadgeDto> {
    const badge = await this.db.em.findOne(Badge, { id });
    if (!badge) throw Errors.notFound('Badge');
    return toBadgeDto(badge);
  }

  async create(input: BadgeCreateInput): Promise<BadgeDto> {
    if (await this.db.em.count(Badge, { name: input.name })) throw this.nameTaken();
    const now = this.clock.now();
    try {
      const badge = this.db.em.create(Badge, { ...input, createdAt: now, updatedAt: now });
      await this.db.em.flush();
      return toBadgeDto(badge);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw this.nameTaken();
      throw error;
    }
  }

  async update(id: string, input: BadgeUpdateInput): Promise<BadgeDto> {
    const badge = await this.db.em.findOne(Badge, { id });
    if (!badge) throw Errors.notFound('Badge');
    if (input.name !== undefined && input.name !== badge.name && (await this.db.em.count(Badge, { name: input.name }))) {
      throw this.nameTaken();
    }
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (badge as Record<string, unknown>)[key] = value;
    }
    badge.updatedAt = this.clock.now();
    try {
      await this.db.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw this.nameTaken();
      throw error;
    }
    return toBadgeDto(badge);
  }

  /** Deletes a badge; holders lose it and the points it gave them. Answers the deleted record. */
  async remove(id: string): Promise<BadgeDto> {
    return this.db.em.transactional(async (em) => {
      const badge = await em.findOne(Badge, { id });
      if (!badge) throw Errors.notFound('Badge');
      const holders = await em.find(UserBadge, { badgeId: id });
      const dto = toBadgeDto(badge);
      await em.nativeDelete(UserBadge, { badgeId: id });
      await em.nativeDelete(Badge, { id });
      for (const h of holders) await this.reputation.recompute(em, h.userId);
      return dto;
    });
  }

  /** Badge id -> how many users earned it (every badge listed, zero included). */
  stats(): Promise<Record<string, number>> {
    return badgeHolderCounts(this.db.em);
  }
}
