import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, buildQueryUrl, fetchListPage, getQueryFn, listQueryFn, throwIfResNotOk, type ListPage } from '../../lib/api';
import { recordPolicyAcceptances } from '../accounts/accounts.api';
import type { SellerApplicationInput, StorefrontUpdateInput } from '../../../modules/sellers/sellers.inputs';
import type { ReputationDto, ReviewDto, UserBadgeDto } from '../../../modules/sellers/reputation.dto';
import type { SellerDto, StorefrontDto } from '../../../modules/sellers/seller.dto';
import type { UploadDto } from '../../../modules/catalog/part.dto';
import { EARNED_BADGES_KEY } from './earnedBadges';

/** Query key of the signed-in user's seller record. */
export const sellerByUserKey = (userId: string) => [`/api/sellers/by-user/${userId}`] as const;

/** 404 means "no seller record": null, not an error. */
async function orNullOn404<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The seller record of a user (null when they never applied); only asked when signed in. */
export function useSellerByUser(userId: string | undefined) {
  return useQuery<SellerDto | null>({
    queryKey: sellerByUserKey(userId ?? ''),
    queryFn: () => orNullOn404(() => apiRequest<SellerDto>(`/api/sellers/by-user/${encodeURIComponent(userId ?? '')}`)),
    enabled: Boolean(userId),
    retry: false,
  });
}

/**
 * Sends the application, then records both policy acceptances in parallel for the signed-in user.
 * The application stands once POST /api/sellers succeeds; a failed acceptance call does not undo it.
 */
export function useSubmitSellerApplication(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SellerApplicationInput) => {
      const created = await apiRequest<SellerDto>('/api/sellers', { method: 'POST', data: payload });
      await recordPolicyAcceptances(created?.userId ?? userId);
      return created;
    },
    onSuccess: async () => {
      if (userId) await client.invalidateQueries({ queryKey: sellerByUserKey(userId) });
    },
  });
}

export const storefrontKey = (slug: string) => [`/api/storefronts/slug/${slug}`] as const;

/** A storefront by its slug. */
export function useStorefront(slug: string | undefined) {
  return useQuery<StorefrontDto | null>({
    queryKey: storefrontKey(encodeURIComponent(slug ?? '')),
    queryFn: getQueryFn<StorefrontDto>({ on401: 'throw' }),
    enabled: Boolean(slug),
    retry: false,
  });
}

/** The storefront of a seller record (null when it has none yet, e.g. before approval). */
export function useSellerStorefront(sellerId: string | undefined) {
  return useQuery<StorefrontDto | null>({
    queryKey: [`/api/sellers/${sellerId ?? ''}/storefront`],
    queryFn: () => orNullOn404(() => apiRequest<StorefrontDto>(`/api/sellers/${sellerId ?? ''}/storefront`)),
    enabled: Boolean(sellerId),
    retry: false,
  });
}

/** A seller's public parts, filtered on the server (GET /api/sellers/{id}/parts), page by page ("Load More"). */
export function useSellerParts<P>(sellerId: string | undefined, pageSize: number) {
  const path = `/api/sellers/${sellerId ?? ''}/parts`;
  return useInfiniteQuery({
    queryKey: [path, { limit: pageSize }],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchListPage<P>(buildQueryUrl([path, { limit: pageSize, offset: pageParam }]), signal),
    getNextPageParam: (last: ListPage<P>, pages: ListPage<P>[]) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: Boolean(sellerId),
  });
}

/** A seller's reputation (null when the server has none for them). */
export function useSellerReputation(sellerId: string | undefined) {
  return useQuery<ReputationDto | null>({
    queryKey: [`/api/sellers/${sellerId ?? ''}/reputation`],
    queryFn: () => orNullOn404(() => apiRequest<ReputationDto>(`/api/sellers/${sellerId ?? ''}/reputation`)),
    enabled: Boolean(sellerId),
    retry: false,
  });
}

/** The newest reviews of a seller. */
export function useSellerReviews(sellerId: string | undefined, limit: number) {
  return useQuery({
    queryKey: [`/api/sellers/${sellerId ?? ''}/reviews`, { limit }],
    queryFn: listQueryFn<ReviewDto>(),
    enabled: Boolean(sellerId),
    select: (page) => page.items,
  });
}

/** The badges a user earned. */
export function useUserBadges(userId: string | undefined) {
  return useQuery({
    queryKey: [`/api/users/${userId ?? ''}/badges`],
    queryFn: listQueryFn<UserBadgeDto>(),
    enabled: Boolean(userId),
    select: (page) => page.items,
  });
}

/** The holder shows or hides one of their badges; their badge lists and part cards are refreshed. */
export function useSetBadgeDisplayed(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ badgeId, isDisplayed }: { badgeId: string; isDisplayed: boolean }) =>
      apiRequest<UserBadgeDto>(`/api/users/${encodeURIComponent(userId ?? '')}/badges/${encodeURIComponent(badgeId)}`, {
        method: 'PATCH',
        data: { isDisplayed },
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [`/api/users/${userId ?? ''}/badges`] }),
        client.invalidateQueries({ queryKey: [EARNED_BADGES_KEY, userId ?? ''] }),
      ]);
    },
  });
}

/** Saves the owner's storefront fields; the storefront queries are refreshed. */
export function useUpdateStorefront(storefrontId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: StorefrontUpdateInput) =>
      apiRequest<StorefrontDto>(`/api/storefronts/${storefrontId ?? ''}`, { method: 'PATCH', data: update }),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('/storefront') });
      if (saved?.slug) client.setQueryData(storefrontKey(encodeURIComponent(saved.slug)), saved);
    },
  });
}

/** Uploads one image (multipart field "file") and answers its URL. */
export async function uploadImage(file: File): Promise<UploadDto> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch('/api/uploads', { method: 'POST', credentials: 'include', body });
  await throwIfResNotOk(res);
  return (await res.json()) as UploadDto;
}
