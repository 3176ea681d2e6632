import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { loadFitment } from './garage.api';

const answer = (partId: string) => ({ partId, status: 'no_entries', fitsVehicleName: null, vehicles: [] });

function listResponse(rows: unknown[]): Response {
  return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadFitment', () => {
  it('asks for every part requested in the same tick in one call', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const ids = new URL(url, 'http://x').searchParams.get('partIds')!.split(',');
      return listResponse(ids.map(answer));
    });
    vi.stubGlobal('fetch', fetchMock);
    const answers = await Promise.all(['p1', 'p2', 'p1', 'p3'].map((id) => loadFitment(id)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/garage/fitment?partIds=p1%2Cp2%2Cp3');
    expect(answers.map((a) => a?.partId)).toEqual(['p1', 'p2', 'p1', 'p3']);
  });

  it('splits more than 100 parts into calls of 100', async () => {
    const fetchMock = vi.fn(async (url: string) => listResponse(new URL(url, 'http://x').searchParams.get('partIds')!.split(',').map(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const ids = Array.from({ length: 150 }, (_, i) => `p${i}`);
    await Promise.all(ids.map((id) => loadFitment(id)));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers null for a part the server left out, and rejects every waiter when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listResponse([])));
    await expect(loadFitment('gone')).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Bad"}', { status: 400 })));
    await expect(Promise.all([loadFitment('a'), loadFitment('b')])).rejects.toBeInstanceOf(ApiError);
  });
});
