import { describe, expect, it } from 'vitest';
import { createAuthProvider } from './authProvider';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

const admin = { id: 'u-1', firstName: 'Ada', lastName: 'Racer', username: 'ada', email: 'ada@example.com', role: 'admin' };
const buyer = { ...admin, id: 'u-2', username: 'bob', firstName: '', lastName: '', role: 'buyer' };

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers from a list of responses in turn and records the calls. */
function fakeFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next;
  };
  return { calls, fetchFn };
}

describe('authProvider', () => {
  it('signs in with a JSON body on the session cookie', async () => {
    const { calls, fetchFn } = fakeFetch(json(200, admin));
    await createAuthProvider(fetchFn).login({ username: ' ada@example.com ', password: 'secret-pass' });
    expect(calls[0]!.url).toBe('/api/auth/login');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls[0]!.init!.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ username: 'ada@example.com', password: 'secret-pass' });
  });

  it("rejects a failed sign-in with the server's message", async () => {
    const { fetchFn } = fakeFetch(json(401, { message: 'Invalid username or password', code: 'invalid_credentials' }));
    await expect(createAuthProvider(fetchFn).login({ username: 'ada', password: 'nope' })).rejects.toThrow('Invalid username or password');
  });

  it('rejects an unverified sign-in with the reason the server gives', async () => {
    const { fetchFn } = fakeFetch(json(403, { message: 'Please verify your email address before signing in.' }));
    await expect(createAuthProvider(fetchFn).login({ username: 'ada', password: 'x' })).rejects.toThrow(/verify your email/);
  });

  it('signs a buyer in but grants no access to the console', async () => {
    const { calls, fetchFn } = fakeFetch(json(200, buyer));
    const auth = createAuthProvider(fetchFn);
    await expect(auth.login({ username: 'bob', password: 'pw' })).resolves.toBeUndefined();
    expect(await auth.getPermissions!({})).toBe('buyer');
    expect(await auth.canAccess!({ action: 'list', resource: 'users' } as never)).toBe(false);
    expect(calls).toHaveLength(1); // the signed-in user is reused, not fetched again
  });

  it('grants an admin access to every resource', async () => {
    const { fetchFn } = fakeFetch(json(200, admin));
    const auth = createAuthProvider(fetchFn);
    await auth.checkAuth({});
    expect(await auth.canAccess!({ action: 'edit', resource: 'users' } as never)).toBe(true);
    expect(await auth.getIdentity!()).toMatchObject({ id: 'u-1', fullName: 'Ada Racer' });
  });

  it('fails the auth check when the session is gone', async () => {
    const { fetchFn } = fakeFetch(json(401, { message: 'Please sign in' }));
    await expect(createAuthProvider(fetchFn).checkAuth({})).rejects.toThrow();
  });

  it('names the user by username when they have no name', async () => {
    const { fetchFn } = fakeFetch(json(200, buyer));
    expect(await createAuthProvider(fetchFn).getIdentity!()).toMatchObject({ id: 'u-2', fullName: 'bob' });
  });

  it('signs out on a 401 from the API but stays signed in on a 403', async () => {
    const auth = createAuthProvider(fakeFetch().fetchFn);
    await expect(auth.checkError({ status: 401, message: 'Please sign in' })).rejects.toThrow();
    await expect(auth.checkError({ status: 403, message: 'Forbidden' })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 409, message: 'You cannot change your own role' })).resolves.toBeUndefined();
  });

  it('looks the user up again after a 403, in case the role changed', async () => {
    const { calls, fetchFn } = fakeFetch(json(200, admin), json(200, { ...admin, role: 'seller' }));
    const auth = createAuthProvider(fetchFn);
    expect(await auth.getPermissions!({})).toBe('admin');
    await auth.checkError({ status: 403 });
    expect(await auth.getPermissions!({})).toBe('seller');
    expect(calls).toHaveLength(2);
  });

  it('posts the sign-out and forgets the user', async () => {
    const { calls, fetchFn } = fakeFetch(json(200, admin), json(200, { ok: true }), json(401, { message: 'Please sign in' }));
    const auth = createAuthProvider(fetchFn);
    await auth.checkAuth({});
    await auth.logout({});
    expect(calls[1]).toMatchObject({ url: '/api/auth/logout', init: { method: 'POST', credentials: 'include' } });
    expect(await auth.getPermissions!({})).toBeNull();
  });
});
