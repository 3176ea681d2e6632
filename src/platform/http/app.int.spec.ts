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
    await t.agent().get('/api/logout').set('Sec-Fetch-Site', 'same-origin').expect(302);

    const { agent } = await signedInBuyer(t);
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body.username).toBeTruthy();
    // A sign-in (a POST) still starts a session without a cookie to begin with.
    expect(await t.sql('select count(*)::int as n from sessions')).toEqual([{ n: 1 }]);
  });
});

describe('JSON answers', () => {
  it('carry their type and byte length, and HEAD gets the headers without the body', async () => {
    const get = await t.agent().get('/api/categories').expect(200);
    expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.text));
    expect(Array.isArray(get.body)).toBe(true);

    const head = await t.agent().head('/api/categories').expect(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('count bytes, not characters, for text outside ASCII', async () => {
    const { agent } = await signedInBuyer(t, { username: 'bytes_buyer', email: 'bytes@example.com', firstName: 'Zoë', lastName: 'Łukasiewicz' });
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.text).toMatch(/Zoë/);
    expect(Number(me.headers['content-length'])).toBe(Buffer.byteLength(me.text));
    expect(Number(me.headers['content-length'])).toBeGreaterThan(me.text.length);
  });
});
