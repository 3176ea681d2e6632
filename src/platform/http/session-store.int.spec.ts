import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type session from 'express-session';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createSessionStore, plainSessionReader, SESSION_RENEW_INTERVAL_MS } from './session-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DAY = 24 * 3600_000;
const call = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
const storedExpiry = async (sid: string) =>
  (await t.sql<{ expire: Date }>('select expire from sessions where sid = $1', [sid]))[0]!.expire.getTime();

/** A session as express-session hands it to the store, expiring 30 days after `at`. */
function sessionAt(at: number, renewedAt?: number): session.SessionData {
  return { cookie: { originalMaxAge: 30 * DAY, expires: new Date(at + 30 * DAY) }, userId: 'u', renewedAt } as never;
}

describe('the session store', () => {
  it('pushes the stored expiry forward at most once a day, however often the session is used', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = createSessionStore(t.rt.pool, () => now);
    await call((cb) => store.set('s1', sessionAt(now, now), cb));
    const first = await storedExpiry('s1');

    now += 3600_000; // an hour later: the row is left alone
    await call((cb) => store.touch('s1', sessionAt(now, now - 3600_000), cb));
    expect(await storedExpiry('s1')).toBe(first);

    now += SESSION_RENEW_INTERVAL_MS; // over a day since the last renewal: renewed to 30 days from now
    await call((cb) => store.touch('s1', sessionAt(now, now - SESSION_RENEW_INTERVAL_MS - 3600_000), cb));
    expect(await storedExpiry('s1')).toBe(Math.ceil((now + 30 * DAY) / 1000) * 1000);
    const [row] = await t.sql<{ sess: { renewedAt: number } }>('select sess from sessions where sid = $1', ['s1']);
    expect(row!.sess.renewedAt).toBe(now);
  });

  it('gives back a stored session until it expires, through the reader it was given', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const store = createSessionStore(t.rt.pool, () => now, plainSessionReader(t.rt.pool));
    await call((cb) => store.set('s2', sessionAt(now, now), cb));
    const get = (at: number) =>
      new Promise<session.SessionData | null | undefined>((resolve, reject) =>
        createSessionStore(t.rt.pool, () => at).get('s2', (err, sess) => (err ? reject(err) : resolve(sess))),
      );
    expect(await get(now + DAY)).toMatchObject({ userId: 'u', renewedAt: now });
    expect(await get(now + 31 * DAY)).toBeNull();
    expect(
      await new Promise((resolve) => store.get('unknown', (_err, sess) => resolve(sess))),
    ).toBeNull();
  });
});
