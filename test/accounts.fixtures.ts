import { expect } from 'vitest';
import type supertest from 'supertest';
import { AccountsApi } from '../src/modules/accounts/index.js';
import type { TestApp } from './harness.js';

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  username: 'alice_r',
  email: 'alice@example.com',
  password: 'correct horse',
  firstName: 'Alice',
  lastName: 'Racer',
  ...overrides,
});

/** The verification link's token from the newest outbox mail to `email`. */
export async function verificationToken(t: TestApp, email: string): Promise<string> {
  await t.drain();
  const [mail] = await t.sql<{ text: string }>(
    'select text from mail_outbox where "to" = $1 order by created_at desc limit 1',
    [email],
  );
  expect(mail, `a verification mail to ${email}`).toBeDefined();
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** Registers, verifies and signs in a buyer; returns the signed-in agent and the user's id. */
export async function signedInBuyer(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ agent: ReturnType<typeof supertest.agent>; id: string }> {
  const body = validRegistration(overrides);
  const agent = t.agent();
  const res = await agent.post('/api/users').send(body).expect(201);
  const token = await verificationToken(t, body.email);
  await agent.post('/api/auth/verify-email').send({ token }).expect(200);
  await agent.post('/api/auth/login').send({ username: body.username, password: body.password }).expect(200);
  return { agent, id: res.body.id };
}

/** Creates an admin through the CLI's service and signs them in. */
export async function signedInAdmin(t: TestApp, username = 'root_admin') {
  const { id } = await t.inContext(() =>
    t.rt.container.get(AccountsApi).createAdmin({ username, email: `${username}@example.com`, password: 'admin password' }),
  );
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ username, password: 'admin password' }).expect(200);
  return { agent, id };
}
