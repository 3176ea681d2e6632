import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer, validRegistration, verificationToken } from '../../../test/accounts.fixtures.js';
import { RESEND_VERIFICATION_MESSAGES } from './account.messages.js';
import { VERIFICATION_RESEND_INTERVAL_MS, VERIFICATION_TOKEN_LIFETIME_MS, VERIFY_LINK_EXPIRED } from './email-verification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = async (email: string) => {
  await t.drain();
  const [row] = await t.sql<{ count: string }>('select count(*) from mail_outbox where "to" = $1', [email]);
  return Number(row!.count);
};

/** Runs `fn` with the clock moved `ms` ahead, then puts it back. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('POST /api/auth/resend-verification (issue 34)', () => {
  it('mails a fresh link that verifies, by username or email, at most once a minute', async () => {
    const body = validRegistration({ username: 'resend_me', email: 'resend@example.com' });
    await t.agent().post('/api/users').send(body).expect(201);
    expect(await mailsTo(body.email)).toBe(1);
    const first = await verificationToken(t, body.email);

    // Within the minute nothing more is mailed, but the answer is the same.
    const soon = await t.agent().post('/api/auth/resend-verification').send({ username: 'RESEND_ME' }).expect(202);
    expect(soon.body).toEqual({ message: RESEND_VERIFICATION_MESSAGES.sent });
    expect(await mailsTo(body.email)).toBe(1);

    // The first link has expired: a new one, asked for by email, works.
    await later(VERIFICATION_TOKEN_LIFETIME_MS + 1000, async () => {
      const expired = await t.agent().post('/api/auth/verify-email').send({ token: first }).expect(400);
      expect(expired.body.message).toBe(VERIFY_LINK_EXPIRED);
      await t.agent().post('/api/auth/resend-verification').send({ email: 'Resend@Example.com' }).expect(202);
      expect(await mailsTo(body.email)).toBe(2);
      const fresh = await verificationToken(t, body.email);
      expect(fresh).not.toBe(first);
      await t.agent().post('/api/auth/verify-email').send({ token: fresh }).expect(200);
    });
    const [user] = await t.sql('select is_verified from users where email = $1', [body.email]);
    expect(user!.is_verified).toBe(true);

    // Verified: nothing more is mailed, the answer does not change.
    await later(VERIFICATION_RESEND_INTERVAL_MS + 1000, async () => {
      const done = await t.agent().post('/api/auth/resend-verification').send({ username: 'resend_me' }).expect(202);
      expect(done.body).toEqual({ message: RESEND_VERIFICATION_MESSAGES.sent });
    });
    expect(await mailsTo(body.email)).toBe(2);
  });

  it('answers the same for nobody and for a verified account, and asks for a name when none is given', async () => {
    const nobody = await t.agent().post('/api/auth/resend-verification').send({ email: 'nobody@example.com' }).expect(202);
    expect(nobody.body).toEqual({ message: RESEND_VERIFICATION_MESSAGES.sent });
    expect(await mailsTo('nobody@example.com')).toBe(0);

    const email = 'resend-verified@example.com';
    await signedInBuyer(t, { username: 'resend_verified', email });
    const before = await mailsTo(email);
    await later(VERIFICATION_RESEND_INTERVAL_MS + 1000, async () => {
      await t.agent().post('/api/auth/resend-verification').send({ email }).expect(202);
    });
    expect(await mailsTo(email)).toBe(before);

    const missing = await t.agent().post('/api/auth/resend-verification').send({}).expect(400);
    expect(missing.body.errors).toEqual({ username: RESEND_VERIFICATION_MESSAGES.identifier });
  });
});
