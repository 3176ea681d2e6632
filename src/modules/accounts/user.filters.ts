import { sql, type FilterQuery } from '@mikro-orm/core';
import { Errors } from '../../platform/errors.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity.js';

/** Case-insensitive exact matches that use the unique `lower(...)` indexes. */
export const byUsername = (username: string) => ({ [sql.lower('username')]: username.toLowerCase() }) as FilterQuery<User>;
export const byEmail = (email: string) => ({ [sql.lower('email')]: email.toLowerCase() }) as FilterQuery<User>;
/** A sign-in name: an email when it holds an @, else a username. */
export const byLoginName = (identifier: string) => (identifier.includes('@') ? byEmail(identifier) : byUsername(identifier));

/** Throws the spec's 409 naming the field when the username or email is already in use. */
export async function assertAvailable(em: EntityManager, username: string, email: string): Promise<void> {
  const clash = await em.find(User, { $or: [byUsername(username), byEmail(email)] }, { fields: ['username', 'email'] });
  if (clash.some((u) => u.username.toLowerCase() === username.toLowerCase())) {
    throw Errors.conflict('username_taken', 'Username is already taken', { username: 'Username is already taken' });
  }
  if (clash.length) {
    throw Errors.conflict('email_taken', 'An account with this email already exists', {
      email: 'An account with this email already exists',
    });
  }
}
