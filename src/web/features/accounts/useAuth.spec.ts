import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { AUTH_USER_KEY, currentUserQuery } from './useAuth';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the current-user query', () => {
  it('treats a 401 as signed out: no data, no error, asked once', async () => {
    const fetchMock = vi.fn(async () => answer(401, { message: 'Sign in required' }));
    vi.stubGlobal('fetch', fetchMock);
    // A client whose defaults would throw on 401 and retry: the query's own options must win.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });
    await expect(client.fetchQuery(currentUserQuery)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(AUTH_USER_KEY)?.status).toBe('success');
  });

  it('yields the user when signed in', async () => {
    const user = { id: 'u1', firstName: 'Ada', lastName: null, username: 'ada', email: 'ada@example.com', role: 'buyer' };
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, user)));
    await expect(createQueryClient().fetchQuery(currentUserQuery)).resolves.toEqual(user);
  });

  it('still fails on a server error, without a retry', async () => {
    const fetchMock = vi.fn(async () => answer(500, { message: 'Boom' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createQueryClient().fetchQuery(currentUserQuery)).rejects.toThrow(/^500: /);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
