import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildQueryUrl, describeError, errorMessage, fetchListPage, getQueryFn } from './api';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined, client: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildQueryUrl', () => {
  it('uses the first key element as the path', () => {
    expect(buildQueryUrl(['/api/parts'])).toBe('/api/parts');
  });

  it('turns an object second element into query-string parameters', () => {
    expect(buildQueryUrl(['/api/parts', { q: 'carb', limit: 12 }])).toBe('/api/parts?q=carb&limit=12');
  });

  it('omits null, undefined and empty-string parameters', () => {
    expect(buildQueryUrl(['/api/parts', { q: '', category: null, make: undefined, yearFrom: 1960 }])).toBe(
      '/api/parts?yearFrom=1960',
    );
  });

  it('keeps zero and false values', () => {
    expect(buildQueryUrl(['/api/parts', { offset: 0, featured: false }])).toBe('/api/parts?offset=0&featured=false');
  });

  it('ignores a second element that is not a plain object', () => {
    expect(buildQueryUrl(['/api/parts/42', 'details'])).toBe('/api/parts/42');
    expect(buildQueryUrl(['/api/parts', ['a']])).toBe('/api/parts');
  });

  it('encodes parameter values', () => {
    expect(buildQueryUrl(['/api/parts', { q: 'Porsche 911 & co' }])).toBe('/api/parts?q=Porsche+911+%26+co');
  });

  it('appends to a path that already has a query string', () => {
    expect(buildQueryUrl(['/api/parts?sellerId=s1', { limit: 5 }])).toBe('/api/parts?sellerId=s1&limit=5');
  });
});

describe('apiRequest', () => {
  it('sends a GET with credentials and no body by default', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/categories')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/categories', {
      method: 'GET',
      credentials: 'include',
      headers: undefined,
      body: undefined,
      signal: undefined,
    });
  });

  it('sends data as a JSON body with a content type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 'u1' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/users', { method: 'POST', data: { username: 'ada' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"username":"ada"}',
      }),
    );
  });

  it('returns the raw response when the content type is not JSON', async () => {
    const response = new Response('plain', { status: 200, headers: { 'content-type': 'text/plain' } });
    vi.stubGlobal('fetch', vi.fn(async () => response));
    await expect(apiRequest('/api/export')).resolves.toBe(response);
  });

  it('throws "{status}: {body}" for a non-OK response', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Invalid username or password' }, 401)));
    const error = await apiRequest('/api/auth/login', { method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it('uses the status text when the error body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('/api/parts')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('fetches the URL built from the query key with credentials', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    const result = await getQueryFn({ on401: 'throw' })(queryContext(['/api/parts', { q: 'hood' }]));
    expect(result).toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/parts?q=hood', expect.objectContaining({ credentials: 'include' }));
  });

  it('throws on 401 by default', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Sign in required' }, 401)));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow(/^401: /);
  });

  it('yields null on 401 with returnNull', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Sign in required' }, 401)));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).resolves.toBeNull();
  });

  it('still throws other errors with returnNull', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Boom' }, 500)));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).rejects.toThrow('500: ');
  });
});

describe('describeError', () => {
  it('reads the message, code and field errors of a JSON error body', () => {
    const error = new ApiError(
      409,
      JSON.stringify({ message: 'That username is taken', code: 'conflict', errors: { username: 'That username is taken' } }),
    );
    expect(describeError(error)).toEqual({
      status: 409,
      message: 'That username is taken',
      code: 'conflict',
      fieldErrors: { username: 'That username is taken' },
    });
  });

  it('takes the first message when a field carries a list', () => {
    const error = new ApiError(400, JSON.stringify({ message: 'Invalid', errors: { email: ['Bad email', 'Other'] } }));
    expect(describeError(error).fieldErrors).toEqual({ email: 'Bad email' });
  });

  it('uses a plain-text body as the message', () => {
    expect(errorMessage(new Error('429: Too many attempts, try later'))).toBe('Too many attempts, try later');
  });

  it('falls back when the body is markup or JSON without a message', () => {
    expect(errorMessage(new Error('502: <html>Bad gateway</html>'), 'Try again')).toBe('Try again');
    expect(errorMessage(new Error('400: {"code":"invalid"}'), 'Try again')).toBe('Try again');
  });

  it('passes through messages that did not come from a response', () => {
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('fetchListPage', () => {
  it('reads the array body and the total from X-Total-Count', async () => {
    const res = new Response(JSON.stringify([{ id: 'a' }, { id: 'b' }]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'X-Total-Count': '42', 'X-Corrected-Query': 'carburetor' },
    });
    vi.stubGlobal('fetch', vi.fn(async () => res));
    const page = await fetchListPage<{ id: string }>('/api/parts?q=carburator');
    expect(page.items).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(page.total).toBe(42);
    expect(page.headers.get('X-Corrected-Query')).toBe('carburetor');
  });

  it('counts the rows when the header is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([{ id: 'a' }])));
    await expect(fetchListPage('/api/auctions')).resolves.toMatchObject({ total: 1 });
  });

  it('throws an ApiError for a failed list', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Bad' }, 400)));
    await expect(fetchListPage('/api/parts')).rejects.toBeInstanceOf(ApiError);
  });
});
