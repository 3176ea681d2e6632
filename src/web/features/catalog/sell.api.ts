import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, describeError } from '../../lib/api';
import type { PartDto, UploadDto } from '../../../modules/catalog/part.dto';
import type { PartCreateInput, PartUpdateInput } from '../../../modules/catalog/catalog.inputs';
import { lookupOfStatus, type SellerLookup } from './sellForm';

/** GET /api/categories and /api/makes, shared with the search so that both read one cached list. */
export { useCategories, useMakes } from './catalog.api';

/**
 * The user's seller record as GET /api/sellers/by-user/{id} tells it: approved, pending, missing (a 404 for
 * the seller, or a rejected record), or unknown when the call failed otherwise.
 */
export async function lookUpSeller(userId: string, signal?: AbortSignal): Promise<SellerLookup> {
  try {
    const seller = await apiRequest<{ status?: unknown }>(`/api/sellers/by-user/${encodeURIComponent(userId)}`, { signal });
    return lookupOfStatus(seller?.status);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      // "No API route for ..." would mean the sellers API is missing, which tells nothing about the user.
      return describeError(error).message.startsWith('No API route') ? 'unknown' : 'missing';
    }
    return 'unknown';
  }
}

export function useSellerLookup(userId: string | null) {
  return useQuery<SellerLookup>({
    queryKey: ['/api/sellers/by-user', userId],
    queryFn: ({ signal }) => lookUpSeller(userId!, signal),
    enabled: userId !== null,
    retry: false,
  });
}

/**
 * POST /api/uploads (multipart field "file") with upload progress, which fetch cannot report.
 * Rejects with an ApiError carrying the server's JSON body, like apiRequest.
 */
export function uploadPhoto(file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal, path = '/api/uploads'): Promise<UploadDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadDto);
        } catch {
          reject(new ApiError(xhr.status, 'The upload answer could not be read'));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error('The photo could not be uploaded. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** Creates the listing; on success every parts query (search, lists, details) is refreshed. */
export function useCreatePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: PartCreateInput) => apiRequest<PartDto>('/api/parts', { method: 'POST', data: payload }),
    onSuccess: async () => {
      await client.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/parts'),
      });
    },
  });
}

/** Every parts query (search, lists, part pages, the seller's own list) is stale after a listing changes. */
export const isPartsQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('/api/parts');

/** Saves the edit form (PATCH /api/parts/{id}); the part page's cache gets the answer, the lists are refreshed. */
export function useUpdatePart(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: PartUpdateInput) => apiRequest<PartDto>(`/api/parts/${encodeURIComponent(id)}`, { method: 'PATCH', data: payload }),
    onSuccess: async (saved) => {
      client.setQueryData([`/api/parts/${encodeURIComponent(id)}`], saved);
      await client.invalidateQueries({ predicate: (query) => isPartsQuery(query.queryKey) });
    },
  });
}
