import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { requestScope } from '../../platform/request-scope.js';
import { IdentityService } from './identity.service.js';

let t: TestApp;
let buyer: TestUser;
let accounts: IdentityService;
beforeAll(async () => {
  t = await startTestApp();
  buyer = await quickUser(t, 'session_reader');
  accounts = t.rt.container.get(IdentityService);
});
afterAll(async () => t?.close());

const HOUR = 3600_000;
/** Runs `fn` inside a fresh request scope, as the API's middleware does. */
const inRequest = <T>(fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => requestScope({} as never, {} as never, () => fn().then(resolve, reject)));

async function storeSession(sid: string, sess: Record<string, unknown>, expiresIn = HOUR): Promise<void> {
  await t.sql(`insert into sessions (sid, sess, expire) values ($1, $2, $3)`, [sid, JSON.stringify(sess), new Date(Date.now() + expiresIn)]);
}

describe('reading a session with its user', () => {
  it('reads the session and its user in one statement; the actor then costs no query in that request', async () => {
    await storeSession('sid-one', { cookie: {}, userId: buyer.id });
    const query = vi.spyOn(t.rt.db.pool('write'), 'query');
    try {
      const { sess, actor } = await inRequest(async () => {
        const sess = await accounts.readSession('sid-one', Date.now());
        const actor = await accounts.findActor(buyer.id);
        return { sess, actor };
      });
      expect(sess).toMatchObject({ userId: buyer.id });
      expect(actor).toEqual({ id: buyer.id, role: 'buyer' });
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('answers null for an unknown or expired session, and a null actor for a session whose user is gone', async () => {
    await storeSession('sid-expired', { cookie: {}, userId: buyer.id }, -HOUR);
    await storeSession('sid-nobody', { cookie: {}, userId: '00000000-0000-4000-8000-000000000000' });
    await storeSession('sid-odd', { cookie: {}, userId: 'not-a-uuid' });
    expect(await accounts.readSession('sid-unknown', Date.now())).toBeNull();
    expect(await accounts.readSession('sid-expired', Date.now())).toBeNull();
    const gone = await inRequest(async () => {
      const sess = await accounts.readSession('sid-nobody', Date.now());
      return { sess, actor: await accounts.findActor(sess!.userId!) };
    });
    expect(gone.actor).toBeNull();
    const odd = await inRequest(async () => {
      const sess = await accounts.readSession('sid-odd', Date.now());
      return { sess, actor: await accounts.findActor(sess!.userId!) };
    });
    expect(odd.sess).toMatchObject({ userId: 'not-a-uuid' });
    expect(odd.actor).toBeNull();
  });

  it('signs requests in through it: a signed-in route sees the current role, not one kept from an earlier request', async () => {
    expect((await buyer.agent.get('/api/admin/users')).status).toBe(403);
    await t.sql(`update users set role = 'admin' where id = $1`, [buyer.id]);
    expect((await buyer.agent.get('/api/admin/users')).status).toBe(200);
    await t.sql(`update users set role = 'buyer' where id = $1`, [buyer.id]);
  });
});
