import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('sessions on the API', () => {
  it('gives an anonymous GET no session, and a signed-in GET its own', async () => {
    const anonymous = await t.agent().get('/api/auth/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    await t.agent().get('/api/logout').expect(302);

    const { agent } = await signedInBuyer(t);
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body.username).toBeTruthy();
    // A sign-in (a POST) still starts a session without a cookie to begin with.
    expect(await t.sql('select count(*)::int as n from sessions')).toEqual([{ n: 1 }]);
  });
});
