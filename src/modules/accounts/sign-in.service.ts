import { inject, injectable } from 'inversify';

import { AppError } from '../../platform/errors.js';
import { byLoginName } from './user.filters.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';
import { PasswordHasher } from './password.hasher.js';

/** What a suspended user is told when they sign in. */
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your account is suspended. Please contact support if you think this is a mistake.';

/** Sign-in: checking a password against the account a username or email names. */
@injectable()
export class SignInService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
  ) {}

  /** Checks credentials (username or email); a wrong pair is a 401 that does not say which part was wrong. */
  async authenticate(identifier: string, password: string): Promise<User> {
    const user = await this.db.em.findOne(User, byLoginName(identifier), { populate: ['password'] });
    // Checked against a dummy hash when nobody has that name, so timing does not reveal it.
    const ok = await this.passwords.verify(user?.password, password);
    if (!user || !ok) throw new AppError('unauthorized', 'invalid_credentials', 'Invalid username or password');
    if (!user.isVerified) {
      throw new AppError(
        'forbidden',
        'email_not_verified',
        'Please verify your email address before signing in. Check your inbox for the link we sent.',
      );
    }
    // Only after the right password, so the message tells nobody else that the account exists.
    if (user.suspendedAt) throw new AppError('forbidden', 'account_suspended', ACCOUNT_SUSPENDED_MESSAGE);
    return user;
  }

  /**
   * The bucket failed sign-ins with `identifier` count in: the account it names, whether by username or email
   * (so the two are one bucket), or the normalised identifier when it names nobody.
   */
  async failureKey(identifier: string): Promise<string> {
    const name = identifier.trim().toLowerCase();
    // A NUL byte can name no account (and PostgreSQL refuses it in a text parameter).
    if (!name.includes('\u0000')) {
      const user = await this.db.em.findOne(User, byLoginName(name), { fields: ['id'] });
      if (user) return `account:${user.id}`;
    }
    return `name:${name}`;
  }
}
