import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { MemoryFailureCounter } from '../../platform/http/rate-limit.js';
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
    const backoff = new SignInBackoff(new MemoryFailureCounter(24 * 3600_000), clock);
    for (let i = 0; i < FREE_FAILURES; i++) await expect(backoff.attempt('a', 'account:1', wrong)).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(backoff.attempt('a', 'account:1', async () => 'ok')).rejects.toBeInstanceOf(SignInBackoffError);
    await expect(backoff.attempt('b', 'account:1', async () => 'ok')).resolves.toBe('ok');
    await expect(backoff.attempt('a', 'account:2', async () => 'ok')).resolves.toBe('ok');
    clock.advance(1000);
    await expect(backoff.attempt('a', 'account:1', async () => 'ok')).resolves.toBe('ok');
    await expect(backoff.attempt('a', 'account:1', wrong)).rejects.toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('MemoryFailureCounter', () => {
  it('counts per key, starts again after the retention, and forgets on clear', async () => {
    const counter = new MemoryFailureCounter(60_000);
    const at = (ms: number) => new Date(1_000_000 + ms);
    expect(await counter.read('k')).toBeNull();
    expect((await counter.record('k', at(0))).count).toBe(1);
    expect((await counter.record('k', at(59_000))).count).toBe(2);
    expect((await counter.record('k', at(59_000 + 60_000))).count).toBe(1);
    await counter.clear('k');
    expect(await counter.read('k')).toBeNull();
  });

  it('keeps at most maxKeys, dropping the longest quiet first', async () => {
    const counter = new MemoryFailureCounter(3600_000, 3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) await counter.record(key, new Date(i * 1000));
    expect(await counter.read('a')).toBeNull();
    expect((await counter.read('d'))?.count).toBe(1);
    await counter.record('b', new Date(5000));
    await counter.record('e', new Date(6000));
    expect(await counter.read('c')).toBeNull();
    expect((await counter.read('b'))?.count).toBe(2);
  });
});
