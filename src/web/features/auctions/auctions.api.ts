import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, buildQueryUrl, fetchListPage, listQueryFn, throwIfResNotOk, type ListPage } from '../../lib/api';
import type { AuctionDto, BidDto, BidResultDto, BuyItNowResultDto, PublicAuctionSettingsDto } from '../../../modules/auctions/auction.dto';
import type { PartDto } from '../../../modules/catalog/part.dto';
import { nextOffset } from './auctionRules';
import type { AuctionCreateInput, BidInput } from '../../../modules/auctions/auctions.inputs';

export const AUCTIONS_PATH = '/api/auctions';
export const PUBLIC_SETTINGS_KEY = ['/api/auction-settings/public'] as const;

export type AuctionSort = 'endTime' | 'currentBid' | 'totalBids' | 'watchers';

export interface AuctionListParams {
  status?: string;
  sort: AuctionSort;
  order: 'asc' | 'desc';
  limit: number;
  offset?: number;
}

export const auctionKey = (id: string) => [`${AUCTIONS_PATH}/${id}`] as const;
export const bidsKey = (id: string) => [`${AUCTIONS_PATH}/${id}/bids`] as const;

/** One page of GET /api/auctions, with the offset it starts at. */
export interface AuctionPage {
  items: AuctionDto[];
  /** The full count, from X-Total-Count. */
  total: number;
  offset: number;
}

/** GET /api/auctions from `offset`: the array body and the full count (status omitted when all). */
export async function fetchAuctionPage(
  params: Omit<AuctionListParams, 'offset'>,
  offset: number,
  signal?: AbortSignal,
): Promise<AuctionPage> {
  const { items, total } = await fetchListPage<AuctionDto>(buildQueryUrl([AUCTIONS_PATH, { ...params, offset }]), signal);
  return { items, total, offset };
}

/** GET /api/auctions, one page at a time ("Load more auctions"), flattened to the auctions loaded so far. */
export function useAuctions(params: Omit<AuctionListParams, 'offset'>) {
  return useInfiniteQuery({
    queryKey: [AUCTIONS_PATH, params],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchAuctionPage(params, pageParam, signal),
    getNextPageParam: (last) => nextOffset(last.offset, last.items.length, last.total),
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}

/** GET /api/auctions/{id}; a 404 resolves to null (the not-found page). */
export function useAuction(id: string) {
  return useQuery<AuctionDto | null>({
    queryKey: auctionKey(id),
    queryFn: async ({ signal }) => {
      const res = await fetch(`${AUCTIONS_PATH}/${encodeURIComponent(id)}`, { credentials: 'include', signal });
      // An unknown id (404) or one that is not an id at all (400) is the not-found page.
      if (res.status === 404 || res.status === 400) return null;
      await throwIfResNotOk(res);
      return (await res.json()) as AuctionDto;
    },
  });
}

/** GET /api/auctions/{id}/bids (the first page, newest first): the array body's bids. */
export function useAuctionBids(id: string, enabled: boolean) {
  return useQuery({
    queryKey: bidsKey(id),
    enabled,
    queryFn: listQueryFn<BidDto>(),
    select: (page: ListPage<BidDto>) => page.items,
  });
}

export function usePublicAuctionSettings() {
  return useQuery<PublicAuctionSettingsDto>({ queryKey: PUBLIC_SETTINGS_KEY });
}

/** A POST that carries a fresh Idempotency-Key: one key per attempt, so a retried request is not applied twice. */
async function postWithKey<T>(path: string, data?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Idempotency-Key': crypto.randomUUID() };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfResNotOk(res);
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : undefined) as T;
}

function useRefreshAuction(id: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: auctionKey(id) }),
      client.invalidateQueries({ queryKey: bidsKey(id) }),
      client.invalidateQueries({ queryKey: [AUCTIONS_PATH] }),
    ]);
}

/** POST /api/auctions/{id}/bids; the bidder is the session's user. */
export function usePlaceBid(id: string) {
  const refresh = useRefreshAuction(id);
  return useMutation({
    mutationFn: (input: BidInput) => postWithKey<BidResultDto>(`${AUCTIONS_PATH}/${encodeURIComponent(id)}/bids`, input),
    onSettled: refresh,
  });
}

/** POST /api/auctions/{id}/buy-it-now. */
export function useBuyItNow(id: string) {
  const refresh = useRefreshAuction(id);
  return useMutation({
    mutationFn: () => postWithKey<BuyItNowResultDto>(`${AUCTIONS_PATH}/${encodeURIComponent(id)}/buy-it-now`),
    onSettled: refresh,
  });
}

/** POST /api/auctions/{id}/watch. */
export function useWatchAuction(id: string) {
  const refresh = useRefreshAuction(id);
  return useMutation({
    mutationFn: () => apiRequest(`${AUCTIONS_PATH}/${encodeURIComponent(id)}/watch`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** POST /api/auctions. */
export function useScheduleAuction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: AuctionCreateInput) => apiRequest<AuctionDto>(AUCTIONS_PATH, { method: 'POST', data: payload }),
    onSuccess: () => client.invalidateQueries({ queryKey: [AUCTIONS_PATH] }),
  });
}

/**
 * The signed-in seller's parts for the part select (GET /api/parts?sellerId={me}); the seller's own list includes
 * their sold parts (for the dashboard), which cannot be auctioned.
 */
export function useSellerParts(sellerId: string | undefined) {
  return useQuery({
    queryKey: ['/api/parts', { sellerId, limit: 100 }],
    enabled: Boolean(sellerId),
    queryFn: listQueryFn<PartDto>(),
    select: (page: ListPage<PartDto>) => page.items.filter((part) => !part.isSold),
  });
}
