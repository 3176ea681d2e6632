import { inject, injectable } from 'inversify';
import argon2 from 'argon2';
import type { FilterQuery } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { containsConditions } from '../../platform/db/like.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { hasRole, type Role } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import type { CurrentUserDto, UserDto } from './account.dto.js';
import { toCurrentUser, toUserDto } from './account.mapper.js';
import { ACCOUNT_EVENTS } from './accounts.events.js';
import { byEmail, byUsername } from './user.filters.js';
import { User } from './user.entity.js';

/** Users as people see them (own record, profiles) and as admins manage them (lists, roles, new admins). */
@injectable()
export class UserService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  private get em() {
    return this.orm.em;
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

  /** Users for admins, newest first. */
  async listUsers(filter: { role?: Role; q?: string; ids?: string[] }, page: { offset: number; limit: number; orderBy?: Record<string, 'asc' | 'desc'> }) {
    const where: FilterQuery<User> = {
      ...(filter.role ? { role: filter.role } : {}),
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
    return { rows: rows.map((u) => toUserDto(u, true)), total };
  }

  /** Changes a user's role (admins only; an admin cannot change their own role). */
  async setRole(actor: Actor, userId: string, role: Role): Promise<UserDto> {
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
      }
      return toUserDto(user, true);
    });
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
    const passwordHash = await argon2.hash(input.password);
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
