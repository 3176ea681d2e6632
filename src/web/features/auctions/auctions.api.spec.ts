import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { fetchAuctionPage } from './auctions.api';

function listResponse(rows: unknown[], total?: number): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (total !== undefined) headers['X-Total-Count'] = String(total);
  return new Response(JSON.stringify(rows), { status: 200, headers });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAuctionPage', () => {
  it('asks for the page from its offset and reads the array body and X-Total-Count', async () => {
    const fetchMock = vi.fn(async (_url: string) => listResponse([{ id: 'a1' }, { id: 'a2' }], 130));
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchAuctionPage({ sort: 'endTime', order: 'asc', limit: 60 }, 60);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auctions?sort=endTime&order=asc&limit=60&offset=60');
    expect(page).toEqual({ items: [{ id: 'a1' }, { id: 'a2' }], total: 130, offset: 60 });
  });

  it('leaves the status out when all statuses are asked for', async () => {
    const fetchMock = vi.fn(async (_url: string) => listResponse([], 0));
    vi.stubGlobal('fetch', fetchMock);
    await fetchAuctionPage({ status: undefined, sort: 'watchers', order: 'desc', limit: 60 }, 0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auctions?sort=watchers&order=desc&limit=60&offset=0');
  });

  it('counts the rows received when the header is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listResponse([{ id: 'a1' }])));
    await expect(fetchAuctionPage({ sort: 'endTime', order: 'asc', limit: 60 }, 0)).resolves.toMatchObject({ total: 1 });
  });

  it('throws an ApiError when the list fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Bad"}', { status: 400 })));
    await expect(fetchAuctionPage({ sort: 'endTime', order: 'asc', limit: 60 }, 0)).rejects.toBeInstanceOf(ApiError);
  });
});
