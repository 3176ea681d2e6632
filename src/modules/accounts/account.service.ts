import { createHash, randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import argon2 from 'argon2';
import { UniqueConstraintViolationException, sql, type FilterQuery } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { AppError, Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole, type Role } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { containsConditions } from '../../platform/db/like.js';
import { forgetInRequest, rememberInRequest } from '../../platform/request-scope.js';
import { User } from './user.entity.js';
import { EmailVerificationToken } from './email-verification-token.entity.js';
import { CURRENT_POLICY_VERSION, POLICY_TYPES, PolicyAcceptance } from './policy-acceptance.entity.js';
import type { RegisterInput } from './account.schemas.js';
import { ACCOUNT_EVENTS } from './accounts.events.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { parseSession } from '../../platform/http/session-store.js';
import type { SessionData } from 'express-session';

/** Verification links stay valid for 24 hours. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface CurrentUserDto {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
}

export interface UserDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email?: string;
  role: Role;
  isVerified: boolean;
  country: string;
  location: string | null;
  createdAt: string;
}

/** A user as the bidding rules see them: the profile plus the suspicious-activity score. */
export interface BidderDto extends UserDto {
  suspiciousActivityScore: number;
}

export interface PolicyAcceptanceDto {
  id: string;
  userId: string;
  policyType: string;
  policyVersion: string;
  acceptedAt: string;
  ipAddress: string;
  userAgent: string | null;
  isCurrentVersion: boolean;
}

/** Case-insensitive exact matches that use the unique `lower(...)` indexes. */
const byUsername = (username: string) => ({ [sql.lower('username')]: username.toLowerCase() }) as FilterQuery<User>;
const byEmail = (email: string) => ({ [sql.lower('email')]: email.toLowerCase() }) as FilterQuery<User>;

interface IdentityRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  is_verified: boolean;
  country: string;
  location: string | null;
  created_at: Date;
  suspicious_activity_score: number;
}
const IDENTITY_COLUMNS = `id, username, first_name, last_name, email, role, is_verified, country, location, created_at,
  suspicious_activity_score`;
const IDENTITY_SQL = `select ${IDENTITY_COLUMNS} from users where id = $1`;
/** A session with its user's identity columns (null when the session names no existing user). */
const SESSION_SQL = `select s.sess, ${IDENTITY_COLUMNS.replace(/(\w+)/g, 'u.$1')}
  from sessions s
  left join users u on u.id = case when pg_input_is_valid(s.sess->>'userId', 'uuid') then (s.sess->>'userId')::uuid end
  where s.sid = $1 and s.expire >= to_timestamp($2 / 1000.0)`;
