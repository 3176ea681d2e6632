import { inject, injectable } from 'inversify';
import type { Role } from '../../platform/roles.js';
import { AccountService, type BidderDto, type UserDto } from './account.service.js';

/** What other modules may ask of accounts. */
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
}

/** The profile without the bidding-only suspicion score. */
const profileOf = ({ suspiciousActivityScore: _score, ...profile }: BidderDto): UserDto => profile;

@injectable()
export class AccountsApiImpl extends AccountsApi {
  constructor(@inject(AccountService) private readonly accounts: AccountService) {
    super();
  }
  async findUser(id: string): Promise<UserDto | null> {
    const [user] = await this.accounts.findUsers([id]);
    return user ? profileOf(user) : null;
  }
  async findUsers(ids: readonly string[]): Promise<UserDto[]> {
    return (await this.accounts.findUsers(ids)).map(profileOf);
  }
  async grantRole(userId: string, role: Role): Promise<void> {
    await this.accounts.grantRole(userId, role);
  }
  async searchUserIds(q: string, limit: number): Promise<string[]> {
    const { rows } = await this.accounts.listUsers({ q }, { offset: 0, limit });
    return rows.map((u) => u.id);
  }
  async findBidder(id: string): Promise<BidderDto | null> {
    return this.accounts.findBidder(id);
  }
  async addSuspicionScore(userId: string, points: number): Promise<number> {
    return this.accounts.addSuspicionScore(userId, points);
  }
}
