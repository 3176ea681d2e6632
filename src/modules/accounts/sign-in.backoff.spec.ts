import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { FailureCounter, type FailureRecord } from '../../platform/http/rate-limit.js';

/** The rule's own view of a counter, kept in a Map (the shared one in PostgreSQL has its route tests). */
class CountsInMap extends FailureCounter {
  private readonly records = new Map<string, FailureRecord>();
  constructor(private readonly retainMs: number) {
    super();
  }
  async read(key: string) {
    return this.records.get(key) ?? null;
  }
  async record(key: string, at: Date) {
    const before = this.records.get(key);
    const next = { count: before && at.getTime() - before.lastAt.getTime() < this.retainMs ? before.count + 1 : 1, lastAt: at };
    this.records.set(key, next);
    return next;
  }
  async clear(key: string) {
    this.records.delete(key);
  }
}
import { backoffMs, FREE_FAILURES, MAX_BACKOFF_MS, SignInBackoff, SignInBackoffError, waitText } from './sign-in.backoff.js';

const wrong = () => Promise.reject(new AppError('unauthorized', 'invalid_credentials', 'Invalid username or password'));

describe('backoffMs', () => {
  it('waits for nothing during the free failures, then 1 s doubling up to 15 minutes', () => {
    expect([0, 1, FREE_FAILURES - 1].map(backoffMs)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(15)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(10_000)).toBe(MAX_BACKOFF_MS);
  });

  it('says the wait in seconds or minutes, rounded up', () => {
    expect([1000, 2000, 59_000, 60_000, 61_000, MAX_BACKOFF_MS].map(waitText)).toEqual(['1 second', '2 seconds', '59 seconds', '1 minute', '2 minutes', '15 minutes']);
  });
});

describe('SignInBackoff', () => {
  it('holds one address on one account and lets every other pair through', async () => {
    const clock = new ManualClock();
    const backoff = new SignInBackoff(new CountsInMap(24 * 3600_000), clock);
    for (let i = 0; i < FREE_FAILURES; i++) await expect(backoff.attempt('a', 'account:1', wrong)).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(backoff.attempt('a', 'account:1', async () => 'ok')).rejects.toBeInstanceOf(SignInBackoffError);
    await expect(backoff.attempt('b', 'account:1', async () => 'ok')).resolves.toBe('ok');
    await expect(backoff.attempt('a', 'account:2', async () => 'ok')).resolves.toBe('ok');
    clock.advance(1000);
    await expect(backoff.attempt('a', 'account:1', async () => 'ok')).resolves.toBe('ok');
    await expect(backoff.attempt('a', 'account:1', wrong)).rejects.toMatchObject({ code: 'invalid_credentials' });
  });
});
