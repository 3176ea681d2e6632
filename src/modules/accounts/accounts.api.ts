import { inject, injectable } from 'inversify';
import type { Role } from '../../platform/roles.js';
import { AccountService, type UserDto } from './account.service.js';

/** What other modules may ask of accounts. */
export abstract class AccountsApi {
  /** A user's public profile with email (for mail and admin views), or null. */
  abstract findUser(id: string): Promise<UserDto | null>;
  /** Gives a user a role (seller approval). */
  abstract grantRole(userId: string, role: Role): Promise<void>;
}

@injectable()
export class AccountsApiImpl extends AccountsApi {
  constructor(@inject(AccountService) private readonly accounts: AccountService) {
    super();
  }
  async findUser(id: string): Promise<UserDto | null> {
    try {
      return await this.accounts.getUser(id, { id, role: 'buyer' });
    } catch {
      return null;
    }
  }
  async grantRole(userId: string, role: Role): Promise<void> {
    await this.accounts.grantRole(userId, role);
  }
}