const IDENTITIES_SQL = `select ${IDENTITY_COLUMNS} from users where id = any($1::uuid[])`;
const identityOf = (u: IdentityRow): BidderDto => ({
  id: u.id,
  username: u.username,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  role: u.role,
  isVerified: u.is_verified,
  country: u.country,
  location: u.location,
  createdAt: new Date(u.created_at).toISOString(),
  suspiciousActivityScore: u.suspicious_activity_score,
});
const identityKey = (userId: string) => `accounts:identity:${userId}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const toCurrentUser = (u: User): CurrentUserDto => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
  email: u.email,
  role: u.role,
});

/** The public view of a user; the email only for the user themselves and admins. */
export const toUserDto = (u: User, showEmail: boolean): UserDto => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  ...(showEmail ? { email: u.email } : {}),
  role: u.role,
  isVerified: u.isVerified,
  country: u.country,
  location: u.location ?? null,
  createdAt: u.createdAt.toISOString(),
});

const toAcceptanceDto = (a: PolicyAcceptance): PolicyAcceptanceDto => ({
  id: a.id,
  userId: a.userId,
  policyType: a.policyType,
  policyVersion: a.policyVersion,
  acceptedAt: a.acceptedAt.toISOString(),
  ipAddress: a.ipAddress,
  userAgent: a.userAgent ?? null,
  isCurrentVersion: a.isCurrentVersion,
});

// A real argon2 hash to compare against when the user does not exist, so timing does not reveal it.
let dummyHash: Promise<string> | undefined;

/** Accounts: registration, verification, credentials, roles and policy acceptances. */
@injectable()
export class AccountService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(TOKENS.PgPool) private readonly pool: pg.Pool,
  ) {}

  private get em() {
    return this.orm.em;
  }

  private async assertAvailable(username: string, email: string): Promise<void> {
    const clash = await this.em.find(
      User,
      { $or: [byUsername(username), byEmail(email)] },
      { fields: ['username', 'email'] },
    );
    if (clash.some((u) => u.username.toLowerCase() === username.toLowerCase())) {
      throw Errors.conflict('username_taken', 'Username is already taken', { username: 'Username is already taken' });
    }
    if (clash.length) {
      throw Errors.conflict('email_taken', 'An account with this email already exists', {
        email: 'An account with this email already exists',
      });
    }
  }

  /** Registers a buyer and queues the verification email; the role is always buyer. */
  async register(input: RegisterInput, ipAddress: string | undefined): Promise<{ id: string; email: string }> {
    const passwordHash = await argon2.hash(input.password);
    try {
      return await this.em.transactional(async (em) => {
        await this.assertAvailable(input.username, input.email);
        const now = this.clock.now();
        const user = em.create(User, {
          username: input.username,
          email: input.email,
          password: passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          location: input.location,
          country: input.country,
          marketingEmails: input.marketingEmails,
          role: 'buyer',
          isVerified: false,
          verificationLevel: 'pending',
          ipAddress: ipAddress ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        await this.issueVerification(user);
        await this.events.publish(em, {
          name: ACCOUNT_EVENTS.userRegistered,
          payload: { userId: user.id, role: 'buyer' },
        });
        return { id: user.id, email: user.email };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        // Two registrations raced past the check: report which field clashed.
        await this.assertAvailable(input.username, input.email);
      }
      throw error;
    }
  }

  /** Creates a verification token for the user and queues the email with the link. */
  private async issueVerification(user: User): Promise<void> {
    const secret = randomBytes(32).toString('base64url');
    this.em.create(EmailVerificationToken, {
      userId: user.id,
      token: hashToken(secret),
      expiresAt: new Date(this.clock.now().getTime() + VERIFICATION_TOKEN_LIFETIME_MS),
      createdAt: this.clock.now(),
    });
    await this.em.flush();
    const link = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(secret)}`;
    await this.mail.queue(this.em, {
      to: user.email,
      subject: 'Verify your Pitlane email address',
      text:
        `Hi ${user.firstName},\n\nWelcome to Pitlane. Please confirm your email address by opening this link:\n\n${link}\n\n` +
        `The link is valid for 24 hours. If you did not create an account, ignore this message.\n\n— The Pitlane team`,
      html:
        `<p>Hi ${escapeHtml(user.firstName)},</p><p>Welcome to Pitlane. Please confirm your email address:</p>` +
        `<p><a href="${link}">Verify my email</a></p><p>The link is valid for 24 hours. If you did not create an account, ignore this message.</p>`,
    });
  }

  /** Marks the token's user verified; unknown, used or expired tokens are a 400. */
  async verifyEmail(secret: string): Promise<{ message: string; verified: true }> {
    return this.em.transactional(async (em) => {
      const token = await em.findOne(
        EmailVerificationToken,
        { token: hashToken(secret) },
        { lockMode: 4 /* PESSIMISTIC_WRITE */ },
      );
      if (!token) throw Errors.invalid('token_invalid', 'This verification link is invalid.', { token: 'This verification link is invalid.' });
      if (token.usedAt) {
        throw Errors.invalid('token_used', 'This verification link has already been used.', {
          token: 'This verification link has already been used.',
        });
      }
      if (token.expiresAt.getTime() <= this.clock.now().getTime()) {
        throw Errors.invalid('token_expired', 'This verification link has expired. Please register again.', {
          token: 'This verification link has expired. Please register again.',
        });
      }
      const user = await em.findOneOrFail(User, { id: token.userId });
      token.usedAt = this.clock.now();
      user.isVerified = true;
      user.verificationLevel = 'email';
      await em.flush();
      await this.events.publish(em, { name: ACCOUNT_EVENTS.userVerified, payload: { userId: user.id } });
      return { message: 'Your email address has been verified. You can now sign in.', verified: true as const };
    });
  }

  /** Checks credentials (username or email); a wrong pair is a 401 that does not say which part was wrong. */
  async authenticate(identifier: string, password: string): Promise<User> {
    const user = await this.em.findOne(
      User,
      identifier.includes('@') ? byEmail(identifier) : byUsername(identifier),
      { populate: ['password'] },
    );
    const hash = user?.password ?? (await (dummyHash ??= argon2.hash('not-a-real-password')));
    const ok = await argon2.verify(hash, password).catch(() => false);
    if (!user || !ok) throw new AppError('unauthorized', 'invalid_credentials', 'Invalid username or password');
    if (!user.isVerified) {
      throw new AppError(
        'forbidden',
        'email_not_verified',
        'Please verify your email address before signing in. Check your inbox for the link we sent.',
      );
    }
    return user;
  }

  /** The actor of a session, or null when the user is gone. */
  async findActor(userId: string): Promise<Actor | null> {
    const user = await this.identity(userId);
    return user ? { id: user.id, role: user.role } : null;
  }

  /**
   * The user as the session's guards and the bidding rules see them, read once per request (the route guard
   * and the service of one request share it) with one prepared statement, outside the ORM: this runs on every
   * signed-in request.
   */
  private identity(userId: string): Promise<BidderDto | null> {
    return rememberInRequest(identityKey(userId), async () => {
      const { rows } = await this.pool.query<IdentityRow>({ name: 'accounts-identity', text: IDENTITY_SQL, values: [userId] });
      return rows[0] ? identityOf(rows[0]) : null;
    });
  }

  /**
   * The stored session `sid` (unexpired at `now`, ms since the epoch) and, in the same statement, its user:
   * the identity is kept for this request, so the route guard and the services read no further.
   */
  async readSession(sid: string, now: number): Promise<SessionData | null> {
    const { rows } = await this.pool.query<{ [K in keyof IdentityRow]: IdentityRow[K] | null } & { sess: SessionData | string }>({
      name: 'accounts-session',
      text: SESSION_SQL,
      values: [sid, now],
    });
    const row = rows[0];
    if (!row) return null;
    const sess = parseSession(row.sess);
    const userId = sess?.userId;
    if (userId) {
      const identity = row.id === null ? null : identityOf(row as IdentityRow);
      void rememberInRequest(identityKey(userId), () => Promise.resolve(identity));
    }
    return sess;
  }

  /** Several users with their emails (for mail to many), in one query; unknown ids are left out. */
  async findUsers(ids: readonly string[]): Promise<BidderDto[]> {
    // An id that is no uuid names nobody (and would make the cast fail).
    const wanted = uuidArray(ids);
    if (wanted === '{}') return [];
    const { rows } = await this.pool.query<IdentityRow>({ name: 'accounts-identities', text: IDENTITIES_SQL, values: [wanted] });
    return rows.map(identityOf);
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

  /** Records a policy acceptance for `userId` with the request's real IP address and user agent. */
  async acceptPolicy(
    allowedUserIds: string[],
    input: { userId: string; policyType: (typeof POLICY_TYPES)[number]; policyVersion: string },
    client: { ipAddress: string; userAgent: string | null },
  ): Promise<PolicyAcceptanceDto> {
    if (!allowedUserIds.includes(input.userId)) throw Errors.forbidden();
    const user = await this.em.findOne(User, { id: input.userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const acceptance = this.em.create(PolicyAcceptance, {
      userId: input.userId,
      policyType: input.policyType,
      policyVersion: input.policyVersion,
      acceptedAt: this.clock.now(),
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      isCurrentVersion: input.policyVersion === CURRENT_POLICY_VERSION,
    });
    await this.em.flush();
    return toAcceptanceDto(acceptance);
  }

  /** Whether the user accepted every current policy, with their acceptances (self or admin). */
  async policyStatus(viewer: Actor, userId: string) {
    if (viewer.id !== userId && !hasRole(viewer.role, 'admin')) throw Errors.forbidden();
    const user = await this.em.findOne(User, { id: userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const acceptances = await this.em.find(PolicyAcceptance, { userId }, { orderBy: { acceptedAt: 'desc' } });
    const current = new Set(
      acceptances.filter((a) => a.policyVersion === CURRENT_POLICY_VERSION).map((a) => a.policyType),
    );
    return {
      hasAcceptedPolicies: POLICY_TYPES.every((t) => current.has(t)),
      acceptances: acceptances.map(toAcceptanceDto),
    };
  }

  /** A user with email and suspicious-activity score, for the bidding rules (one query), or null. */
  async findBidder(id: string): Promise<BidderDto | null> {
    return this.identity(id);
  }

  /** Adds `points` to a user's suspicious-activity score (one statement, kept within 0-100). */
  async addSuspicionScore(userId: string, points: number): Promise<number> {
    const rows = await this.em.fork().execute<{ score: number }[]>(
      `update users set suspicious_activity_score = least(100, greatest(0, suspicious_activity_score + ?))
       where id = ? returning suspicious_activity_score as score`,
      [Math.trunc(points), userId],
    );
    forgetInRequest(identityKey(userId));
    return rows[0]?.score ?? 0;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
