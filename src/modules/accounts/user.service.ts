import { inject, injectable } from 'inversify';
import { PasswordHasher } from './password.hasher.js';
import type { FilterQuery } from '@mikro-orm/core';
import { LockMode } from '@mikro-orm/core';

import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../../platform/audit.js';
import { Clock } from '../../platform/clock.js';
import { containsConditions } from '../../platform/db/like.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { hasRole, type Role } from '../../platform/roles.js';
import type { AdminUserDto, CurrentUserDto, UserDto } from './account.dto.js';
import { toAdminUserDto, toCurrentUser, toUserDto } from './account.mapper.js';
import { ACCOUNT_EVENTS } from './accounts.events.js';
import { byEmail, byUsername } from './user.filters.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

/** Users as people see them (own record, profiles) and as admins manage them (lists, roles, new admins). */
@injectable()
export class UserService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  private get em() {
    return this.db.em;
  }

  /** The signed-in user's own record. */
  async currentUser(userId: string): Promise<CurrentUserDto> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw Errors.unauthorized();
    return toCurrentUser(user);
  }

  /** One user's public profile; email only for self and admins. */
  async getUser(id: string, viewer: Actor | null): Promise<UserDto> {
    const user = await this.em.findOne(User, { id });
    if (!user) throw Errors.notFound('User');
    return toUserDto(user, viewer !== null && (viewer.id === id || hasRole(viewer.role, 'admin')));
  }

  /** One user for the console, with the suspension and the suspicious-activity score. */
  async getAdminUser(id: string): Promise<AdminUserDto> {
    const user = await this.em.findOne(User, { id });
    if (!user) throw Errors.notFound('User');
    return toAdminUserDto(user);
  }

  /** Users for admins, newest first. */
  async listUsers(
    filter: { role?: Role; q?: string; ids?: string[]; suspended?: boolean },
    page: { offset: number; limit: number; orderBy?: Record<string, 'asc' | 'desc'> },
  ) {
    const { rows, total } = await this.listAdminUsers(filter, page);
    return { rows: rows.map(({ suspendedBy: _by, suspiciousActivityScore: _score, ...u }): UserDto => u), total };
  }

  /** Users for the console, with the suspension and the suspicious-activity score. */
  async listAdminUsers(
    filter: { role?: Role; q?: string; ids?: string[]; suspended?: boolean },
    page: { offset: number; limit: number; orderBy?: Record<string, 'asc' | 'desc'> },
  ): Promise<{ rows: AdminUserDto[]; total: number }> {
    const where: FilterQuery<User> = {
      ...(filter.role ? { role: filter.role } : {}),
      ...(filter.suspended === undefined ? {} : { suspendedAt: filter.suspended ? { $ne: null } : null }),
      ...(filter.ids ? { id: { $in: filter.ids } } : {}),
      ...(filter.q
        ? { $or: containsConditions<User>(['username', 'email', 'firstName', 'lastName'], filter.q) }
        : {}),
    };
    const [rows, total] = await this.em.findAndCount(User, where, {
      offset: page.offset,
      limit: page.limit,
      orderBy: page.orderBy ?? { createdAt: 'desc' },
    });
    return { rows: rows.map(toAdminUserDto), total };
  }

  /** Changes a user's role (admins only; an admin cannot change their own role). */
  async setRole(actor: Actor, userId: string, role: Role): Promise<AdminUserDto> {
    if (!hasRole(actor.role, 'admin')) throw Errors.forbidden();
    if (actor.id === userId) {
      throw Errors.conflict('own_role', 'You cannot change your own role', { role: 'You cannot change your own role' });
    }
    return this.em.transactional(async (em) => {
      const user = await em.findOne(User, { id: userId });
      if (!user) throw Errors.notFound('User');
      const previous = user.role;
      user.role = role;
      await em.flush();
      if (previous !== role) {
        await this.events.publish(em, {
          name: ACCOUNT_EVENTS.roleChanged,
          payload: { userId, previousRole: previous, role, changedBy: actor.id },
        });
        await this.audit.record(em, {
          actorId: actor.id,
          action: 'user.role_changed',
          entityType: 'user',
          entityId: userId,
          before: { role: previous },
          after: { role },
        });
      }
      return toAdminUserDto(user);
    });
  }

  /**
   * Suspends a user (admins only, never themselves): they cannot sign in, their sessions stop working, and
   * `accounts.user.suspended` takes their live listings off the market. Suspending a suspended user changes nothing.
   */
  async suspend(actor: Actor, userId: string, reason: string): Promise<AdminUserDto> {
    if (!hasRole(actor.role, 'admin')) throw Errors.forbidden();
    if (actor.id === userId) {
      throw Errors.conflict('own_suspension', 'You cannot suspend your own account', { reason: 'You cannot suspend your own account' });
    }
    return this.em.transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw Errors.notFound('User');
      if (user.suspendedAt) return toAdminUserDto(user);
      const before = suspensionOf(user);
      user.suspendedAt = this.clock.now();
      user.suspensionReason = reason;
      user.suspendedBy = actor.id;
      await em.flush();
      await this.events.publish(em, { name: ACCOUNT_EVENTS.userSuspended, payload: { userId, suspendedBy: actor.id, reason } });
      await this.audit.record(em, {
        actorId: actor.id,
        action: 'user.suspended',
        entityType: 'user',
        entityId: userId,
        reason,
        before,
        after: suspensionOf(user),
      });
      return toAdminUserDto(user);
    });
  }

  /** Lifts a user's suspension (admins only); their hidden listings come back. Reinstating an active user changes nothing. */
  async reinstate(actor: Actor, userId: string, reason?: string): Promise<AdminUserDto> {
    if (!hasRole(actor.role, 'admin')) throw Errors.forbidden();
    return this.em.transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw Errors.notFound('User');
      if (!user.suspendedAt) return toAdminUserDto(user);
      const before = suspensionOf(user);
      user.suspendedAt = null;
      user.suspensionReason = null;
      user.suspendedBy = null;
      await em.flush();
      await this.events.publish(em, { name: ACCOUNT_EVENTS.userReinstated, payload: { userId, reinstatedBy: actor.id } });
      await this.audit.record(em, {
        actorId: actor.id,
        action: 'user.reinstated',
        entityType: 'user',
        entityId: userId,
        reason: reason ?? null,
        before,
        after: suspensionOf(user),
      });
      return toAdminUserDto(user);
    });
  }

  /** Whether an admin suspended the user (false for an unknown id). */
  async isSuspended(userId: string): Promise<boolean> {
    const user = await this.db.em.findOne(User, { id: userId }, { fields: ['suspendedAt'] });
    return Boolean(user?.suspendedAt);
  }

  /** Sets a user's suspicious-activity score from a reviewed flag, in the caller's transaction, audited. */
  async setSuspicionScore(tx: EntityManager, actorId: string, userId: string, score: number): Promise<{ before: number; after: number }> {
    // Locked and read fresh (whatever the unit of work held), so two reviews of one user apply one after the other.
    const current = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!current) throw Errors.notFound('User');
    // The score alone, as before: an admin's review is no edit of the account (updated_at stays).
    await tx.nativeUpdate(User, { id: userId }, { suspiciousActivityScore: score });
    const row = { before: current.suspiciousActivityScore, after: score };
    if (row.before !== row.after) {
      await this.audit.record(tx, {
        actorId,
        action: 'user.suspicious_score_set',
        entityType: 'user',
        entityId: userId,
        before: { suspiciousActivityScore: row.before },
        after: { suspiciousActivityScore: row.after },
      });
    }
    return row;
  }

  /** Grants a role without an acting admin (other modules: seller approval; the CLI). */
  async grantRole(userId: string, role: Role): Promise<void> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw Errors.notFound('User');
    if (user.role !== role && !(role === 'seller' && user.role === 'admin')) {
      user.role = role;
      await this.em.flush();
    }
  }

  /** Creates an admin, or makes the existing user of that username an admin (idempotent). */
  async createAdmin(input: { username: string; email: string; password: string }): Promise<{ id: string; created: boolean }> {
    const passwordHash = await this.passwords.hash(input.password);
    return this.em.transactional(async (em) => {
      const existing = await em.findOne(User, byUsername(input.username));
      if (existing) {
        existing.role = 'admin';
        existing.isVerified = true;
        await em.flush();
        return { id: existing.id, created: false };
      }
      const emailClash = await em.count(User, byEmail(input.email));
      if (emailClash) {
        throw Errors.conflict('email_taken', 'An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
      const now = this.clock.now();
      const user = em.create(User, {
        username: input.username,
        email: input.email,
        password: passwordHash,
        firstName: 'Admin',
        lastName: input.username,
        role: 'admin',
        isVerified: true,
        verificationLevel: 'email',
        country: 'USA',
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return { id: user.id, created: true };
    });
  }
}

/** The suspension facts of a user, as the audit log keeps them. */
const suspensionOf = (u: User) => ({
  suspendedAt: u.suspendedAt?.toISOString() ?? null,
  suspensionReason: u.suspensionReason ?? null,
  suspendedBy: u.suspendedBy ?? null,
});
