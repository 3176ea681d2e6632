import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../platform/roles.js';
import type { BidderDto, UserDto } from './account.dto.js';
import { IdentityService } from './identity.service.js';
import { UserService } from './user.service.js';
import { PreferencesService } from './preferences.service.js';

/** What other modules and the CLI may ask of accounts. */
export abstract class AccountsApi {
  /** A user's public profile with email (for mail and admin views), or null. */
  abstract findUser(id: string): Promise<UserDto | null>;
  /** Several users' profiles with email (mail to many), in one query; unknown ids are left out. */
  abstract findUsers(ids: readonly string[]): Promise<UserDto[]>;
  /** Gives a user a role (seller approval). */
  abstract grantRole(userId: string, role: Role): Promise<void>;
  /** Ids of users whose username, email or name contains `q` (console searches), at most `limit`. */
  abstract searchUserIds(q: string, limit: number): Promise<string[]>;
  /** A user with their suspicious-activity score (bidding rules), in one query, or null. */
  abstract findBidder(id: string): Promise<BidderDto | null>;
  /** Adds `points` to a user's suspicious-activity score, kept within 0-100; returns the new score. */
  abstract addSuspicionScore(userId: string, points: number): Promise<number>;
  /** Several users with their suspicious-activity scores (console views), in one query; unknown ids are left out. */
  abstract findBidders(ids: readonly string[]): Promise<BidderDto[]>;
  /** Sets a user's suspicious-activity score (0-100) as an admin's reviewed decision, in the caller's transaction, audited. */
  abstract setSuspicionScore(tx: EntityManager, actorId: string, userId: string, score: number): Promise<{ before: number; after: number }>;
  /** Whether an admin has suspended the user (false for an unknown id): their listings stay off the market. */
  abstract isSuspended(userId: string): Promise<boolean>;
  /** Of `userIds`, those who turned mail about unread messages off in their account settings (unknown ids are left out). */
  abstract messageEmailsOff(userIds: readonly string[]): Promise<Set<string>>;
  /** Creates an admin, or makes the existing user of that username an admin (the CLI; idempotent). */
  abstract createAdmin(input: { username: string; email: string; password: string }): Promise<{ id: string; created: boolean }>;
}

/** The profile without the bidding-only suspicion score. */
const profileOf = ({ suspiciousActivityScore: _score, ...profile }: BidderDto): UserDto => profile;

@injectable()
export class AccountsApiImpl extends AccountsApi {
  constructor(
    @inject(IdentityService) private readonly identities: IdentityService,
    @inject(UserService) private readonly users: UserService,
    @inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {
    super();
  }
  async findUser(id: string): Promise<UserDto | null> {
    const [user] = await this.identities.findUsers([id]);
    return user ? profileOf(user) : null;
  }
  async findUsers(ids: readonly string[]): Promise<UserDto[]> {
    return (await this.identities.findUsers(ids)).map(profileOf);
  }
  async grantRole(userId: string, role: Role): Promise<void> {
    await this.users.grantRole(userId, role);
  }
  async searchUserIds(q: string, limit: number): Promise<string[]> {
    const { rows } = await this.users.listUsers({ q }, { offset: 0, limit });
    return rows.map((u) => u.id);
  }
  async findBidder(id: string): Promise<BidderDto | null> {
    return this.identities.findBidder(id);
  }
  async addSuspicionScore(userId: string, points: number): Promise<number> {
    return this.identities.addSuspicionScore(userId, points);
  }
  async findBidders(ids: readonly string[]): Promise<BidderDto[]> {
    return this.identities.findUsers(ids);
  }
  async setSuspicionScore(tx: EntityManager, actorId: string, userId: string, score: number): Promise<{ before: number; after: number }> {
    return this.users.setSuspicionScore(tx, actorId, userId, score);
  }
  async isSuspended(userId: string): Promise<boolean> {
    return this.users.isSuspended(userId);
  }
  async messageEmailsOff(userIds: readonly string[]): Promise<Set<string>> {
    return this.preferences.messageEmailsOff(userIds);
  }
  async createAdmin(input: { username: string; email: string; password: string }): Promise<{ id: string; created: boolean }> {
    return this.users.createAdmin(input);
  }
}
