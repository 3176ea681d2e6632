import argon2 from 'argon2';
import { inject, injectable } from 'inversify';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';

/**
 * argon2id at its defaults (64 MiB, 3 passes) everywhere but NODE_ENV=test, where a cheap setting keeps suites that
 * sign in hundreds of times fast on a busy machine. A hash carries its own settings, so either kind verifies.
 */
const TEST_COST = { memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;

/** Password hashing and checking, with a dummy hash to compare against when the account does not exist. */
@injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions | undefined;
  private dummy?: Promise<string>;

  constructor(@inject(TOKENS.Config) config: Config) {
    this.options = config.env === 'test' ? TEST_COST : undefined;
  }

  /** The stored form of `password`. */
  hash(password: string): Promise<string> {
    return argon2.hash(password, { ...this.options, raw: false });
  }

  /** Whether `password` matches `hash`; with no hash (no such account) it costs as much and answers false. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const against = hash ?? (await (this.dummy ??= this.hash('not-a-real-password')));
    const ok = await argon2.verify(against, password).catch(() => false);
    return Boolean(hash) && ok;
  }
}
