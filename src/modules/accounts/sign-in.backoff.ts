import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { FailureCounter } from '../../platform/http/rate-limit.js';

/** Wrong passwords one client address may give for one account before each further try waits. */
export const FREE_FAILURES = 5;
/** The longest wait between two tries of one address on one account. */
export const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** How long an address's failures on an account are remembered after the last one. */
export const BACKOFF_MEMORY_MS = 24 * 60 * 60 * 1000;

/** The wait after an address's `failures`-th wrong password on an account: none for the first five, then 1 s doubling to 15 min. */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_BACKOFF_MS);
}

/** "N seconds" or "N minutes", rounded up, for the 429's sentence. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of a client address that must wait before trying an account again; `retryAfterSeconds` goes in Retry-After. */
export class SignInBackoffError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'rate_limited', `Too many failed sign-in attempts. Please wait ${waitText(retryAfterSeconds * 1000)} and try again.`);
  }
}

/**
 * The growing delay between wrong passwords of one client address on one account (docs/decisions/accounts.md,
 * "Sign-in back-off"): the owner signing in from elsewhere is never held up by someone guessing their password.
 */
@injectable()
export class SignInBackoff {
  constructor(
    @inject(FailureCounter) private readonly failures: FailureCounter,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Runs `check` (the password check) for `account` (SignInService.failureKey) from `address` (clientAddress),
   * unless that pair must still wait (SignInBackoffError). A wrong password (401) counts against the pair; the
   * right one (a success, or the 403 of an unverified or suspended account) clears it.
   */
  async attempt<T>(address: string, account: string, check: () => Promise<T>): Promise<T> {
    const key = `${account}\n${address}`;
    const before = await this.failures.read(key);
    if (before) {
      const waitMs = before.lastAt.getTime() + backoffMs(before.count) - this.clock.now().getTime();
      if (waitMs > 0) throw new SignInBackoffError(Math.ceil(waitMs / 1000));
    }
    try {
      const result = await check();
      if (before) await this.failures.clear(key);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_credentials') await this.failures.record(key, this.clock.now());
      else if (before && error instanceof AppError && error.kind === 'forbidden') await this.failures.clear(key);
      throw error;
    }
  }
}
